// A bar chart of one figure per day, drawn as SVG on the server (no JavaScript). It is an image to assistive
// technology, named by its title and described by a one-line summary; the figures themselves are in the table
// beside it (DailyFiguresTable), which is the chart's text alternative.
import { FiguresTable } from "./figures-table.tsx";

export type ChartDay = { day: string; value: number };

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 64, right: 8, top: 12, bottom: 26 };

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least `floor`). */
function niceCeiling(max: number, floor: number): number {
  const target = Math.max(max, floor);
  const power = 10 ** Math.floor(Math.log10(target));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= target) ?? target;
}

/** "2025-11-23" → "Nov 23" */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
}

export function DailyChart({
  id,
  title,
  summary,
  days,
  format,
  floor = 1,
}: {
  id: string;
  title: string;
  summary: string;
  days: ChartDay[];
  format: (value: number) => string;
  /** The smallest top of the scale (so a quiet month is not drawn as if it were busy). */
  floor?: number;
}) {
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.value)), floor);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full text-primary"
        data-testid={id}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {/* Grid lines at 0, half and the top (half only when it is a whole number: no half orders). */}
        {[0, top / 2, top].filter(Number.isInteger).map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e5e7eb" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#6b7280">
              {format(tick)}
            </text>
          </g>
        ))}
        {days.map((d, index) => {
          const height = (d.value / top) * plotHeight;
          const x = PAD.left + index * slot + slot * 0.15;
          const fromEnd = days.length - 1 - index;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={PAD.top + plotHeight - height}
                width={slot * 0.7}
                height={height}
                rx={2}
                fill="currentColor"
              >
                <title>{`${shortDay(d.day)}: ${format(d.value)}`}</title>
              </rect>
              {fromEnd % 7 === 0 ? (
                <text x={x + slot * 0.35} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="#6b7280">
                  {shortDay(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function DailyFiguresTable({ days }: { days: { day: string; orders: number; revenue: string }[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-primary">Figures per day (table)</summary>
      <FiguresTable
        className="mt-2 w-full max-w-md"
        caption="Revenue and placed orders per day, last 30 days"
        headers={["Day", "Orders", "Revenue"]}
        rows={days.map((d) => ({ key: d.day, label: d.day, figures: [d.orders, d.revenue] }))}
      />
    </details>
  );
}

// A bar chart of one figure per day, drawn as SVG on the server (no JavaScript). It is an image to assistive
// technology, named by its title and described by a one-line summary; the figures themselves are in the table
// beside it (DailyFiguresTable), which is the chart's text alternative.
import { formatDay } from "#app/lib/locales.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { FiguresTable } from "./figures-table.tsx";

export type ChartDay = { day: string; value: number };

/** The plot's own units: one per day across, 0–100 up; stretched to the box (the labels are HTML, not SVG). */
const DAY_WIDTH = 10;
const PLOT_HEIGHT = 100;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least `floor`). */
function niceCeiling(max: number, floor: number): number {
  const target = Math.max(max, floor);
  const power = 10 ** Math.floor(Math.log10(target));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= target) ?? target;
}

/** "2025-11-23" → "Nov 23", "23 Nov" (the shop's locale) */
export function shortDay(day: string, locale: string): string {
  return formatDay(day, locale, "day-month");
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
  const { locale } = useShop();
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.value)), floor);
  const width = Math.max(days.length, 1) * DAY_WIDTH;
  const y = (value: number) => PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  // Grid lines at 0, half and the top (half only when it is a whole number: no half orders).
  const ticks = [0, top / 2, top].filter(Number.isInteger);
  // The axis labels are HTML in the page's own type size beside a stretched SVG, so they read the same at
  // 375 px as at 1280 px (text inside a scaled-down SVG shrank to a few pixels on a phone). Their places are
  // classes, not style attributes (the Content-Security-Policy allows no inline styles). They are hidden from
  // assistive technology: the chart is one image, named and described, and the table holds the figures.
  const tickPlace = (tick: number) =>
    tick === 0 ? "bottom-0 translate-y-1/2" : tick === top ? "top-0 -translate-y-1/2" : "top-1/2 -translate-y-1/2";
  return (
    <figure className="m-0 flex text-xs text-gray-600">
      <div aria-hidden="true" className="relative mb-6 w-16 shrink-0" data-testid={`${id}-values`}>
        {ticks.map((tick) => (
          <span key={tick} className={`absolute right-2 whitespace-nowrap ${tickPlace(tick)}`}>
            {format(tick)}
          </span>
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <svg
          viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          overflow="visible"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          className="block h-36 w-full text-primary"
          data-testid={id}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={width}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#e5e7eb"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, index) => (
            <rect
              key={d.day}
              x={index * DAY_WIDTH + DAY_WIDTH * 0.15}
              y={y(d.value)}
              width={DAY_WIDTH * 0.7}
              height={PLOT_HEIGHT - y(d.value)}
              fill="currentColor"
            >
              <title>{`${shortDay(d.day, locale)}: ${format(d.value)}`}</title>
            </rect>
          ))}
        </svg>
        {/* One cell per day under its bar; every 7th (on a phone 14th) day from the last is named, the last one
            kept inside the box. */}
        <div aria-hidden="true" className="flex h-6 items-end" data-testid={`${id}-days`}>
          {days.map((d, index) => {
            const fromEnd = days.length - 1 - index;
            return (
              <span key={d.day} className={`flex min-w-0 flex-1 ${fromEnd === 0 ? "justify-end" : "justify-center"}`}>
                {fromEnd % 7 === 0 ? (
                  // A phone has room for every 14th day only; 640 px and up, every 7th.
                  <span className={`whitespace-nowrap ${fromEnd % 14 === 0 ? "" : "hidden sm:inline"}`}>
                    {shortDay(d.day, locale)}
                  </span>
                ) : null}
              </span>
            );
          })}
        </div>
      </div>
    </figure>
  );
}

export function DailyFiguresTable({ days }: { days: { day: string; orders: number; revenue: string }[] }) {
  const { locale } = useShop();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-primary">Figures per day (table)</summary>
      <FiguresTable
        className="mt-2 w-full max-w-md"
        caption="Revenue and placed orders per day, last 30 days"
        headers={["Day", "Orders", "Revenue"]}
        rows={days.map((d) => ({ key: d.day, label: formatDay(d.day, locale), figures: [d.orders, d.revenue] }))}
      />
    </details>
  );
}

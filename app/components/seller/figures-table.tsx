import type { ReactNode } from "react";

export type FiguresRow = { key: string; label: ReactNode; figures: readonly ReactNode[] };

/** A table of named rows with figures to their right (days with orders and revenue, products with units). */
export function FiguresTable({
  headers,
  rows,
  caption,
  labelledBy,
  className = "w-full",
}: {
  /** The row label's header, then one per figure. */
  headers: readonly [string, ...string[]];
  rows: readonly FiguresRow[];
  caption?: string;
  labelledBy?: string;
  className?: string;
}) {
  const [labelHeader, ...figureHeaders] = headers;
  return (
    <table className={`${className} text-left`} aria-labelledby={labelledBy}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className="border-b border-gray-300 text-gray-500">
          <th scope="col" className="py-1 font-normal">
            {labelHeader}
          </th>
          {figureHeaders.map((header) => (
            <th key={header} scope="col" className="py-1 text-right font-normal">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            <th scope="row" className="py-1 font-normal text-gray-800">
              {row.label}
            </th>
            {row.figures.map((figure, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the figures are fixed columns
              <td key={i} className="py-1 text-right">
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

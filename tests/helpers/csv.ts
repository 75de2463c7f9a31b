// Reads a CSV download the way a spreadsheet import would (csv-parse, RFC 4180), byte order mark and all.
import { parse } from "csv-parse/sync";

export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

/** The rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

// Reads a CSV download the way a spreadsheet import would (csv-parse, RFC 4180), byte order mark and all.
// Strict like Python's csv module and spreadsheets: a bare LF or CR outside quotes ends a record (csv-parse on
// its own takes the first record's CRLF as the only line end and would let a stray LF through).
import { parse } from "csv-parse/sync";

export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];
}

/** The rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

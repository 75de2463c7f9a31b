// The size rows of the seller's product form as typed (strings), and the buttons that change them: a preset,
// add a row, remove a row. Without JavaScript a button posts the form and the server sends it back with the
// rows changed (typed values kept); with JavaScript the same change happens in place. Shared by both sides.
import { MAX_SIZES, SIZE_PRESETS, type SizePreset } from "./sizes.ts";

/** One row as typed: the size, its count, and (editing) the count the form showed when it was loaded. */
export type SizeRow = { size?: string; stock?: string; was?: string };

/** The name and values of the row buttons: `preset-clothing`, `add`, `remove-2`. */
export const SIZE_ACTION_FIELD = "sizeAction";

/** The rows after a row button: null when the action is not one of them. */
export function applySizeAction(rows: readonly SizeRow[], action: string): SizeRow[] | null {
  if (action === "add") return rows.length >= MAX_SIZES ? [...rows] : [...rows, { size: "", stock: "" }];
  const remove = /^remove-(\d{1,2})$/.exec(action);
  if (remove) return rows.filter((_, i) => i !== Number(remove[1]));
  const preset = /^preset-(\w+)$/.exec(action)?.[1];
  if (preset && Object.hasOwn(SIZE_PRESETS, preset)) {
    // The preset's sizes; a size already typed keeps its count.
    return SIZE_PRESETS[preset as SizePreset].sizes.map((size) => {
      const typed = rows.find((row) => row.size?.trim().toLowerCase() === size.toLowerCase());
      return typed ? { ...typed, size } : { size, stock: "" };
    });
  }
  return null;
}

const ROW_FIELD = /^sizes\[(\d{1,2})\]\.(size|stock|was)$/;

/** The rows of a posted form (`sizes[0].size`, `sizes[0].stock`, `sizes[0].was` …), in order. */
export function sizeRowsOf(fields: Iterable<[string, string]>): SizeRow[] {
  const rows: SizeRow[] = [];
  for (const [name, value] of fields) {
    const match = ROW_FIELD.exec(name);
    if (!match || Number(match[1]) >= MAX_SIZES + 10) continue;
    const index = Number(match[1]);
    rows[index] ??= {};
    rows[index][match[2] as keyof SizeRow] ??= value;
  }
  return Array.from(rows, (row) => row ?? {});
}

/** The form's fields with its rows replaced by `rows` (and the row button itself left out). */
export function withSizeRows(fields: Iterable<[string, string]>, rows: readonly SizeRow[]): [string, string][] {
  const kept = [...fields].filter(([name]) => !ROW_FIELD.test(name) && name !== SIZE_ACTION_FIELD);
  rows.forEach((row, i) => {
    for (const key of ["size", "stock", "was"] as const) {
      const value = row[key];
      if (value !== undefined) kept.push([`sizes[${i}].${key}`, value]);
    }
  });
  return kept;
}

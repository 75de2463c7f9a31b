// The SQL function store_fold, registered on every SQLite connection (app/lib/db.server.ts): the search
// triggers of migration 0006 and the short-search scan call it. It folds text the way the catalogue's search
// folds a query (app/modules/catalog/sqlite-search.server.ts), so both sides of a match are folded alike.
// Kept in app/lib so that opening the database needs nothing of the catalogue (no import circle).
import type Database from "better-sqlite3";

/** The SQL name of the folding function. */
export const FOLD_FUNCTION = "store_fold";

/** Case-folds text the same way in SQL and in JavaScript ("CAFÉ" finds "Café"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Registers store_fold on a connection: the search triggers and the short-search scan call it. */
export function registerSearchFunctions(connection: Database.Database) {
  connection.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldForSearch(value) : null,
  );
}

// Product-name search: the one SQLite-specific piece of the data layer. SQLite's lower() folds only ASCII,
// so a case-folding function is registered on the connection and the name is matched with instr() (a literal
// match: quotes, % and _ need no escaping; the text is a bound parameter). Another database would match with
// its own case-insensitive search here; nothing outside this module knows how names are matched.
import type Database from "better-sqlite3";
import { type SQL, sql } from "drizzle-orm";
import { products } from "#db/schema.ts";
import { db } from "./db.server.ts";

const FOLD_FUNCTION = "store_fold";
const connectionsWithFold = new WeakSet<Database.Database>();

/** Case-folds text the same way in SQL and in JavaScript ("CAFÉ" finds "Café"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

function ensureFold() {
  const connection = db().$client;
  if (connectionsWithFold.has(connection)) return;
  connection.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldForSearch(value) : null,
  );
  connectionsWithFold.add(connection);
}

/** A condition: the product's name contains `folded` (already folded by the caller), in any letter case. */
export function nameContains(folded: string): SQL {
  ensureFold();
  return sql`instr(${sql.raw(FOLD_FUNCTION)}(${products.name}), ${folded}) > 0`;
}

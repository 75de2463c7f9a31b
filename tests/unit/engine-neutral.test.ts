// No SQLite-only Drizzle call where the code must also run on PostgreSQL (issue 18, decision 0009): a query is
// awaited (`await q`, `await first(q)`), never finished with better-sqlite3's synchronous `.get()`, `.all()`,
// `.run()`, `.values()` or `.sync()`, and raw SQL is not sent with the SQLite driver's `tx.run(sql)`,
// `db().all(sql)`...; writes go through the async `transaction()`, never `transactionSync` or the driver's own
// synchronous `db().transaction(...)`. Files are parsed with TypeScript (syntax only, no types), so the rules
// are about shapes:
// - `.get()`, `.all()`, `.run()`, `.sync()` without arguments: a Drizzle query's end wherever the query was built
//   (nothing else in the checked code calls them without arguments);
// - `.values()` without arguments only at the end of a builder chain (`.from(`, `.where(`...): Map and Set have one;
// - with arguments, only on a Drizzle handle (`tx`, `db`, `db()`) or with a `sql` template: `map.get(key)`,
//   `headers.get("x")`, `formData.get("a")` or a raw `statement.run(1)` are something else.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Checked folders and files (tests/e2e is not checked: Playwright's `locator.all()` has the shape of a query's
 * end).
 */
const CHECKED = [
  "app",
  "server",
  "server.ts",
  "db/seed.ts",
  "db/demo",
  "tests/helpers",
  "tests/integration",
  "bench",
  "scripts",
  "tools",
];

/** Files that are about SQLite itself, and why. */
const SQLITE_ONLY: Record<string, string> = {
  "app/modules/catalog/sqlite-search.server.ts":
    "SQLite's search engine (FTS5); PostgreSQL's is app/modules/catalog/pg-search.server.ts",
  "bench/search-queries.ts": "measures the SQLite search index against a scan with SQLite's own functions",
};

/** better-sqlite3's synchronous ends of a Drizzle query (SQLite only); `sync()` is a relational query's. */
const SYNC_ENDS = new Set(["get", "all", "run", "values", "sync"]);
/** The names a Drizzle database or transaction goes by in this code base. */
const HANDLES = new Set(["db", "tx"]);

/** Steps only a Drizzle query builder chain has: a chain with one of them ends in a Drizzle query. */
const BUILDER_STEPS = new Set([
  "select",
  "selectDistinct",
  "insert",
  "update",
  "delete",
  "from",
  "where",
  "set",
  "returning",
  "onConflictDoNothing",
  "onConflictDoUpdate",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
  "orderBy",
  "groupBy",
  "having",
  "limit",
  "offset",
  "findMany",
  "findFirst",
]);

type Offence = { file: string; line: number; code: string; what: string };

/** The names of the calls a chain is made of, from its end back to its root (`db().select().from(t)` → from, select, db). */
function chainSteps(expression: ts.Expression): string[] {
  const steps: string[] = [];
  let node: ts.Expression = expression;
  for (;;) {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee)) {
        steps.push(callee.name.text);
        node = callee.expression;
      } else {
        if (ts.isIdentifier(callee)) steps.push(callee.text);
        return steps;
      }
    } else if (ts.isPropertyAccessExpression(node)) {
      // A property on the way (`db().query.products.findMany()`): not a step, go on to what it is read from.
      node = node.expression;
    } else if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) {
      node = node.expression;
    } else {
      return steps;
    }
  }
}

/** `tx`, `db`, `db()`. */
function isHandle(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return HANDLES.has(node.text);
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "db";
}

function isSqlTemplate(node: ts.Expression): boolean {
  return ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql";
}

/** Every SQLite-only Drizzle call in one file's source text. */
function sqliteOnlyCalls(file: string, source: string): Offence[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, scriptKind(file));
  const found: Offence[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push({ file, line: line + 1, code: node.getText(sf).replace(/\s+/g, " ").slice(0, 120), what });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const receiver = node.expression.expression;
      if (SYNC_ENDS.has(name)) {
        if (node.arguments.length === 0) {
          const steps = chainSteps(receiver);
          // A statement of better-sqlite3's own (`$client.prepare(...)`) is raw SQLite, not a Drizzle query.
          const drizzle =
            name === "values" ? steps.some((step) => BUILDER_STEPS.has(step)) : !steps.includes("prepare");
          if (drizzle) report(node, `.${name}() on a Drizzle query`);
        } else if (isHandle(receiver) || isSqlTemplate(node.arguments[0]!)) {
          report(node, `.${name}(sql) on the SQLite driver`);
        }
      }
      // The driver's own synchronous transaction: db().transaction(...)
      if (
        name === "transaction" &&
        ts.isCallExpression(receiver) &&
        ts.isIdentifier(receiver.expression) &&
        receiver.expression.text === "db"
      )
        report(node, "db().transaction(): the synchronous better-sqlite3 transaction");
    }
    // transactionSync used (called, imported, passed on); its own definition is not a use.
    if (ts.isIdentifier(node) && node.text === "transactionSync") {
      const parent = node.parent;
      const isDefinition = ts.isFunctionDeclaration(parent) && parent.name === node;
      if (!isDefinition) report(ts.isImportSpecifier(parent) ? parent : node, "transactionSync");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function scriptKind(file: string) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.(mjs|cjs|js)$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function sourceFiles(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(entry, item.name);
    if (item.isDirectory()) return item.name === "node_modules" || item.name === "results" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(item.name) && !item.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The offences under the given folders and files (paths relative to the repository root). */
function offencesIn(entries: string[]): Offence[] {
  return entries
    .flatMap((entry) => sourceFiles(entry))
    .flatMap((file) => sqliteOnlyCalls(file, readFileSync(file, "utf8")));
}

describe("the matcher", () => {
  const flagged = (source: string) => sqliteOnlyCalls("x.ts", source).map((o) => o.what);

  it("finds every synchronous end of a Drizzle query, however the chain is laid out", () => {
    expect(flagged("const row = db().select().from(products).where(eq(products.id, id)).get();")).toEqual([
      ".get() on a Drizzle query",
    ]);
    expect(
      flagged("const rows = db()\n  .select()\n  .from(orders)\n  .where(eq(orders.userId, id))\n  .all();"),
    ).toEqual([".all() on a Drizzle query"]);
    expect(flagged("tx.insert(products).values(row).run();")).toEqual([".run() on a Drizzle query"]);
    expect(flagged("const [n] = db().select({ n: count() }).from(t).values();")).toEqual([
      ".values() on a Drizzle query",
    ]);
    expect(flagged("const made = tx.insert(t).values(v).returning().get()!;")).toEqual([".get() on a Drizzle query"]);
    expect(flagged("tx.update(t).set({ a: 1 }).where(eq(t.id, id)).run();")).toEqual([".run() on a Drizzle query"]);
    expect(flagged("tx.delete(t).run();")).toEqual([".run() on a Drizzle query"]);
    expect(flagged("const n = (db().select().from(t) as never as Q).all().length;")).toEqual([
      ".all() on a Drizzle query",
    ]);
    expect(flagged("for (const r of db().query.products.findMany({ with: {} }).sync()) use(r);")).toEqual([
      ".sync() on a Drizzle query",
    ]);
    // A query built elsewhere (a function, an object of prepared queries), finished here.
    expect(flagged("const rows = pageOf(range, last).all();")).toEqual([".all() on a Drizzle query"]);
    expect(flagged("const top = queries.topProducts.all();")).toEqual([".all() on a Drizzle query"]);
  });

  it("finds raw SQL sent through the SQLite driver", () => {
    expect(flagged("const done = tx.run(sql`UPDATE t SET uses = uses + 1 WHERE id = ` + id);")).toEqual([
      ".run(sql) on the SQLite driver",
    ]);
    expect(flagged("return tx.all<{ seq: number }>(query).map((row) => row.seq);")).toEqual([
      ".all(sql) on the SQLite driver",
    ]);
    expect(flagged("const row = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM t`);")).toEqual([
      ".get(sql) on the SQLite driver",
    ]);
    expect(flagged("const rows = store.values(sql`SELECT 1`);")).toEqual([".values(sql) on the SQLite driver"]);
  });

  it("finds the synchronous transactions", () => {
    expect(flagged('import { db, transactionSync } from "#app/lib/db.server.ts";')).toEqual(["transactionSync"]);
    expect(flagged("const id = transactionSync((tx) => make(tx));")).toEqual(["transactionSync"]);
    expect(flagged("db().transaction((tx) => { write(tx); });")).toEqual([
      "db().transaction(): the synchronous better-sqlite3 transaction",
    ]);
    expect(flagged("export function transactionSync<T>(change: (tx: Tx) => T): T { return change(w); }")).toEqual([]);
  });

  it("leaves every other get, all, run and values alone", () => {
    const fine = [
      "const v = cache.get(key);",
      'const type = request.headers.get("content-type");',
      'const name = formData.get("name");',
      'const q = new URL(url).searchParams.get("q");',
      "for (const v of new Map(entries).values()) use(v);",
      "const list = [...seen.values()];",
      "const picked = [...new Set(names)].values();",
      "const all = await Promise.all(jobs);",
      "const rows = await Promise.all([a(), b()]);",
      "const n = Object.values(counts).length;",
      'db().$client.prepare("EXPLAIN QUERY PLAN SELECT 1").all();',
      'db().$client.prepare("UPDATE t SET a = ?").run(1);',
      "const row = statement.get(id);",
      "const row = await first(db().select().from(products).where(eq(products.id, id)));",
      "const [made] = await tx.insert(t).values(v).returning();",
      "await tx.update(t).set({ a: 1 }).where(eq(t.id, id));",
      "await transaction(async (tx) => { await tx.insert(t).values(v); });",
      "client.transaction(() => { insert.run(1); })();",
    ];
    for (const source of fine) expect(flagged(source), source).toEqual([]);
  });
});

describe("engine-neutral code", () => {
  it(`has no SQLite-only Drizzle call in ${CHECKED.join(", ")}`, () => {
    const offences = offencesIn(CHECKED)
      .filter((o) => !(o.file in SQLITE_ONLY))
      .map((o) => `${o.file}:${o.line} ${o.what}: ${o.code}`);
    expect(offences).toEqual([]);
  });
});

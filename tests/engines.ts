// Which engine the Vitest suite runs on, and the test files that do not run on PostgreSQL, with the reason
// (issue 18; decision 0146; docs/testing.md lists them). `npm run test:unit` runs the suite on SQLite, then with
// TEST_DB=postgres on PostgreSQL (scripts/test.mjs); tests/setup.ts gives each file its own database.

/** Whether this run stores the data in PostgreSQL (TEST_DB=postgres). */
export const onPostgres = process.env.TEST_DB === "postgres";

/** The reason a single test is about SQLite itself (for `it.skipIf(onPostgres)` and the report). */
export const SQLITE_ONLY = "about SQLite itself: not run on PostgreSQL (docs/testing.md)";

/**
 * Test files about SQLite itself, or that compare both engines already (each with its own PostgreSQL), or that
 * use no database at all (a glob: vitest.config.ts excludes these keys from the PostgreSQL pass).
 */
export const SQLITE_ONLY_FILES: Record<string, string> = {
  "tests/unit/**": "pure rules, no database (tests/README.md): the same on both engines, run once, in the SQLite pass",
  "tests/integration/migrations.test.ts": "applies db/migrations (SQLite's) to SQLite files",
  "tests/integration/backup.test.ts": "npm run db:backup copies the SQLite file (PostgreSQL: pg_dump)",
  "tests/integration/backup-retention.test.ts": "keeps SQLite backup folders",
  "tests/integration/search.test.ts": "the FTS5 trigram index's internals (both engines: search-both-engines)",
  "tests/integration/server-shutdown.test.ts": "a stopped server leaves no -wal file and an intact SQLite file",
  "tests/integration/reset-link-secrets.test.ts": "reads the bytes of store.db and its WAL for secrets",
  "tests/integration/seller-overview-scale.test.ts": "SQLite's query plans (EXPLAIN QUERY PLAN)",
  "tests/integration/postgres-migrations.test.ts": "starts its own PostgreSQL: runs once, in the SQLite pass",
  "tests/integration/postgres-harness.test.ts": "starts its own PostgreSQL: runs once, in the SQLite pass",
  "tests/integration/postgres-transactions.test.ts": "starts its own PostgreSQL: runs once, in the SQLite pass",
  "tests/integration/postgres-values.test.ts": "compares both engines itself: runs once, in the SQLite pass",
  "tests/integration/search-both-engines.test.ts": "compares both engines itself: runs once, in the SQLite pass",
  "tests/integration/db-copy.test.ts":
    "copies a SQLite store into a PostgreSQL of its own: runs once, in the SQLite pass",
  "tests/integration/image-folder.test.ts":
    "starts the image's folder on SQLite and on a PostgreSQL of its own: runs once, in the SQLite pass",
};

import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations (issue 18, decision 0142): `npx drizzle-kit generate --config drizzle.pg.config.ts`.
// The tables are written once (db/schema/tables.ts, decision 0250); db/schema.pg.ts builds them with PostgreSQL's
// column helpers, db/schema.ts with SQLite's for drizzle.config.ts → db/migrations. A change is generated for both.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});

import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations (issue 18, decision 0142): `npx drizzle-kit generate --config drizzle.pg.config.ts`.
// The SQLite store's are drizzle.config.ts → db/migrations; a schema change is made in both schema files
// (tests/unit/schema-drift.test.ts) and generated for both.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});

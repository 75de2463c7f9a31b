// TEST_DB=postgres (scripts/test.mjs runs the Vitest suite a second time so): one throw-away PostgreSQL for the
// whole run (tests/helpers/postgres.ts: Debian's binaries, a temporary directory, removed at the end), and a
// template database migrated once (db/migrations-pg). tests/setup.ts copies the template into a database of its
// own for each test file, which is much faster than migrating each one.
import postgres from "postgres";
import { migratePostgres } from "#app/lib/db-postgres.server.ts";
import { startPostgres } from "../tools/postgres-server.ts";

export const TEMPLATE_DATABASE = "store_template";

export default async function setup(): Promise<() => Promise<void>> {
  // Two test files at once (vitest.config.ts), each maybe with two app servers and its own pool: room for them.
  const server = await startPostgres({ settings: { max_connections: "200" } });
  try {
    const admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    await migratePostgres(server.adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`));
  } catch (error) {
    await server.stop();
    throw error;
  }
  // The test processes are started after this and inherit the environment.
  process.env.TEST_POSTGRES_ADMIN_URL = server.adminUrl;
  process.env.TEST_POSTGRES_TEMPLATE = TEMPLATE_DATABASE;
  return () => server.stop();
}

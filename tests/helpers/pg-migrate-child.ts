// One of several store processes starting together on one PostgreSQL database (tests/integration/
// postgres-migrations.test.ts): applies the migrations as a server does at start, and prints how many it applied.
import { migratePostgres } from "#app/lib/db-postgres.server.ts";

const [url] = process.argv.slice(2);
const applied = await migratePostgres(url!);
process.stdout.write(`${JSON.stringify({ applied })}\n`);

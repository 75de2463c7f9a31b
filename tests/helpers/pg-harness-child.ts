// A test process that starts a throw-away PostgreSQL (tests/helpers/postgres.ts), prints where it is, and waits
// to be killed: tests/integration/postgres-harness.test.ts checks that the server and its directory go with it.
import { startPostgres } from "./postgres.ts";

const server = await startPostgres();
process.stdout.write(`${JSON.stringify({ dir: server.dir, port: server.port })}\n`);
setInterval(() => {}, 60_000);

// A throw-away PostgreSQL per test file (the server itself: tools/postgres-server.ts, shared with the tools).
import { afterAll, beforeAll } from "vitest";
import { startPostgres, type TestPostgres } from "../../tools/postgres-server.ts";

export { postgresBinDir, startPostgres, type TestPostgres } from "../../tools/postgres-server.ts";

/**
 * For a test file: a server started before its tests and a fresh database on it, both gone after them.
 * `url()` is the database's postgres:// URL (available from the file's first test on).
 */
export function postgresForFile(): { url: () => string; server: () => TestPostgres } {
  let running: TestPostgres | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    running = await startPostgres();
    url = await running.createDatabase();
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    url: () => {
      if (!url) throw new Error("The test PostgreSQL is not started yet (use url() inside a test or a hook)");
      return url;
    },
    server: () => {
      if (!running) throw new Error("The test PostgreSQL is not started yet");
      return running;
    },
  };
}

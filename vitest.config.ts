import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SQLITE_ONLY_FILES } from "./tests/engines.ts";

/** TEST_DB=postgres: the suite on PostgreSQL (tests/postgres-global-setup.ts); anything else: SQLite. */
const onPostgres = process.env.TEST_DB === "postgres";

// Time limits here are hang guards, far above any run seen on a busy 2-core machine; no test sets its own
// (docs/decisions/0005-test-runs.md).
const HANG_GUARD_MS = 10 * 60_000;

export default defineConfig({
  test: {
    // demo-art/ keeps its own tests: nothing outside it imports the drawing code (decision 0265).
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "demo-art/**/*.test.ts"],
    // Files about SQLite itself do not run on PostgreSQL (tests/engines.ts says why, docs/testing.md lists them).
    exclude: onPostgres ? Object.keys(SQLITE_ONLY_FILES) : [],
    globalSetup: onPostgres ? ["tests/postgres-global-setup.ts"] : [],
    environment: "node",
    pool: "forks",
    // Two test files at once even on 2 cores (Vitest's default is one fewer than the cores: one file at a time
    // there). Most files spend much of their time waiting for a server they started, a child process or
    // PostgreSQL; each has its own DATA_DIR and database (tests/setup.ts), ports the system picks, and no test
    // depends on the machine's speed (decision 0241).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ["tests/setup.ts"],
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    // No results cache in node_modules/.vite: two runs at once would read and write the same file.
    cache: false,
  },
});

// Starts the production build for the end-to-end tests: a fresh DATA_DIR with the demo catalogue,
// listening on 127.0.0.1 only, removed again when the test runner stops the server.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "store-e2e-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  PORT: process.env.E2E_PORT,
  NODE_ENV: "test",
  // As if behind one proxy: a spec that needs an address of its own (the sign-in throttle's) sends it in
  // X-Forwarded-For (fixtures.ts, useOwnAddress); everything else is counted as 127.0.0.1.
  TRUST_PROXY: "1",
};
delete env.STRIPE_SECRET_KEY;
delete env.STRIPE_WEBHOOK_SECRET;

execFileSync(process.execPath, ["--import", "tsx", "db/seed.ts"], { env, stdio: "inherit" });
const server = spawn(process.execPath, ["server.js"], { env, stdio: "inherit" });

function stop() {
  server.kill("SIGTERM");
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

// Starts the production build for the end-to-end tests: a fresh DATA_DIR with the demo catalogue (the one
// playwright.config.ts chose, E2E_DATA_DIR), listening on 127.0.0.1 only, removed again when the test runner
// stops the server. Without SMTP_URL its mail is written to DATA_DIR/outbox/, where the specs read it.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "store-e2e-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  PORT: process.env.E2E_PORT,
  NODE_ENV: "test",
  MAIL_SENDER: "on",
  // As if behind one proxy: a spec that needs an address of its own (the sign-in throttle's) sends it in
  // X-Forwarded-For (fixtures.ts, useOwnAddress); everything else is counted as 127.0.0.1.
  TRUST_PROXY: "1",
  // The specs' shoppers sign up and pay from 127.0.0.1, many at once: the per-address limits (decision 0212)
  // are tested in Vitest, where each client has an address of its own.
  SIGN_UPS_PER_ADDRESS: "100000",
  OPEN_CHECKOUTS_PER_ADDRESS: "100000",
};
delete env.STRIPE_SECRET_KEY;
delete env.STRIPE_WEBHOOK_SECRET;
delete env.SMTP_URL;

execFileSync(process.execPath, ["--import", "tsx", "db/seed.ts"], { env, stdio: "inherit" });
const server = spawn(process.execPath, [path.join(env.BUILD_DIR ?? "build", "server-entry.js")], {
  env,
  stdio: "inherit",
});

function stop() {
  server.kill("SIGTERM");
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

// Starts what the PostgreSQL end-to-end run (playwright.postgres.config.ts) drives: a throw-away PostgreSQL
// (tools/postgres-server.ts: Debian's binaries, a temporary directory), the demo catalogue seeded into a
// fresh database on it, and TWO production servers (build/server-entry.js) over that database, A on E2E_PG_PORT_A
// and B on E2E_PG_PORT_B, both on 127.0.0.1, as two machines behind a proxy would run: the same DATABASE_URL,
// SESSION_SECRET, MAIL_SEAL_KEY and UPLOADS_DIR (one directory both serve pictures from), a DATA_DIR each (its mail
// .eml folder), the built-in Stripe sandbox off (it runs on one server only: docs/decisions/0147). Both servers
// start together (one applies the migrations, the other waits on the advisory lock); "Both app servers are
// listening" is printed once both are, which is what the config waits for.
//
// Stopping: Playwright sends SIGTERM to this process's group when the run ends. The servers finish and close
// their pools, then the PostgreSQL is stopped and its directory removed (it runs in a process group of its own,
// under a guard that does both when this process's pipe to it closes, even if this process is killed), then the
// servers' folders are removed.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPostgres } from "../../tools/postgres-server.ts";

const ports = { A: process.env.E2E_PG_PORT_A, B: process.env.E2E_PG_PORT_B };
if (!ports.A || !ports.B)
  throw new Error("E2E_PG_PORT_A and E2E_PG_PORT_B are not set: run playwright.postgres.config.ts");

const root = mkdtempSync(path.join(tmpdir(), "store-e2e-pg-"));
const uploadsDir = path.join(root, "uploads");
mkdirSync(uploadsDir);
const postgresServer = await startPostgres().catch((error: unknown) => {
  rmSync(root, { recursive: true, force: true });
  throw error;
});
const servers: ChildProcess[] = [];
let stopping: Promise<void> | undefined;

/** Stops both servers (waiting for them to close their pools), then the PostgreSQL, then removes the folders. */
function stopAll(code: number): Promise<void> {
  stopping ??= (async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once("exit", () => resolve());
            server.kill("SIGTERM");
          }),
      ),
    );
    await postgresServer.stop();
    rmSync(root, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}
process.on("SIGTERM", () => void stopAll(0));
process.on("SIGINT", () => void stopAll(0));

try {
  const databaseUrl = await postgresServer.createDatabase();
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    MAIL_SEAL_KEY: randomBytes(32).toString("hex"),
    UPLOADS_DIR: uploadsDir,
    STRIPE_SANDBOX: "off",
    HOST: "127.0.0.1",
    NODE_ENV: "test",
    MAIL_SENDER: "on",
    // As if behind one proxy, as tests/e2e/serve.ts.
    TRUST_PROXY: "1",
    SIGN_UPS_PER_ADDRESS: "100000",
    OPEN_CHECKOUTS_PER_ADDRESS: "100000",
  };
  delete shared.STRIPE_SECRET_KEY;
  delete shared.STRIPE_WEBHOOK_SECRET;
  delete shared.SMTP_URL;
  const envOf = (name: "A" | "B"): NodeJS.ProcessEnv => {
    const dataDir = path.join(root, name.toLowerCase());
    mkdirSync(dataDir, { recursive: true });
    return { ...shared, DATA_DIR: dataDir, PORT: ports[name] };
  };

  // The demo catalogue (migrations first, then the products, their pictures into UPLOADS_DIR, the demo seller).
  execFileSync(process.execPath, ["--import", "tsx", "db/seed.ts"], { env: envOf("A"), stdio: "inherit" });

  const entry = path.join(process.env.BUILD_DIR ?? "build", "server-entry.js");
  const listening = (["A", "B"] as const).map(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const server = spawn(process.execPath, [entry], { env: envOf(name), stdio: ["ignore", "pipe", "pipe"] });
        servers.push(server);
        let pending = "";
        server.stdout!.on("data", (chunk: Buffer) => {
          pending += chunk.toString("utf8");
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            console.log(`[server ${name}] ${line}`);
            if (line.startsWith("Store listening on ")) resolve();
          }
        });
        server.stderr!.on("data", (chunk: Buffer) => process.stderr.write(`[server ${name}] ${chunk}`));
        server.on("exit", (code, signal) => {
          reject(new Error(`Server ${name} ended (${code ?? signal}) before it listened`));
          // A server that ends on its own during the run ends the run's servers: the specs would fail anyway.
          if (!stopping) {
            console.error(`Server ${name} ended (${code ?? signal})`);
            void stopAll(1);
          }
        });
      }),
  );
  await Promise.all(listening);
  console.log(`Both app servers are listening: A http://127.0.0.1:${ports.A}, B http://127.0.0.1:${ports.B}`);
} catch (error) {
  console.error(error);
  await stopAll(1);
}

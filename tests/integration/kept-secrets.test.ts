// The secrets a store makes for itself in DATA_DIR (the session secret, the mail seal key, the Stripe sandbox's
// webhook signing secret) when several servers over one DATA_DIR make them at the same moment: every process must
// end with the same, whole secret. A half-written webhook secret once made one of two servers sign (or check) a
// webhook with an empty secret: the event was refused with 400 and the paid order stayed unpaid.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const PROCESSES = 8;
/** Secrets made at once per process: a race that is lost once in a few hundred tries still shows. */
const FILES = 400;

// Each process loads the modules, says it is ready, waits for the go file (so all of them ask at once), then
// prints the store's three secrets and FILES more kept secrets, made in the same order by every process.
const CHILD = `
import { existsSync } from "node:fs";
import path from "node:path";
const { keptSecret, sessionSecret, mailSealKey } = await import("./app/lib/config.server.ts");
const { sandboxWebhookSecret } = await import("./app/lib/stripe-sandbox-config.server.ts");
console.log("ready");
while (!existsSync(process.env.GO_FILE)) {}
const webhook = sandboxWebhookSecret();
const session = sessionSecret();
const seal = mailSealKey().toString("hex");
const more = [];
for (let i = 0; i < ${FILES}; i++) more.push(keptSecret(path.join(process.env.DATA_DIR, "more", String(i))));
console.log(JSON.stringify({ webhook, session, seal, more }));
`;

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startChild(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => {
      if (out.includes("ready\n")) resolve();
    });
    child.on("exit", () => reject(new Error(`the process ended before it was ready: ${err}`)));
  });
  const done = new Promise<string>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`)))),
  );
  return { child, ready, done };
}

it("servers over one DATA_DIR that make their secrets at once all get the same whole secrets", async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kept-secrets-"));
  const goFile = path.join(dataDir, "go");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GO_FILE: goFile };
  for (const name of ["SESSION_SECRET", "MAIL_SEAL_KEY", "STRIPE_WEBHOOK_SECRET"]) delete env[name];
  const children = Array.from({ length: PROCESSES }, () => startChild(env));
  const all: ChildProcess[] = children.map((c) => c.child);
  try {
    await Promise.all(children.map((c) => c.ready));
    writeFileSync(goFile, "");
    const outputs = await Promise.all(children.map((c) => c.done));
    const secrets = outputs.map((out) => JSON.parse(out.trim().split("\n").at(-1)!));
    expect(secrets[0].session).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets[0].seal).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets[0].webhook).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(secrets[0].more.filter((secret: string) => !/^[0-9a-f]{64}$/.test(secret))).toEqual([]);
    for (const got of secrets) expect(got).toEqual(secrets[0]);
  } finally {
    for (const child of all) child.kill("SIGKILL");
  }
});

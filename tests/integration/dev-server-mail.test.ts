// `npm run dev` runs the mail sender too (server/dev.ts): React Router's dev server (Vite) on this test file's
// database, a password reset asked for through it, and the mail written to DATA_DIR/outbox as an .eml file,
// as the production server does without SMTP_URL.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { waitUntil } from "../helpers/mail.ts";
import { freePort } from "../helpers/ports.ts";
import { createUser } from "../helpers/shopper.ts";

let dev: ChildProcess;
let origin: string;
let output = "";
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", MAIL_SENDER: "on" };
  delete env.SMTP_URL;
  dev = spawn(
    process.execPath,
    [path.join("node_modules", ".bin", "react-router"), "dev", "--host", "127.0.0.1", "--port", String(port)],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  dev.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  dev.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  // The sender says where mail goes once it runs; the store answers its home page.
  await waitUntil(() => output.includes("mail is not sent but written as .eml files"));
  await waitUntil(async () => (await fetch(`${origin}/`).catch(() => null))?.status === 200);
});

afterAll(async () => {
  if (dev.exitCode !== null) return;
  const exited = new Promise((resolve) => dev.once("exit", resolve));
  dev.kill("SIGTERM");
  await exited;
});

function emlFiles(): string[] {
  const dir = config().outboxDir;
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
}

it("delivers mail queued through the dev server to DATA_DIR/outbox", async () => {
  const user = await createUser();
  const response = await fetch(`${origin}/forgot-password`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: user.email }),
    redirect: "manual",
  });
  expect(response.status, output).toBeLessThan(400);
  await waitUntil(() => emlFiles().length > 0);
  const [file] = emlFiles();
  const mail = readFileSync(path.join(config().outboxDir, file as string), "utf8");
  expect(mail.split(/\r?\n/).find((line) => line.startsWith("To:"))).toContain(user.email);
});

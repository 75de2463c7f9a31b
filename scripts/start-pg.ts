// `npm run start:pg`: the store on a throw-away PostgreSQL, for developers (issue 18; docs/postgresql.md). Starts
// a PostgreSQL of its own in a temporary directory (Debian's binaries, as the tests do), then `npm start` with
// DATABASE_URL pointing at a fresh database on it (build, migrations and demo seed, server); Ctrl-C stops the
// store, and the PostgreSQL and its directory go with it. Arguments are not taken; the environment is passed on.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { startPostgres } from "../tools/postgres-server.ts";

const server = await startPostgres();
const admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe("CREATE DATABASE store");
} finally {
  await admin.end();
}
const url = server.adminUrl.replace(/\/postgres$/, "/store");
console.log(`A throw-away PostgreSQL on 127.0.0.1:${server.port} (${server.dir}): DATABASE_URL=${url}`);

// With DATABASE_URL the server asks for the secrets several servers share: one throw-away pair for this run.
const secrets = {
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
  MAIL_SEAL_KEY: process.env.MAIL_SEAL_KEY ?? randomBytes(32).toString("hex"),
};
const store = spawn("npm", ["start"], { env: { ...process.env, ...secrets, DATABASE_URL: url }, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => store.kill(signal));
const code = await new Promise<number>((resolve) =>
  store.on("exit", (exit, signal) => resolve(exit ?? (signal ? 0 : 1))),
);
await server.stop();
process.exit(code);

// The test PostgreSQL (tests/helpers/postgres.ts) leaves nothing behind: stopped, or when the test process that
// started it is killed outright.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { startPostgres } from "../helpers/postgres.ts";

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function until(what: string, check: () => Promise<boolean> | boolean) {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 3000) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the test PostgreSQL", () => {
  it("gives fresh databases, and stop() removes the server and its directory", async () => {
    const server = await startPostgres();
    const [first, second] = [await server.createDatabase(), await server.createDatabase()];
    expect(first).not.toBe(second);
    const sql = postgres(first, { onnotice: () => {} });
    expect(await sql`SELECT current_setting('server_encoding') AS encoding`).toEqual([{ encoding: "UTF8" }]);
    expect((await sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)[0]?.n).toBe(0);
    await sql.end();
    expect(existsSync(server.dir)).toBe(true);
    await server.stop();
    expect(existsSync(server.dir)).toBe(false);
    expect(await listening(server.port)).toBe(false);
  });

  it("goes away with a test process killed outright (SIGKILL)", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/pg-harness-child.ts"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until("the child's server", () => output.includes("\n"));
    const { dir, port } = JSON.parse(output) as { dir: string; port: number };
    expect(await listening(port)).toBe(true);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    await until("the server to stop and its directory to go", async () => !existsSync(dir) && !(await listening(port)));
  });
});

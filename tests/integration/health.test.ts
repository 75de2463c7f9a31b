// /healthz and /readyz of `node build/server-entry.js` in every state, and the setup link a start prints: a
// fresh store (link printed, both 200), one with a seller (no link), a database file that is not a database
// (healthz 200, readyz 503), a database with a migration never applied (503, naming it), and a database no
// migration has run on (the readiness check itself). Neither probe is ever cached, nor held up by the request
// guard or the page cache.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, transaction } from "#app/lib/db.server.ts";
import { migrationState } from "#app/modules/setup/index.server.ts";
import { sellers } from "#db/tables.ts";
import { onPostgres, SQLITE_ONLY } from "../engines.ts";
import { type RunningServer, startProductionServer, waitFor } from "../helpers/production-server.ts";
import { rawRequest } from "../helpers/raw-http.ts";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

let dirs = 0;
function freshDataDir(): string {
  const dir = path.join(process.env.DATA_DIR!, `health-${++dirs}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function start(dataDir: string) {
  const server = await startProductionServer({ DATA_DIR: dataDir });
  running.push(server);
  return server;
}

async function probe(server: RunningServer, name: "healthz" | "readyz", init: Parameters<typeof rawRequest>[1] = {}) {
  const answer = await rawRequest(`${server.origin}/${name}`, init);
  return { status: answer.status, text: answer.body.toString("utf8"), headers: answer.headers };
}

describe("a fresh store", () => {
  it("prints a setup link that opens the setup form, answers both probes with 200, never cached", async () => {
    const server = await start(freshDataDir());
    const line = await waitFor("the setup link", () =>
      server.lines().find((l) => l.startsWith("No seller yet: open ")),
    );
    const link = /open (\S+) to create the shop's owner/.exec(line)![1]!;
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/setup\\?token=[A-Za-z0-9_-]{43}$`));
    const page = await rawRequest(link);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("Set up your");

    const health = await probe(server, "healthz");
    expect(health).toMatchObject({ status: 200, text: "ok\n" });
    const ready = await probe(server, "readyz");
    expect(ready).toMatchObject({ status: 200, text: "ready\n" });
    for (const answer of [health, ready]) {
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
    // HEAD, a query, a Host no page would accept, a cross-site fetch: the probes answer all the same.
    expect((await probe(server, "readyz", { method: "HEAD" })).status).toBe(200);
    expect((await rawRequest(`${server.origin}/healthz?from=proxy`)).status).toBe(200);
    expect((await probe(server, "readyz", { headers: { Host: "not a host!" } })).status).toBe(200);
    expect((await probe(server, "healthz", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
    // Only GET and HEAD are probes: a POST is the request guard's and React Router's as before.
    expect(
      (await probe(server, "healthz", { method: "POST", headers: { Origin: "https://elsewhere.example" } })).status,
    ).toBe(403);
  });

  it("prints no setup link once a seller exists", async () => {
    const dataDir = freshDataDir();
    const owner = { id: "owner1", email: "owner@example.com", passwordHash: "x", createdAt: 1 };
    if (onPostgres) {
      // The server's store is this file's PostgreSQL database (DATABASE_URL), not the data directory.
      await transaction((tx) => tx.insert(sellers).values(owner));
    } else {
      const store = openDatabase(path.join(dataDir, "store.db"));
      await store.insert(sellers).values(owner);
      store.$client.close();
    }
    const server = await start(dataDir);
    expect((await probe(server, "readyz")).status).toBe(200);
    expect(server.lines().some((l) => l.includes("/setup?token="))).toBe(false);
  });
});

describe.skipIf(onPostgres)(`a store whose SQLite file is not usable (${SQLITE_ONLY})`, () => {
  it("a file that is not a database: healthz 200, readyz 503 saying why, and the server keeps answering", async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, "store.db"), Buffer.alloc(8192, "not a database "));
    const server = await start(dataDir);
    expect(await probe(server, "healthz")).toMatchObject({ status: 200, text: "ok\n" });
    const ready = await probe(server, "readyz");
    expect(ready.status).toBe(503);
    expect(ready.text).toMatch(/^not ready: the database does not answer \(.*not a database.*\)\n$/);
    expect(ready.headers["cache-control"]).toBe("no-store");
    // Asked again, it is checked again (never a kept answer).
    expect((await probe(server, "readyz")).status).toBe(503);
  });

  it("a migration recorded as never applied while a later one was: readyz 503 names it", async () => {
    const dataDir = freshDataDir();
    const sqlite = openDatabase(path.join(dataDir, "store.db")).$client;
    // As after two branches' migrations were renumbered: drizzle applies only migrations newer than the newest
    // recorded one, so this one would never run.
    const skipped = sqlite
      .prepare("SELECT created_at AS at FROM __drizzle_migrations ORDER BY created_at LIMIT 1 OFFSET 7")
      .get() as {
      at: number;
    };
    sqlite.prepare("DELETE FROM __drizzle_migrations WHERE created_at = ?").run(skipped.at);
    sqlite.close();
    const server = await start(dataDir);
    expect((await probe(server, "healthz")).status).toBe(200);
    expect(await probe(server, "readyz")).toMatchObject({
      status: 503,
      text: "not ready: migrations not applied: 0007_mail_outbox_sealed_secrets\n",
    });
  });

  it("before any migration has run, the readiness check says so", () => {
    const sqlite = new Database(path.join(freshDataDir(), "empty.db"));
    expect(migrationState(sqlite)).toEqual({ ready: false, reason: "no migration has been applied" });
    sqlite.close();
  });
});

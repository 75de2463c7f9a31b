// `npm run db:backup -- DIR` while the production server takes writes, then a restore into a fresh DATA_DIR
// as the README says (copy store.db and uploads/ in, start the server): everything acknowledged before the
// backup began is there, the copy passes integrity_check and foreign_key_check, and the store serves it.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { newsletterSubscribers } from "#db/tables.ts";
import { createProduct } from "../helpers/factories.ts";
import { startProductionServer, waitFor } from "../helpers/production-server.ts";
import { rawRequest } from "../helpers/raw-http.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "store-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("backs up the live store under load and restores it into a fresh DATA_DIR", async () => {
  // A store with some bulk (a few MB of rows) and pictures.
  const picture = `${newId()}.webp`;
  mkdirSync(config().uploadsDir, { recursive: true });
  const pictureBytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#16a085" } })
    .webp()
    .toBuffer();
  writeFileSync(path.join(config().uploadsDir, picture), pictureBytes);
  const product = await createProduct({ name: "Backed Up Jacket", images: [`/uploads/${picture}`] });
  const shopper = await createUser();
  const cookie = await signedInCookie(shopper.id);
  await transaction(async (tx) => {
    for (let i = 0; i < 30_000; i++) {
      await tx.insert(newsletterSubscribers).values({ id: newId(), email: `bulk-${i}@example.com` });
    }
  });

  const server = await startProductionServer();
  // Load: subscriptions through the running server, four at a time, until told to stop.
  const acknowledged: string[] = [];
  let stop = false;
  let failures = 0;
  const load = Array.from({ length: 4 }, async (_, worker) => {
    for (let i = 0; !stop; i++) {
      const email = `load-${worker}-${i}@example.com`;
      const response = await rawRequest(`${server.origin}/api/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      if (response.status === 200) acknowledged.push(email);
      else failures += 1;
    }
  });

  try {
    await waitFor("some writes", () => acknowledged.length >= 50);
    const before = [...acknowledged];
    const destination = path.join(scratch, "backup");
    const { stdout } = await run("npm", ["run", "--silent", "db:backup", "--", destination], {
      env: { ...process.env, DATA_DIR: config().dataDir },
    });
    expect(stdout).toMatch(/integrity ok/);
    const during = acknowledged.length;
    await waitFor("writes after the backup", () => acknowledged.length >= during + 20);
    stop = true;
    await Promise.all(load);
    expect(failures).toBe(0);

    // The backup folder: one self-contained database file, the pictures, the cookie secret.
    expect(readdirSync(destination).sort()).toEqual(["session-secret", "store.db", "uploads"]);

    // Restore as the README says, into a fresh DATA_DIR.
    const restored = path.join(scratch, "restored");
    mkdirSync(restored);
    cpSync(path.join(destination, "store.db"), path.join(restored, "store.db"));
    cpSync(path.join(destination, "uploads"), path.join(restored, "uploads"), { recursive: true });
    cpSync(path.join(destination, "session-secret"), path.join(restored, "session-secret"));

    const copy = new Database(path.join(restored, "store.db"), { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("foreign_key_check")).toEqual([]);
      const emails = new Set(
        (copy.prepare("SELECT email FROM newsletter_subscribers").all() as { email: string }[]).map((r) => r.email),
      );
      for (const email of before) expect(emails.has(email)).toBe(true);
      expect(emails.has("bulk-29999@example.com")).toBe(true);
      // A consistent snapshot: nothing acknowledged after the backup ended is in it.
      expect(acknowledged.slice(during + 5).some((email) => emails.has(email))).toBe(false);
    } finally {
      copy.close();
    }
    expect(readFileSync(path.join(restored, "uploads", picture)).equals(pictureBytes)).toBe(true);

    // The store runs on the restored folder.
    const fromBackup = await startProductionServer({ DATA_DIR: restored });
    try {
      const list = await rawRequest(`${fromBackup.origin}/api/product/list`);
      const names = JSON.parse(list.body.toString("utf8")).products.map((p: { name: string }) => p.name);
      expect(names).toContain(product.name);
      const image = await rawRequest(`${fromBackup.origin}/uploads/${picture}`);
      expect(image.status).toBe(200);
      expect(image.body.equals(pictureBytes)).toBe(true);
      // Sessions survive the restore (the database and the cookie secret come back together).
      const me = await rawRequest(`${fromBackup.origin}/api/user/is-auth`, { headers: { Cookie: cookie } });
      expect(JSON.parse(me.body.toString("utf8"))).toMatchObject({ success: true, user: { email: shopper.email } });
    } finally {
      expect(await fromBackup.stop()).toBe(0);
    }
  } finally {
    stop = true;
    await Promise.all(load);
    expect(await server.stop()).toBe(0);
  }
}, 180_000);

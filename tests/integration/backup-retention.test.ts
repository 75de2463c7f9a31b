// The scheduled backups of docs/deploy.md: `npm run db:backup -- --into ROOT --keep N` writes each backup to a
// new ROOT/<UTC time> folder and then keeps only the newest N of those; anything else in ROOT stays, and a
// wrong --keep is refused before anything is written.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";

const run = promisify(execFile);
const backup = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", ...args], { env: process.env });

it("keeps the newest N timed backups and nothing of anyone else's is touched", async () => {
  db(); // the store's database exists, as under a running server
  const root = path.join(process.env.DATA_DIR!, "backups");
  mkdirSync(path.join(root, "by-hand"), { recursive: true });
  const made: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { stdout } = await backup("--into", root, "--keep", "2");
    made.push(/to (\S+)$/m.exec(stdout)![1]!);
  }
  const left = readdirSync(root).sort();
  expect(left).toEqual([...made.slice(1).map((dir) => path.basename(dir)), "by-hand"].sort());
  for (const dir of made.slice(1)) expect(existsSync(path.join(dir, "store.db"))).toBe(true);

  await expect(backup("--into", root, "--keep", "0")).rejects.toMatchObject({ code: 2 });
  expect(readdirSync(root).sort()).toEqual(left);
});

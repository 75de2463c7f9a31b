// The copy tool's time for a big store (issue 18, docs/postgresql.md "Moving a shop"): the benchmark's generated
// catalogue (bench/catalogue.ts: N products with sizes, shoppers, addresses, orders and pictures) in a temporary
// DATA_DIR, copied by `npm run db:copy` into a throw-away PostgreSQL (tools/postgres-server.ts), timed.
// `node --import tsx bench/db-copy.ts [N]` (default 100000).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const size = Number(process.argv[2] ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "store-copy-bench-"));
process.env.DATA_DIR = dataDir;
process.env.MAIL_SENDER = "off";

const { generateCatalogue } = await import("./catalogue.ts");
const { closeDb } = await import("#app/lib/db.server.ts");
const { startPostgres } = await import("../tools/postgres-server.ts");

const pg = await startPostgres();
try {
  let started = Date.now();
  const summary = await generateCatalogue({ size });
  closeDb();
  console.log(`Generated ${summary.products} products, ${summary.orders} orders in ${(Date.now() - started) / 1000} s`);
  for (const pictures of [false, true]) {
    const url = await pg.createDatabase();
    const args = ["--import", "tsx", "scripts/db-copy.ts", url];
    if (pictures) args.push("--uploads-to", path.join(dataDir, "shared-uploads"));
    started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, DATA_DIR: dataDir },
      maxBuffer: 16 * 1024 * 1024,
    });
    const wall = (Date.now() - started) / 1000;
    console.log(stdout.trim());
    console.log(`db:copy ${pictures ? "with --uploads-to" : "(database only)"}: ${wall.toFixed(1)} s wall clock\n`);
  }
} finally {
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

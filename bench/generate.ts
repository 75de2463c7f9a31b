// `node --import tsx bench/generate.ts <size>`: writes a generated catalogue of <size> products into the
// store under DATA_DIR (which must have no products yet) and prints a JSON summary on stdout.
import { closeDb, prepareDatabase } from "#app/lib/db.server.ts";
import { generateCatalogue } from "./catalogue.ts";

const size = Number(process.argv[2]);
try {
  await prepareDatabase();
  const summary = await generateCatalogue({ size });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} finally {
  await closeDb();
}

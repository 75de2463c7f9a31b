// Which per-response compression setting costs least: CPU time per byte saved on a real page.
// `node bench/compression-settings.mjs http://127.0.0.1:3000/products` (or a saved .html file).
// The figures behind server/compression.ts are in docs/decisions/0051-compression-and-static-files.md.
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const source = process.argv[2];
if (!source) {
  console.error("Usage: node bench/compression-settings.mjs URL-or-FILE");
  process.exit(2);
}
const page = /^https?:/.test(source)
  ? Buffer.from(await (await fetch(source, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer())
  : readFileSync(source);

const brotli = (quality) => (bytes) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
const settings = [
  ["gzip 1", (bytes) => gzipSync(bytes, { level: 1 })],
  ["gzip 6", (bytes) => gzipSync(bytes, { level: 6 })],
  ["gzip 9", (bytes) => gzipSync(bytes, { level: 9 })],
  ...[1, 3, 4, 5, 6, 11].map((quality) => [`br ${quality}`, brotli(quality)]),
];

console.log(`${(page.length / 1024).toFixed(0)} KB from ${source}`);
console.log("setting   bytes   of page   CPU per page   CPU per byte saved");
for (const [name, compress] of settings) {
  for (let i = 0; i < 3; i++) compress(page);
  const runs = name === "br 11" ? 5 : 100;
  const start = process.cpuUsage();
  let out = Buffer.alloc(0);
  for (let i = 0; i < runs; i++) out = compress(page);
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000 / runs;
  const perByte = (ms * 1e6) / (page.length - out.length);
  console.log(
    `${name.padEnd(8)} ${String(out.length).padStart(7)} ${`${((100 * out.length) / page.length).toFixed(1)}%`.padStart(9)} ${`${ms.toFixed(2)} ms`.padStart(14)} ${`${perByte.toFixed(1)} ns`.padStart(20)}`,
  );
}

// After `react-router build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// client build (JavaScript, CSS, SVG, ...) at the best compression, once, so server.ts never compresses a
// built file per request. Images and fonts are compressed already and are left alone.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT_FILES = new Set([".js", ".mjs", ".css", ".svg", ".html", ".json", ".map", ".txt", ".xml", ".webmanifest"]);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  if (!entry.isFile() || !TEXT_FILES.has(path.extname(file).toLowerCase())) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  // A copy only where it is smaller; without one the file is sent as it is.
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += body.length;
  after += Math.min(br.length, body.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Precompressed ${files} files in ${path.relative(process.cwd(), clientDir)}: ${kb(before)} → ${kb(after)} (brotli)`,
);

// The production server: a plain Node http server around React Router's request listener,
// serving the built client assets itself (fingerprinted files with immutable caching).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

/** Serves a file from build/client if the path names one; returns false otherwise. */
async function serveStatic(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
  } catch {
    return false;
  }
  if (pathname === "/" || pathname.includes("\0")) return false;
  const file = path.join(clientDir, path.normalize(pathname));
  if (!file.startsWith(clientDir + path.sep)) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const immutable = pathname.startsWith("/assets/");
  res.writeHead(200, {
    "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "Content-Length": info.size,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  });
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  createReadStream(file).pipe(res);
  return true;
}

// The largest body any route takes is a product with four 5 MB photos (app/lib/product-limits.ts); a request
// that declares more is refused here, before the adapter starts buffering it.
const MAX_REQUEST_BYTES = 26 * 1024 * 1024;

const handleRequest = createRequestListener({ build, mode: process.env.NODE_ENV ?? "production" });

const server = http.createServer(async (req, res) => {
  try {
    if (Number(req.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      res.end("The request is too large.");
      return;
    }
    if (await serveStatic(req, res)) return;
    await handleRequest(req, res);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  }
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  const address = server.address();
  console.log(`Store listening on http://${host === "0.0.0.0" ? "localhost" : host}:${address.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}

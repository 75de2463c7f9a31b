// The "static limit": the smallest Node server that can answer with a page, serving the same bytes and
// headers the store sent for /products (read once from a file) to every request. No store page can be
// faster than this on the same core, so each page's throughput is reported as a share of it.
// `node --import tsx bench/static-server.ts <body file> <content-type> [content-encoding]` with PORT and HOST.
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(file!);
const headers: Record<string, string | number> = { "Content-Type": contentType!, "Content-Length": body.length };
if (contentEncoding) headers["Content-Encoding"] = contentEncoding;

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1", () => console.log("Static server ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

// What only a real socket shows: `node build/server-entry.js` (the production build) as its own process on a loopback port
// the system chooses, with its own DATA_DIR, sent uploads too large to take.
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";

let server: RunningServer;
let origin: string;

beforeAll(async () => {
  server = await startProductionServer({ DATA_DIR: path.join(process.env.DATA_DIR!, "server") });
  origin = server.origin;
});

afterAll(() => server?.stop());

/** Resolves when the request and its connection are done, whichever way (answered, reset by the server). */
function closed(request: http.ClientRequest) {
  return new Promise<void>((resolve) => {
    request.once("close", () => resolve());
  });
}

it("a request declaring a body larger than any route takes is refused at once with 413", async () => {
  // Only the headers are sent: the server must answer without waiting for (or buffering) 30 MB.
  const request = http.request(`${origin}/api/product/add`, {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(30 * 1024 * 1024) },
  });
  const done = closed(request);
  const status = await new Promise<number>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", reject);
    request.flushHeaders();
  });
  expect(status).toBe(413);
  await done;
});

it("an upload over the size limit, still arriving after its refusal, gets 413 and the server keeps serving", async () => {
  // Sent in chunks with no Content-Length, so the server only finds out while reading.
  const request = http.request(`${origin}/api/subscribe`, {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json" },
  });
  const done = closed(request);
  request.on("error", () => {
    // The server may close the connection once it has answered; the rest of the upload then fails to send.
  });
  const answer = new Promise<number>((resolve) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
  });
  let status: number | undefined;
  void answer.then((s) => {
    status = s;
  });
  const chunk = "x".repeat(16 * 1024);
  const write = () => new Promise<void>((resolve) => request.write(chunk, () => resolve()));
  // Until the server answers (at most 2 MB, far over the limit)...
  for (let sent = 0; status === undefined && sent < 2 * 1024 * 1024; sent += chunk.length) await write();
  expect(await answer).toBe(413);
  // ...and then more of it, which the server must take without falling over.
  for (let i = 0; i < 4; i++) request.write(chunk);
  request.end();
  await done;

  const after = await fetch(`${origin}/api/product/list`);
  expect(after.status).toBe(200);
  expect(server.child.exitCode, server.lines().join("\n")).toBeNull();
});

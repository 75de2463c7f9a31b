// The production server under hostile clients: 200 clients sending a body one byte at a time (and some
// sending headers that way) cannot hold it, too many connections are turned away, and every refusal is one
// log line, never a stack. Small limits through the environment keep this short (REQUEST_TIMEOUT_MS etc.).
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer, waitFor } from "../helpers/production-server.ts";
import { rawRequest } from "../helpers/raw-http.ts";

type SlowClient = { started: boolean; closed: boolean; received: string };

/** A client that sends its request a little at a time and never finishes. */
function slowClient(port: number, part: "body" | "headers"): SlowClient {
  const state: SlowClient = { started: false, closed: false, received: "" };
  const socket = net.connect(port, "127.0.0.1");
  let timer: NodeJS.Timeout | undefined;
  socket.on("connect", () => {
    socket.write(
      part === "body"
        ? "POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        : "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
    );
    state.started = true;
    timer = setInterval(() => socket.write(part === "body" ? " " : "X-Slow: 1\r\n"), 500);
  });
  socket.on("data", (chunk: Buffer) => {
    state.received += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    state.closed = true;
    clearInterval(timer);
  });
  return state;
}

const stacks = (lines: string[]) => lines.filter((line) => /^\s+at\s/.test(line));

let server: RunningServer | undefined;
afterEach(async () => {
  expect(await server?.stop()).toBe(0);
  server = undefined;
});

describe("slow clients", () => {
  it("do not hold the server: others are answered, and the slow ones are cut off with 408", async () => {
    server = await startProductionServer({ REQUEST_TIMEOUT_MS: "10000", HEADERS_TIMEOUT_MS: "5000" });
    const clients = [
      ...Array.from({ length: 200 }, () => slowClient(server!.port, "body")),
      ...Array.from({ length: 20 }, () => slowClient(server!.port, "headers")),
    ];
    await waitFor("every slow client to be sending", () => clients.every((c) => c.started));

    // While they are all still connected, an ordinary request is answered.
    const answered = await rawRequest(`${server.origin}/api/product/list`);
    expect(answered.status).toBe(200);
    expect(clients.filter((c) => c.closed)).toHaveLength(0);

    await waitFor("the server to cut every slow client off", () => clients.every((c) => c.closed));
    for (const client of clients) expect(client.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    const refusals = server.lines().filter((line) => line.startsWith("refused 408 "));
    expect(refusals).toHaveLength(220);
    expect(refusals.filter((l) => l.includes("POST /api/subscribe"))).toHaveLength(200);
    expect(stacks(server.lines())).toEqual([]);
    // And the server goes on answering.
    expect((await rawRequest(`${server.origin}/`)).status).toBe(200);
  }, 120_000);
});

describe("the connection cap", () => {
  it("turns away connections beyond MAX_CONNECTIONS, each with a log line", async () => {
    server = await startProductionServer({ MAX_CONNECTIONS: "20" });
    const sockets = Array.from({ length: 30 }, () => {
      const state = { connected: false, closed: false, socket: net.connect(server!.port, "127.0.0.1") };
      state.socket.on("connect", () => {
        state.connected = true;
        state.socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      });
      state.socket.on("error", () => {});
      state.socket.on("close", () => {
        state.closed = true;
      });
      return state;
    });
    await waitFor("ten connections to be closed", () => sockets.filter((s) => s.closed).length === 10);
    await waitFor(
      "the log lines",
      () => server!.lines().filter((l) => l.startsWith("refused connection")).length === 10,
    );
    expect(server.lines().find((l) => l.startsWith("refused connection"))).toBe(
      "refused connection from 127.0.0.1: 20 open (MAX_CONNECTIONS)",
    );
    for (const s of sockets) s.socket.destroy();
    await waitFor("every connection to be closed", () => sockets.every((s) => s.closed));
    // With the connections gone, the server answers again (the freed places are noticed as sockets close).
    const answer = await retryUntilAnswered(`${server.origin}/api/product/list`);
    expect(answer.status).toBe(200);
  }, 60_000);
});

/** The server notices closed sockets asynchronously; until then a new connection may still be turned away. */
async function retryUntilAnswered(url: string) {
  for (;;) {
    const response = await rawRequest(url).catch(() => null);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("refused requests", () => {
  it("log the path and the query's names, never a query value (issue 16: a reset token in the log)", async () => {
    server = await startProductionServer();
    const secret = "SeCrEt-token-value-0123456789abcdefghijklmno";
    const query = `?token=${secret}&next=%2F${secret}`;
    // Refused by server.ts (an unused method), by React Router (a POST to a page without an action), and
    // on the socket (an absolute target to another host).
    expect((await rawRequest(`${server.origin}/reset-password${query}`, { method: "PUT" })).status).toBe(405);
    expect((await rawRequest(`${server.origin}/${query}`, { method: "POST", body: "" })).status).toBe(405);
    const socket = net.connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("data", () => {});
    socket.write(`GET http://evil.example/reset-password${query} HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    await new Promise((resolve) => socket.on("close", resolve));

    const refusals = await waitFor("three log lines", () => {
      const lines = server!.lines().filter((l) => l.startsWith("refused "));
      return lines.length === 3 ? lines : undefined;
    });
    expect(refusals).toEqual([
      "refused 405 PUT /reset-password?token=…&next=… from 127.0.0.1: method not used by the store",
      'refused 405 POST /?token=…&next=… from 127.0.0.1: You made a POST request to "/" but did not provide an `action` for route "root", so there is no way to handle the request.',
      "refused 400 GET http://evil.example/reset-password?token=…&next=… from 127.0.0.1: unusable request target or Host",
    ]);
    expect(server.lines().filter((line) => line.includes(secret))).toEqual([]);
  }, 60_000);

  it("are answered before React Router and logged as one line each, never a stack", async () => {
    server = await startProductionServer();
    for (const method of ["TRACE", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
      const response = await rawRequest(`${server.origin}/products`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, POST");
      expect(response.body.toString()).toBe("This address does not accept that method.");
    }
    // OPTIONS is answered by the server itself (React Router throws on it for a page), without CORS.
    for (const target of ["/", "/cart", "/api/user/login"]) {
      const options = await rawRequest(`${server.origin}${target}`, { method: "OPTIONS" });
      expect(options.status, target).toBe(204);
      expect(options.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
      expect(options.headers["access-control-allow-origin"]).toBeUndefined();
    }
    const api = await rawRequest(`${server.origin}/api/product/list`, { method: "TRACE" });
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body.toString())).toEqual({
      success: false,
      message: "This address does not accept that method.",
    });

    // Refused by React Router itself: a POST to a page without an action.
    expect((await rawRequest(`${server.origin}/`, { method: "POST", body: "" })).status).toBe(405);

    const raw = async (text: string) => {
      const socket = net.connect(server!.port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.write(text);
      await new Promise((resolve) => socket.on("close", resolve));
      return received;
    };
    expect(await raw("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 405 /,
    );
    expect(await raw("NOT A REQUEST\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
    expect(await raw("GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);

    const refusals = await waitFor("eleven log lines", () => {
      const lines = server!.lines().filter((l) => l.startsWith("refused "));
      return lines.length === 11 ? lines : undefined;
    });
    expect(refusals).toEqual([
      "refused 405 TRACE /products from 127.0.0.1: method not used by the store",
      "refused 405 PROPFIND /products from 127.0.0.1: method not used by the store",
      "refused 405 PUT /products from 127.0.0.1: method not used by the store",
      "refused 405 DELETE /products from 127.0.0.1: method not used by the store",
      "refused 405 PATCH /products from 127.0.0.1: method not used by the store",
      "refused 405 TRACE /api/product/list from 127.0.0.1: method not used by the store",
      'refused 405 POST / from 127.0.0.1: You made a POST request to "/" but did not provide an `action` for route "root", so there is no way to handle the request.',
      "refused 405 CONNECT evil.example:443 from 127.0.0.1: method not used by the store",
      expect.stringMatching(/^refused 400 - - from 127\.0\.0\.1: unreadable request \(HPE_/),
      expect.stringMatching(/^refused 431 - - from 127\.0\.0\.1: unreadable request \(HPE_HEADER_OVERFLOW\)$/),
      "refused 400 GET http://evil.example/ from 127.0.0.1: unusable request target or Host",
    ]);
    expect(stacks(server.lines())).toEqual([]);
  }, 60_000);
});

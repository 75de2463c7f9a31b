// The load generator: autocannon in a process of its own (the bench pins it to the core the server does not
// use), driven over IPC by bench/run.ts: one message per target, one result back.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { ACCEPT_ENCODING } from "./http.ts";

/** What one target sends. */
export type LoadTarget =
  | { kind: "get"; path: string; cookie?: string }
  /** The cart form's Add button: each request adds one product, rotating over shoppers and products. */
  | { kind: "add-to-cart"; cookies: string[]; lines: BenchLine[]; redirectTo: string }
  /** POST /api/order/cod: each request a new cash-on-delivery order (a fresh Idempotency-Key). */
  | { kind: "cod-order"; cookie: string; addressId: string; lines: BenchLine[] };

/** A product and the size to buy it in ('' for a product without sizes). */
export type BenchLine = { id: string; size: string };

export type LoadRequest = {
  url: string;
  target: LoadTarget;
  connections: number;
  seconds: number;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status code; anything but the expected status is a failed request. */
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
};

/** Connections for the `index`th of `servers` servers: `total` shared out as evenly as whole numbers allow (8 over 3: 3, 3, 2). */
export function shareOf(total: number, servers: number, index: number): number {
  return Math.floor(total / servers) + (index < total % servers ? 1 : 0);
}

/**
 * One result from runs made at the same time against several servers (the load split over them): requests,
 * statuses and errors add up, and so do the req/s (the runs overlap); the duration is the longest run's. Latency
 * percentiles cannot be merged exactly from percentiles: p50 is the request-weighted mean of the runs' p50s, p99
 * the highest p99 (an upper bound).
 */
export function combineLoadResults(results: LoadResult[]): LoadResult {
  if (results.length === 0) throw new Error("No load results to combine.");
  if (results.length === 1) return results[0]!;
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const statuses: Record<string, number> = {};
  for (const r of results) {
    for (const [status, count] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    requests,
    seconds: Math.max(...results.map((r) => r.seconds)),
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50:
      requests > 0
        ? results.reduce((n, r) => n + r.p50 * r.requests, 0) / requests
        : Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    statuses,
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

function requestsFor(target: LoadTarget, origin: string): autocannon.Request[] {
  const common = { "accept-encoding": ACCEPT_ENCODING };
  switch (target.kind) {
    case "get":
      return [
        {
          method: "GET",
          path: target.path,
          headers: { ...common, ...(target.cookie ? { cookie: target.cookie } : {}) },
        },
      ];
    case "add-to-cart": {
      let sent = 0;
      const { cookies, lines } = target;
      return [
        {
          method: "POST",
          path: "/cart",
          setupRequest: (request) => {
            const shopper = sent % cookies.length;
            const line = lines[Math.floor(sent / cookies.length) % lines.length]!;
            sent++;
            const form = new URLSearchParams({ productId: line.id, redirectTo: target.redirectTo, intent: "add" });
            if (line.size) form.set("size", line.size);
            return {
              ...request,
              headers: {
                ...common,
                "content-type": "application/x-www-form-urlencoded",
                // What a browser sends with a same-site form post (the request guard checks them).
                origin,
                "sec-fetch-site": "same-origin",
                cookie: cookies[shopper]!,
              },
              body: form.toString(),
            };
          },
        },
      ];
    }
    case "cod-order": {
      let sent = 0;
      const { lines } = target;
      return [
        {
          method: "POST",
          path: "/api/order/cod",
          setupRequest: (request) => {
            const first = (sent++ * 3) % lines.length;
            const items = [0, 1, 2].map((i) => {
              const line = lines[(first + i) % lines.length]!;
              return { product: line.id, quantity: 1 + i, ...(line.size ? { size: line.size } : {}) };
            });
            return {
              ...request,
              headers: {
                ...common,
                "content-type": "application/json",
                origin,
                cookie: target.cookie,
                "idempotency-key": randomUUID(),
              },
              body: JSON.stringify({ items, address: target.addressId }),
            };
          },
        },
      ];
    }
  }
}

export async function runLoad({ url, target, connections, seconds }: LoadRequest): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    duration: seconds,
    // A request still unanswered after the whole run counts as a timeout rather than holding the run open.
    timeout: Math.max(10, seconds),
    requests: requestsFor(target, new URL(url).origin),
  });
  const statuses: Record<string, number> = {};
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = Number(count);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
  };
}

// Run by bench/run.ts with an IPC channel: answer each request until the channel closes.
if (process.send) {
  process.on("message", async (message: { id: number; request: LoadRequest }) => {
    try {
      process.send!({ id: message.id, result: await runLoad(message.request) });
    } catch (error) {
      process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.on("disconnect", () => process.exit(0));
}

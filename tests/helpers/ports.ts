// A port on 127.0.0.1 that was free a moment ago: for a server a test starts as a process of its own (it gets
// the number on its command line), or as an address where nothing listens (a store or a Stripe that cannot be
// reached). bench/processes.ts keeps its own copy: the benchmark is a program of its own, not a test.
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** An http:// origin on 127.0.0.1 where nothing listens (connections are refused). */
export async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

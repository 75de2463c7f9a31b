// Ports for the tests: one that was free a moment ago (tools/ports.ts, shared with the tools), for a server a
// test starts as a process of its own, or an address where nothing listens (a store or a Stripe that cannot be
// reached).
import { freePort } from "../../tools/ports.ts";

export { freePort };

/** An http:// origin on 127.0.0.1 where nothing listens (connections are refused). */
export async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

// The two app servers of the PostgreSQL end-to-end run (playwright.postgres.config.ts, tests/e2e-postgres/serve.ts):
// server A is the specs' baseURL (relative URLs go there), server B is at ORIGIN_B (absolute URLs).
import type { BrowserContext } from "@playwright/test";

export function originA(): string {
  const port = process.env.E2E_PG_PORT_A;
  if (!port) throw new Error("E2E_PG_PORT_A is not set: run the specs through playwright.postgres.config.ts");
  return `http://127.0.0.1:${port}`;
}

export function originB(): string {
  const origin = process.env.E2E_PG_ORIGIN_B;
  if (!origin) throw new Error("E2E_PG_ORIGIN_B is not set: run the specs through playwright.postgres.config.ts");
  return origin;
}

/** A URL's pattern, matched from its start: on server B, `path` and whatever follows. */
export function onB(path: string): RegExp {
  return new RegExp(`^${(originB() + path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** The cookies the browser context would send to an origin: name=value, sorted. */
export async function cookiesFor(context: BrowserContext, origin: string): Promise<string[]> {
  return (await context.cookies(origin)).map((cookie) => `${cookie.name}=${cookie.value}`).sort();
}

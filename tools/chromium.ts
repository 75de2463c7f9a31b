// The Chromium every browser the project starts runs on: the Playwright tests' (tests/playwright-common.ts) and
// `npm run lighthouse`'s (bench/lighthouse.ts). Browsers are never downloaded.

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags every Chromium we start gets: the Playwright tests' and `npm run lighthouse`'s. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// npm run screenshots: a PNG of every page of the spec's route table (tools/route-table.ts), as a visitor,
// a signed-in shopper and the seller, at 375 and 1280 px, with JavaScript and without, under docs/screenshots/.
// It serves the existing production build (`npm run screenshots` builds first) on a free port of 127.0.0.1 with
// a fresh DATA_DIR and the demo catalogue (tests/e2e/serve.ts), and stops it when done.
//
//   docs/screenshots/<js|no-js>/<width>/<page>.png   full-page pictures, 256-colour PNG
//
// Only the JavaScript set is committed (git-ignored: no-js, which looks the same but for the quantity
// "Update" buttons and the image slots of the seller's form); run the script to see it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import sharp from "sharp";
import {
  catalogueSample,
  prepareShopper,
  type Sample,
  sellerPages,
  shopperPages,
  signInDemoSeller,
  type Visit,
  visitorPages,
} from "../tools/route-table.ts";

const OUT = path.resolve("docs/screenshots");
const WIDTHS = [375, 1280];
/** SCREENSHOT_PAGES=home,cart takes only those pages (the others stay as they were). */
const only = process.env.SCREENSHOT_PAGES?.split(",");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Who = "visitor" | "shopper" | "seller";

async function shoot(browser: Browser, baseURL: string, sample: Sample, who: Who, all: Visit[]) {
  const pages = only ? all.filter((visit) => only.includes(visit.name)) : all;
  if (pages.length === 0) return;
  for (const javaScriptEnabled of [true, false]) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled,
        viewport: { width, height: width < 800 ? 812 : 900 },
        reducedMotion: "reduce",
      });
      if (who === "shopper") await prepareShopper(context.request, sample, baseURL);
      if (who === "seller") await signInDemoSeller(context.request);
      const page = await context.newPage();
      const folder = path.join(OUT, javaScriptEnabled ? "js" : "no-js", String(width));
      mkdirSync(folder, { recursive: true });
      for (const visit of pages) {
        await page.goto(visit.path);
        await page.waitForLoadState("networkidle");
        const png = await page.screenshot({ fullPage: true });
        // 256 colours: a tenth of the size, and the pictures stay readable.
        await sharp(png)
          .png({ palette: true, quality: 85, compressionLevel: 9, effort: 8 })
          .toFile(path.join(folder, `${visit.name}.png`));
      }
      await context.close();
      console.log(`${who}: ${pages.length} pages at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`);
    }
  }
}

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
  env: { ...process.env, E2E_PORT: String(port) },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

let browser: Browser | undefined;
try {
  await waitForServer(`${baseURL}/`, server);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  if (!only) for (const set of ["js", "no-js"]) rmSync(path.join(OUT, set), { recursive: true, force: true });
  const request = (await browser.newContext({ baseURL })).request;
  const sample = await catalogueSample(request);
  await shoot(browser, baseURL, sample, "visitor", visitorPages(sample));
  await shoot(browser, baseURL, sample, "shopper", shopperPages(sample));
  await shoot(browser, baseURL, sample, "seller", sellerPages(sample));
  console.log(`Screenshots in ${path.relative(process.cwd(), OUT)}/`);
} finally {
  await browser?.close();
  stop();
}

// axe-core (WCAG 2.1 A and AA rules) on every page of the spec's route table: as a visitor, as a signed-in
// shopper with a cart, an address and an order, and in the seller area; with the menus and the login modal
// open; in both projects (with JavaScript and without). Any violation fails the test, listed by page.
//
// axe runs in the page and needs JavaScript. In the no-js project the pages are browsed without it, and each
// page as that browser built it (its DOM, <noscript> content included, scripts left out) is audited in a
// second page with JavaScript on, which shows that same document with the same viewport.
//
// Each page state is audited once per run (decision 0241): axe's findings depend on the document (its elements,
// attributes, text and the stylesheets it links, named by their content's hash) and the viewport, so a state
// already audited in this run, by the other project or another test, is not audited again; its findings are
// read back. A page whose document differs with JavaScript (hydrated, a <noscript>) is audited in both.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  catalogueSample,
  prepareShopper,
  sellerPages,
  shopperPages,
  signInDemoSeller,
  type Visit,
  visitorPages,
} from "../../tools/route-table.ts";
import { expect, test } from "./fixtures.ts";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

// The three walks share nothing (each its own shopper or seller session): on any free worker, not one after another.
test.describe.configure({ mode: "parallel" });

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * The document as axe sees it, scripts left out: the no-js project's copy to audit (its <noscript> content part of
 * the page), and with JavaScript the key of the page's state (a <noscript> stays inert there).
 */
function documentOf(page: Page): Promise<string> {
  return page.evaluate((scripting) => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll("script")) script.remove();
    // Without JavaScript a <noscript>'s content is part of the page; with it, it would be inert text.
    if (!scripting)
      for (const noscript of copy.querySelectorAll("noscript")) noscript.replaceWith(...noscript.childNodes);
    return `<!DOCTYPE html>${copy.outerHTML}`;
  }, withJs());
}

/** The no-js project's page with JavaScript on where the copies are shown, one per test, and what it shows. */
let copies: { context: BrowserContext; target: Page; shown: { url: string; html: string } } | null = null;

test.afterEach(async () => {
  await copies?.context.close();
  copies = null;
});

/** The page itself with JavaScript; without, a copy of the document the browser built, where axe can run. */
async function auditable(page: Page, browser: Browser, html: string): Promise<Page> {
  if (withJs()) return page;
  if (!copies) {
    const context = await browser.newContext({ javaScriptEnabled: true });
    const shown = { url: "", html: "" };
    await context.route(
      (requested) => requested.href === shown.url,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: shown.html }),
    );
    copies = { context, target: await context.newPage(), shown };
  }
  copies.shown.url = page.url();
  copies.shown.html = html;
  await copies.target.setViewportSize(page.viewportSize()!);
  // Loaded (its stylesheets, fonts and pictures): the copy has no scripts, so nothing changes it afterwards.
  await copies.target.goto(page.url());
  return copies.target;
}

type Finding = { id: string; nodes: string[] };

/** Where this run keeps the findings per page state: in its output folder, which Playwright empties at the start. */
const auditsDir = () => path.join(test.info().project.outputDir, "axe-audits");

/** The findings of a page state audited earlier in this run, if any. */
function auditedBefore(key: string): Finding[] | null {
  try {
    return JSON.parse(readFileSync(path.join(auditsDir(), `${key}.json`), "utf8")) as Finding[];
  } catch {
    return null;
  }
}

function keepAudit(key: string, findings: Finding[]) {
  mkdirSync(auditsDir(), { recursive: true });
  // Written whole, then renamed: a test reading it meanwhile finds nothing or all of it.
  const file = path.join(auditsDir(), `${key}.json`);
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(findings));
  renameSync(`${file}.${process.pid}`, file);
}

/** The violations axe finds on the page as it is now, one line per rule with the first nodes it names. */
async function violations(page: Page, label: string): Promise<string[]> {
  const html = await documentOf(page);
  const viewport = page.viewportSize();
  const key = createHash("sha256").update(`${viewport?.width}x${viewport?.height}\n${html}`).digest("hex");
  let findings = auditedBefore(key);
  const again = findings !== null;
  if (!findings) {
    const target = await auditable(page, page.context().browser()!, html);
    // Every rule of the tags runs; only the violations are reported node by node (axe's advice for large
    // pages). `options` replaces what `withTags` set: it comes first.
    const results = await new AxeBuilder({ page: target })
      .options({ resultTypes: ["violations"] })
      .withTags(WCAG_21_AA)
      .analyze();
    findings = results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    keepAudit(key, findings);
  }
  const found = findings.map((v) => `${label}: ${v.id} ×${v.nodes.length} (${v.nodes.slice(0, 3).join(" | ")})`);
  // The count per page, so a run shows where things stand (also when it passes).
  const note = again ? " (this page state was audited earlier in the run)" : "";
  console.log(`axe ${test.info().project.name} ${label}: ${found.length} rules violated${note}`);
  return found;
}

async function auditPages(page: Page, visits: Visit[]) {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.path);
    // With JavaScript, until the app has fetched what it fetches after loading; without, nothing runs after
    // the load event that goto waits for.
    if (withJs()) await page.waitForLoadState("networkidle");
    found.push(...(await violations(page, visit.path)));
  }
  return found;
}

test("a visitor's pages have no WCAG 2.1 A/AA violations", async ({ page }) => {
  const sample = await catalogueSample(page.request);
  const found = await auditPages(page, visitorPages(sample));

  // The phone layout with its menu open.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByRole("banner").getByText("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  found.push(...(await violations(page, "/ (375 px, menu open)")));

  expect(found).toEqual([]);
});

test("a signed-in shopper's pages have no WCAG 2.1 A/AA violations", async ({ page, context, baseURL }) => {
  const sample = await catalogueSample(page.request);
  await prepareShopper(context.request, sample, baseURL!);
  const found = await auditPages(page, shopperPages(sample));

  // The account menu open, and a refused address form (errors next to their fields).
  await page.goto("/");
  await page.getByRole("banner").getByLabel("Account menu").click();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Orders" })).toBeVisible();
  found.push(...(await violations(page, "/ (account menu open)")));
  await page.goto("/add-address");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText("Please enter the street.")).toBeVisible();
  found.push(...(await violations(page, "/add-address (refused)")));

  expect(found).toEqual([]);
});

test("the seller area has no WCAG 2.1 A/AA violations", async ({ page, context }) => {
  const sample = await catalogueSample(page.request);
  await signInDemoSeller(context.request);
  const found = await auditPages(page, sellerPages(sample));

  // A refused product form.
  await page.goto("/seller");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product name is required.")).toBeVisible();
  found.push(...(await violations(page, "/seller (refused)")));

  expect(found).toEqual([]);
});

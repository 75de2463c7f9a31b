// axe-core (WCAG 2.1 A and AA rules) on every page of the spec's route table: as a visitor, as a signed-in
// shopper with a cart, an address and an order, and in the seller area; with the menus and the login modal
// open; in both projects (with JavaScript and without). Any violation fails the test, listed by page.
//
// axe runs in the page and needs JavaScript. In the no-js project the pages are browsed without it, and each
// page as that browser built it (its DOM, <noscript> content included, scripts left out) is audited in a
// second page with JavaScript on, which shows that same document with the same viewport.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  catalogueSample,
  prepareShopper,
  sellerPages,
  shopperPages,
  signInDemoSeller,
  type Visit,
  visitorPages,
} from "./route-table.ts";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The page itself with JavaScript; without, a copy of the document the browser built, where axe can run. */
async function auditable(page: Page, browser: Browser): Promise<{ target: Page; done: () => Promise<void> }> {
  if (test.info().project.use.javaScriptEnabled !== false) return { target: page, done: async () => {} };
  const html = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll("script")) script.remove();
    // Without JavaScript a <noscript>'s content is part of the page; with it, it would be inert text.
    for (const noscript of copy.querySelectorAll("noscript")) noscript.replaceWith(...noscript.childNodes);
    return `<!DOCTYPE html>${copy.outerHTML}`;
  });
  const url = page.url();
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const target = await context.newPage();
  await target.route(
    (requested) => requested.href === url,
    (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await target.goto(url);
  await target.waitForLoadState("networkidle");
  return { target, done: () => context.close() };
}

/** The violations axe finds on the page as it is now, one line per rule with the first nodes it names. */
async function violations(page: Page, label: string): Promise<string[]> {
  const { target, done } = await auditable(page, page.context().browser()!);
  const results = await new AxeBuilder({ page: target }).withTags(WCAG_21_AA).analyze();
  await done();
  const found = results.violations.map(
    (v) =>
      `${label}: ${v.id} ×${v.nodes.length} (${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")})`,
  );
  // The count per page, so a run shows where things stand (also when it passes).
  console.log(`axe ${test.info().project.name} ${label}: ${found.length} rules violated`);
  return found;
}

async function auditPages(page: Page, visits: Visit[]) {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.path);
    await page.waitForLoadState("networkidle");
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

// No page of the spec's route table scrolls sideways on a phone: at 320 and 375 px wide, with JavaScript and
// without, as a visitor, a signed-in shopper (with a cart, an address and an order) and the seller, the
// document is never wider than the screen. Any page that is lists itself with its width.
import type { Page } from "@playwright/test";
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

const WIDTHS = [320, 375];

// The three walks share nothing (each its own session): on any free worker, not one after another.
test.describe.configure({ mode: "parallel" });

/** Every page at every width: "<path> at <width> px: <document width> px wide" for each that is wider. */
async function tooWide(page: Page, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const visit of visits) {
      await page.goto(visit.path);
      await page.waitForLoadState("load");
      const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
        const edge = document.documentElement.clientWidth;
        // The innermost elements that reach past the screen's edge, to say where to look.
        const past = [...document.body.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > edge);
        const innermost = past.filter((e) => !past.some((other) => other !== e && e.contains(other)));
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: edge,
          culprits: innermost
            .slice(0, 3)
            .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 4).join(".")}`)
            .join(", "),
        };
      });
      if (scrollWidth > clientWidth) found.push(`${visit.path} at ${width} px: ${scrollWidth} px wide (${culprits})`);
    }
  }
  return found;
}

test("a visitor's pages fit a 320 and a 375 px screen", async ({ page }) => {
  const sample = await catalogueSample(page.request);
  expect(await tooWide(page, visitorPages(sample))).toEqual([]);
});

test("a signed-in shopper's pages fit a 320 and a 375 px screen", async ({ page, context, baseURL }) => {
  const sample = await catalogueSample(page.request);
  await prepareShopper(context.request, sample, baseURL!);
  expect(await tooWide(page, shopperPages(sample))).toEqual([]);
});

test("the seller's pages fit a 320 and a 375 px screen", async ({ page, context }) => {
  const sample = await catalogueSample(page.request);
  await signInDemoSeller(context.request);
  expect(await tooWide(page, sellerPages(sample))).toEqual([]);
});

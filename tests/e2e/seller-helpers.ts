// Shared steps for the seller end-to-end specs. The e2e server's seed creates the demo seller
// (db/seed.ts → ensureDemoSeller); every spec makes its own products with unique names.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

export const DEMO_SELLER = { email: "seller@trendora.test", password: "trendora-seller" };

export const isNoJs = () => test.info().project.name === "no-js";

export function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A small real image file for setInputFiles. */
export async function imageFile(name: string, colour: string) {
  const format = name.endsWith(".jpg") ? "jpeg" : "png";
  const image = sharp({ create: { width: 240, height: 240, channels: 3, background: colour } });
  const buffer = await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Signs in on the form shown at `path` (/seller-login, or any /seller page for a visitor). */
export async function signInAsSeller(page: Page, path = "/seller-login") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
  await page.getByLabel("Email").fill(DEMO_SELLER.email);
  await page.getByLabel("Password").fill(DEMO_SELLER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Seller")).toBeVisible();
}

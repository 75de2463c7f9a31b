// Shared steps for the seller end-to-end specs. The e2e server's seed creates the demo seller
// (db/seed.ts → ensureDemoSeller), whom tests/e2e/fixtures.ts signs in; every spec makes its own products
// with unique names.
import { test } from "@playwright/test";
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

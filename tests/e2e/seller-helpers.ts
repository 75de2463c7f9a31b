// Shared steps for the seller end-to-end specs. The e2e server's seed creates the demo seller
// (db/seed.ts → ensureDemoSeller), whom tests/e2e/fixtures.ts signs in; every spec makes its own products
// with unique names.
import path from "node:path";
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

/**
 * Cash orders written straight into the end-to-end server's SQLite file (E2E_DATA_DIR), each of one demo
 * product: enough orders for the seller's list to need more than one page. Ids start with `prefix`.
 */
export async function insertCashOrders(prefix: string, count: number) {
  const { default: Database } = await import("better-sqlite3");
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const client = new Database(path.join(dataDir, "store.db"));
  try {
    client.pragma("busy_timeout = 10000");
    const product = client.prepare("SELECT id, offer_price_cents AS cents FROM products LIMIT 1").get() as {
      id: string;
      cents: number;
    };
    const userId = `${prefix}user`;
    const address = JSON.stringify({ firstName: "Paged", lastName: "Buyer", street: "1 Test Road", city: "Pune" });
    client.transaction(() => {
      client
        .prepare("INSERT INTO users (id, name, email, password_hash, created_at) VALUES (?, ?, ?, 'x', ?)")
        .run(userId, "Paged Buyer", `${userId}@example.com`, Date.now());
      const order = client.prepare(
        `INSERT INTO orders (id, user_id, payment_type, subtotal_cents, tax_cents, amount_cents, status, is_paid, address, created_at)
         VALUES (?, ?, 'COD', ?, 0, ?, 'Order Placed', 0, ?, ?)`,
      );
      const item = client.prepare(
        "INSERT INTO order_items (id, order_id, product_id, quantity, unit_price_cents, position) VALUES (?, ?, ?, 1, ?, 0)",
      );
      for (let i = 0; i < count; i++) {
        const id = `${prefix}${String(i).padStart(4, "0")}`;
        order.run(id, userId, product.cents, product.cents, address, Date.now() - 86_400_000 - i * 1000);
        item.run(`${id}-0`, id, product.id, product.cents);
      }
    })();
  } finally {
    client.close();
  }
}

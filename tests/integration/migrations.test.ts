// The committed migrations carry a store's data over: a database made by the first migration, with a cart,
// an order and sessions in it, opened by today's code keeps every row, in the order it had.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server.ts";
import { savedCartIn } from "#app/modules/cart/index.server.ts";
import { registerSearchFunctions } from "#app/modules/catalog/sqlite-search.server.ts";
import { stockLinesIn } from "#app/modules/inventory/index.server.ts";
import { orderLinesIn } from "#app/modules/orders/index.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database as the first release made it: only migration 0000 applied (or those up to `lastIdx`). */
function firstReleaseDatabase(file: string, lastIdx = 0) {
  const folder = path.join(dir, `release-${lastIdx}`);
  cpSync("db/migrations", folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  // Migration 0006 on calls the search index's function, as every connection of the store has it.
  registerSearchFunctions(sqlite);
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  return sqlite;
}

describe("migrating a store made by the first release", () => {
  it("keeps every row, the cart's lines and the order's lines in their order, and every reference", async () => {
    const file = path.join(dir, "store.db");
    const old = firstReleaseDatabase(file);
    old.exec(`
      INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('u1', 'Asha', 'asha@x.com', 'h', 1000);
      INSERT INTO products (id, name, category, price_cents, offer_price_cents, size, created_at)
        VALUES ('pz', 'Zed', 'Men', 500, 400, NULL, 1000), ('pa', 'Ant', 'Men', 500, 400, ' M ', 1001),
               ('pm', 'Mid', 'Men', 500, 400, '32W x 32L', 1002);
      INSERT INTO cart_items (user_id, product_id, quantity) VALUES ('u1', 'pz', 1), ('u1', 'pa', 2), ('u1', 'pm', 3);
      INSERT INTO addresses (id, user_id, first_name, street, city, zipcode, country, phone, created_at)
        VALUES ('a1', 'u1', 'Asha', 'S', 'C', '12345', 'IN', '5551234567', 1000);
      INSERT INTO orders (id, user_id, payment_type, subtotal_cents, tax_cents, amount_cents, address_id, address, created_at)
        VALUES ('o1', 'u1', 'COD', 1200, 24, 1224, 'a1', '{}', 2000);
      INSERT INTO order_items (id, order_id, product_id, quantity, unit_price_cents)
        VALUES ('iz', 'o1', 'pm', 1, 400), ('ia', 'o1', 'pz', 2, 400);
      INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('s1', 'u1', 9999999999999, 1000);
    `);
    old.close();

    const store = openDatabase(file);
    try {
      // The cart in the order its lines were added (not the order of the product ids); a product's old size
      // label became its only size (not counted), and its cart and order lines took it.
      expect([...(await savedCartIn(store, "u1"))]).toEqual([
        ["pz", 1],
        ["pa:M", 2],
        ["pm:32W x 32L", 3],
      ]);
      expect((await orderLinesIn(store, ["o1"])).get("o1")!.map((l) => [l.productId, l.size, l.quantity])).toEqual([
        ["pm", "32W x 32L", 1],
        ["pz", "", 2],
      ]);
      expect(Object.fromEntries(await stockLinesIn(store, ["pz", "pa", "pm"]))).toEqual({
        pz: [{ size: "", stock: null }],
        pa: [{ size: "M", stock: null }],
        pm: [{ size: "32W x 32L", stock: null }],
      });
      // Old orders took nothing from a count, so cancelling one puts nothing back.
      expect(
        store.$client
          .prepare("SELECT stock_taken, stock_returned_at FROM order_items, orders WHERE orders.id = order_id")
          .all(),
      ).toEqual([
        { stock_taken: 0, stock_returned_at: null },
        { stock_taken: 0, stock_returned_at: null },
      ]);
      const count = (table: string) =>
        (store.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(
        ["users", "products", "product_sizes", "cart_items", "addresses", "orders", "order_items", "sessions"].map(
          count,
        ),
      ).toEqual([1, 3, 3, 3, 1, 1, 2, 1]);
      // Migration 0006: each product has its place in "newest first", the search index holds the names,
      // and the trending count has the units of the placed order.
      const catalogue = store.$client
        .prepare("SELECT id, seq, units_sold AS units FROM products ORDER BY seq DESC")
        .all() as { id: string; seq: number; units: number }[];
      expect(catalogue.map((p) => [p.id, p.units])).toEqual([
        ["pm", 1],
        ["pa", 0],
        ["pz", 2],
      ]);
      const found = (text: string) =>
        store.$client
          .prepare("SELECT rowid FROM products_search WHERE products_search MATCH ?")
          .all(`"${text}"`)
          .map((row) => (row as { rowid: number }).rowid);
      expect(found("zed")).toEqual([catalogue[2]!.seq]);
      expect(found("mid")).toEqual([catalogue[0]!.seq]);
      expect(store.$client.pragma("foreign_key_check")).toEqual([]);
      expect(store.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    } finally {
      store.$client.close();
    }
  });
});

describe("migrating a store whose outbox held reset links in plain text (issue 16)", () => {
  it("stops those links and strips them from the stored mails; a waiting one is not sent", () => {
    const file = path.join(dir, "with-reset-links.db");
    const old = firstReleaseDatabase(file, 5);
    const link = "https://shop.example/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    old.exec(`
      INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('u1', 'Asha', 'asha@x.com', 'h', 1000);
      INSERT INTO password_resets (id, user_id, token_hash, expires_at, used_at, created_at)
        VALUES ('r1', 'u1', 'hash1', 9999999999999, NULL, 1000), ('r2', 'u1', 'hash2', 9999999999999, 1500, 1000);
      INSERT INTO mail_outbox (id, message_id, kind, recipient, subject, text_body, html_body, state, due_at, created_at)
        VALUES ('m1', '<m1@x>', 'password-reset', 'asha@x.com', 'Reset', '${link}', '<a href="${link}">', 'pending', 1, 1000),
               ('m2', '<m2@x>', 'password-reset', 'asha@x.com', 'Reset', '${link}', '<a href="${link}">', 'sent', 1, 1000),
               ('m3', '<m3@x>', 'order-status', 'asha@x.com', 'Order', 'Shipped', '<p>Shipped</p>', 'pending', 1, 1000);
    `);
    old.close();

    const store = openDatabase(file);
    try {
      const resets = store.$client.prepare("SELECT id, used_at AS usedAt FROM password_resets ORDER BY id").all();
      expect(resets).toEqual([
        { id: "r1", usedAt: expect.any(Number) },
        { id: "r2", usedAt: 1500 },
      ]);
      const mails = store.$client
        .prepare(
          "SELECT id, state, text_body || html_body AS body, sealed_secret AS sealed FROM mail_outbox ORDER BY id",
        )
        .all() as { id: string; state: string; body: string; sealed: string | null }[];
      expect(mails.map((m) => [m.id, m.state, m.body.includes("token="), m.sealed])).toEqual([
        ["m1", "failed", false, null],
        ["m2", "sent", false, null],
        ["m3", "pending", false, null],
      ]);
      expect(mails[2]!.body).toBe("Shipped<p>Shipped</p>");
    } finally {
      store.$client.close();
    }
  });
});

describe("migrating the shop settings of a store made before issue 30", () => {
  const settingsAfter = (file: string, setUp: string) => {
    const old = firstReleaseDatabase(file, 8);
    old.exec(setUp);
    old.close();
    const store = openDatabase(file);
    try {
      return store.$client
        .prepare(
          "SELECT name, demo, return_days AS returnDays, tagline, contact_email AS email, phone, address, shipping_policy AS shipping, terms_policy AS terms FROM shop_settings",
        )
        .get() as Record<string, unknown>;
    } finally {
      store.$client.close();
    }
  };

  it("a store with the demo catalogue becomes the demo shop and keeps the demo's words", () => {
    const settings = settingsAfter(
      path.join(dir, "demo-shop.db"),
      `INSERT INTO products (id, name, category, price_cents, offer_price_cents, created_at, demo)
         VALUES ('p1', 'Demo Tee', 'Men', 500, 400, 1000, 1);`,
    );
    expect(settings).toMatchObject({ name: "Trendora", demo: 1, returnDays: 30, email: "support@trendora.example" });
    expect(settings.shipping).toContain("Shipping is free on every order.");
  });

  it("any other store loses the demo's contact details, tagline and policies, but keeps what its owner wrote", () => {
    const settings = settingsAfter(
      path.join(dir, "own-shop.db"),
      `INSERT INTO products (id, name, category, price_cents, offer_price_cents, created_at) VALUES ('p1', 'Own Tee', 'Men', 500, 400, 1000);
       UPDATE shop_settings SET name = 'Maison Lumière', phone = '+33 1 23 45 67 89', terms_policy = 'Our terms.';`,
    );
    expect(settings).toEqual({
      name: "Maison Lumière",
      demo: 0,
      returnDays: null,
      tagline: "",
      email: "",
      phone: "+33 1 23 45 67 89",
      address: "",
      shipping: "",
      terms: "Our terms.",
    });
  });
});

describe("migrating the name of a shop that is not the demo (decision 0280)", () => {
  const nameAfter = (file: string, setUp: string) => {
    const old = firstReleaseDatabase(file, 9);
    old.exec(setUp);
    old.close();
    const store = openDatabase(file);
    try {
      return store.$client.prepare("SELECT name, mail_sender_name AS sender FROM shop_settings").get();
    } finally {
      store.$client.close();
    }
  };

  it("a store that is not set up stops calling itself by the demo's name", () => {
    expect(nameAfter(path.join(dir, "unnamed.db"), "SELECT 1;")).toEqual({
      name: "Online Shop",
      sender: "Online Shop",
    });
  });

  it("the demo shop and a set-up shop keep their names, even one its owner called Trendora", () => {
    expect(nameAfter(path.join(dir, "demo-named.db"), "UPDATE shop_settings SET demo = 1;")).toEqual({
      name: "Trendora",
      sender: "Trendora",
    });
    const ownerChose = `INSERT INTO sellers (id, email, password_hash, created_at) VALUES ('s1', 'o@shop.test', 'x', 1);`;
    expect(nameAfter(path.join(dir, "owner-named.db"), ownerChose)).toEqual({ name: "Trendora", sender: "Trendora" });
  });
});

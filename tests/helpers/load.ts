// Shoppers that load the real production server over HTTP (tests/integration/load.test.ts and crash.test.ts):
// each registers, saves an address, then places cash-on-delivery orders one after another, a fixed number of
// them. What the server acknowledged (a 201 with an order id) is written down, so the tests can check the
// database afterwards: every acknowledged order stored exactly once, with consistent amounts.
import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { orderItems, orders } from "#db/tables.ts";
import { onPostgres } from "../engines.ts";
import { createProduct } from "./factories.ts";

/** A number from the environment (a positive integer), or the default. */
export function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export type Acknowledged = { orderId: string; userId: string; productId: string; quantity: number };

/** What one load run saw: every answer's status, what failed, what was acknowledged. */
export class LoadLog {
  requests = 0;
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];
  readonly acknowledged: Acknowledged[] = [];

  count(status: number) {
    this.requests += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
}

export type Product = { id: string; offerPriceCents: number };

/** Products for the shoppers to buy, written to the test's database before the server starts. */
export async function loadProducts(count = 6): Promise<Product[]> {
  const made: Product[] = [];
  for (let i = 0; i < count; i++)
    made.push(
      await createProduct({ name: `Load Tee ${i}`, priceCents: 3000 + i * 111, offerPriceCents: 1999 + i * 137 }),
    );
  return made;
}

/** The environment of a server the shoppers load: one trusted proxy, so each shopper has an address of its own. */
export const LOAD_SERVER_ENV = { TRUST_PROXY: "1" };

let shoppersMade = 0;

/**
 * One shopper's browser against the server at `origin`: a cookie jar, the Origin its posts carry, and an
 * address of its own (X-Forwarded-For through the trusted proxy), as real shoppers have.
 */
export class LoadShopper {
  cookie = "";
  userId = "";
  addressId = "";
  private readonly address = `2001:db8:${(0x1000 + ++shoppersMade).toString(16)}::1`;
  constructor(
    readonly email: string,
    private readonly log: LoadLog,
  ) {}

  async send(origin: string, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Origin: origin, "X-Forwarded-For": this.address };
    if (this.cookie) headers.Cookie = this.cookie;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const text = await response.text();
    this.log.count(response.status);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      if (pair?.startsWith("__session=")) this.cookie = pair;
    }
    if (response.status >= 400) this.log.failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : null };
  }

  /** Registers and saves an address (once per shopper, whatever the rounds). */
  async signUp(origin: string) {
    const registered = await this.send(origin, "POST", "/api/user/register", {
      name: "Load Shopper",
      email: this.email,
      password: "load-test-password",
    });
    expect(registered.status).toBe(201);
    this.userId = registered.json.user._id;
    const address = await this.send(origin, "POST", "/api/address/add", {
      address: {
        firstName: "Lena",
        lastName: "Load",
        street: "1 Busy Street",
        city: "Pune",
        zipcode: "411001",
        country: "India",
        phone: "+91 98765 43210",
      },
    });
    expect(address.status).toBe(201);
    this.addressId = address.json.address._id;
  }

  /**
   * One round of shopping: a catalogue read, the saved cart replaced, a cash order placed (with an
   * Idempotency-Key). Returns false when the server could not be reached (it was killed).
   */
  async shop(origin: string, products: Product[], round: number): Promise<boolean> {
    const product = products[(this.email.length + round) % products.length]!;
    const quantity = 1 + (round % 3);
    try {
      await this.send(origin, "GET", "/api/product/list");
      await this.send(origin, "POST", "/api/cart/update", { cartItems: { [product.id]: quantity } });
      const placed = await this.send(origin, "POST", "/api/order/cod", {
        items: [{ product: product.id, quantity }],
        address: this.addressId,
      });
      if (placed.status === 201) {
        this.log.acknowledged.push({
          orderId: placed.json.orderId,
          userId: this.userId,
          productId: product.id,
          quantity,
        });
      }
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Checks the database against what was acknowledged: each order exactly once, for its shopper, with its one
 * line at the product's price, and subtotal, 2% tax (rounded down) and total adding up; and no other order
 * of these shoppers (nothing stored that was not acknowledged, beyond requests cut off by a crash).
 */
export async function expectAcknowledgedOrders(log: LoadLog, products: Product[], { exact }: { exact: boolean }) {
  const price = new Map(products.map((p) => [p.id, p.offerPriceCents]));
  const ids = log.acknowledged.map((a) => a.orderId);
  expect(new Set(ids).size, "each acknowledgement names its own order").toBe(ids.length);
  const stored = new Map<string, typeof orders.$inferSelect>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, ids.slice(i, i + 500)))) {
      stored.set(row.id, row);
    }
  }
  const problems: string[] = [];
  for (const ack of log.acknowledged) {
    const order = stored.get(ack.orderId);
    if (!order) {
      problems.push(`acknowledged order ${ack.orderId} is missing`);
      continue;
    }
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, ack.orderId));
    const unit = price.get(ack.productId)!;
    const subtotal = unit * ack.quantity;
    const tax = Math.floor((subtotal * 2) / 100);
    const expected = {
      userId: ack.userId,
      paymentType: "COD",
      subtotalCents: subtotal,
      taxCents: tax,
      amountCents: subtotal + tax,
    };
    const actual = {
      userId: order.userId,
      paymentType: order.paymentType,
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      amountCents: order.amountCents,
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(`order ${ack.orderId}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
    const line = lines.map((l) => [l.productId, l.quantity, l.unitPriceCents]);
    if (JSON.stringify(line) !== JSON.stringify([[ack.productId, ack.quantity, unit]])) {
      problems.push(`order ${ack.orderId}: lines ${JSON.stringify(line)}`);
    }
  }
  expect(problems, "acknowledged orders as stored").toEqual([]);
  const shopperIds = [...new Set(log.acknowledged.map((a) => a.userId))];
  const all = await db().select({ id: orders.id }).from(orders).where(inArray(orders.userId, shopperIds));
  if (exact) expect(all.length, "orders of these shoppers, all acknowledged").toBe(ids.length);
  else expect(all.length).toBeGreaterThanOrEqual(ids.length);
}

/**
 * SQLite's own checks of the database file: the pages and indexes, and every reference. PostgreSQL keeps its
 * references checked by itself and has no file-level check to ask for: nothing to do there.
 */
export function expectSoundDatabase() {
  if (onPostgres) return;
  expect(db().$client.pragma("integrity_check", { simple: true })).toBe("ok");
  expect(db().$client.pragma("foreign_key_check")).toEqual([]);
}

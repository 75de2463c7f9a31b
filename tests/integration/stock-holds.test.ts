// Units held by unpaid online orders: taken when the order is placed, kept when it is paid, and put back
// exactly once whichever way it ends (a failed payment, an expired session, Cancel on the checkout page, the
// sweep of stale orders, a new order closing the earlier checkout, a session that could not be made), with
// events replayed and in either order. The real `stripe` SDK talks to the sandbox over HTTP.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { Refusal } from "#app/lib/refusal.ts";
import {
  cancelCheckout,
  cancelOrderForSession,
  expireStaleOnlineOrders,
  placeCartOrder,
  startOnlineCheckout,
  stripeClient,
} from "#app/modules/checkout/index.server.ts";
import { cartItems, orders, productSizes } from "#db/tables.ts";
import { appForFile, visit } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { deadOrigin } from "../helpers/ports.ts";
import { createShopperWithAddress } from "../helpers/shopper.ts";
import { deliverWebhook } from "../helpers/stripe-webhook.ts";

const ORIGIN = "http://localhost:3000";
const site = appForFile();

/** A shopper with an address and a saved cart of `quantity` units of a shirt in M, of which `stock` are left. */
async function shopperAndShirt(stock = 5, quantity = 2) {
  const shirt = await createProduct({ name: "Linen Shirt", offerPriceCents: 2500 }, { sizes: [["M", stock]] });
  const { user, address } = await createShopperWithAddress();
  await db().insert(cartItems).values({ userId: user.id, productId: shirt.id, size: "M", quantity });
  return { shirt, user, address };
}

async function checkout(stock = 5, quantity = 2) {
  const shopper = await shopperAndShirt(stock, quantity);
  const result = await startOnlineCheckout({
    userId: shopper.user.id,
    addressId: shopper.address.id,
    items: "saved-cart",
    requestKey: newId(),
    origin: ORIGIN,
  });
  return { ...shopper, ...result, sessionId: (await orderRow(result.orderId)).stripeSessionId! };
}

async function orderRow(id: string) {
  return (await first(db().select().from(orders).where(eq(orders.id, id))))!;
}

/** Presses a button on the sandbox's hosted page, as the shopper's browser does (a plain form post). */
async function press(sessionUrl: string, intent: "pay" | "cancel" | "fail" | "expire") {
  const response = await visit(site.app, sessionUrl, { intent });
  expect(response.status).toBe(303);
}

/** A signed webhook event over HTTP, as Stripe sends it (again, for a replay). */
async function deliverEvent(type: string, object: object, id?: string) {
  const { status, outcome } = await deliverWebhook(site.app.url, type, object, { id });
  expect(status).toBe(200);
  return outcome;
}

describe("an unpaid online order holds its units", () => {
  it("takes them when placed and keeps them once paid", async () => {
    const { shirt, url, orderId } = await checkout(5, 2);
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, stockReturnedAt: null });
    await press(url, "pay");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed", stockReturnedAt: null });
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
  });

  it("a failed payment puts them back once, however often its events come", async () => {
    const { shirt, url, orderId, sessionId } = await checkout(5, 2);
    await press(url, "fail");
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", isPaid: false });
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(await deliverEvent("checkout.session.async_payment_failed", session)).toBe("already-closed");
    expect(await deliverEvent("checkout.session.expired", session)).toBe("already-closed");
    expect(await cancelOrderForSession(session)).toBe("already-closed");
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
  });

  it("an expired session puts them back once, with the sweep and a late webhook after it", async () => {
    const { shirt, url, orderId, sessionId } = await checkout(5, 2);
    await press(url, "expire");
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    await expireStaleOnlineOrders(Date.now() + 3 * 60 * 60 * 1000);
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(await deliverEvent("checkout.session.expired", session)).toBe("already-closed");
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
  });

  it("Cancel on the checkout page puts them back once; a reload and two tabs at once change nothing more", async () => {
    const { shirt, user, orderId } = await checkout(5, 2);
    const [first, second] = await Promise.all([cancelCheckout(user.id, orderId), cancelCheckout(user.id, orderId)]);
    expect([first, second].filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await cancelCheckout(user.id, orderId)).toBeNull();
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
  });

  it("the sweep of stale checkouts puts them back once; the money arriving after all takes them again", async () => {
    const { shirt, url, orderId } = await checkout(5, 2);
    // Lost webhooks: the order lingers until the sweep finds it stale.
    expect(await expireStaleOnlineOrders(Date.now() + 3 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled" });
    expect((await orderRow(orderId)).stockReturnedAt).not.toBeNull();
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    await expireStaleOnlineOrders(Date.now() + 3 * 60 * 60 * 1000);
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    // A delayed payment succeeds after all: the order is placed again and holds its units again.
    await press(url, "pay");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed", stockReturnedAt: null });
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
  });

  it("a paid order whose units sold meanwhile goes below zero, said in the log, so the seller sees it", async () => {
    const { shirt, url, orderId } = await checkout(2, 2);
    await expireStaleOnlineOrders(Date.now() + 3 * 60 * 60 * 1000);
    expect(await stockOf(shirt.id)).toEqual({ M: 2 });
    await db().update(productSizes).set({ stock: 1 }).where(eq(productSizes.productId, shirt.id));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await press(url, "pay");
    expect(warn.mock.calls.some(([message]) => String(message).includes("oversold"))).toBe(true);
    expect((await orderRow(orderId)).isPaid).toBe(true);
    expect(await stockOf(shirt.id)).toEqual({ M: -1 });
  });

  it("ordering again closes the earlier checkout and puts its units back before taking them for the new order", async () => {
    const { shirt, user, address, orderId } = await checkout(5, 2);
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
    const cash = await placeCartOrder({
      shopperId: user.id,
      paymentType: "COD",
      addressId: address.id,
      requestKey: newId(),
      origin: ORIGIN,
    });
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect((await orderRow(cash.orderId)).status).toBe("Order Placed");
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
  });

  it("a checkout that cannot be started takes its order and its units back", async () => {
    const { shirt, user, address } = await shopperAndShirt(5, 2);
    process.env.STRIPE_SANDBOX_URL = await deadOrigin();
    site.app.reconfigure();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const error = await startOnlineCheckout({
        userId: user.id,
        addressId: address.id,
        items: "saved-cart",
        requestKey: newId(),
        origin: ORIGIN,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Refusal);
      expect((error as Refusal).status).toBe(503);
    } finally {
      warn.mockRestore();
      process.env.STRIPE_SANDBOX_URL = site.app.url;
      site.app.reconfigure();
    }
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
  });

  it("refuses an online order for more than is left, before any session is made", async () => {
    const { shirt, user, address } = await shopperAndShirt(1, 1);
    const error = await startOnlineCheckout({
      userId: user.id,
      addressId: address.id,
      items: [{ productId: shirt.id, size: "M", quantity: 2 }],
      requestKey: newId(),
      origin: ORIGIN,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: "Only 1 left of Linen Shirt, M" });
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await stockOf(shirt.id)).toEqual({ M: 1 });
  });
});

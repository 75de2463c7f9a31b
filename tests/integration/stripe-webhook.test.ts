// POST /api/stripe/webhook: signature verification on the raw body, each event type, idempotency, and
// events for sessions the store did not create. Sessions are real ones, made through the SDK in the sandbox.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first as firstRow } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { startOnlineCheckout, stripeClient } from "#app/modules/checkout/index.server.ts";
import { orders, stripeEvents } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { createShopperWithAddress } from "../helpers/shopper.ts";
import { signWebhook, webhookEvent, webhookRequest } from "../helpers/stripe-webhook.ts";

const site = appForFile();

/** An online order of the store with its open Checkout Session (as the SDK returns it). */
async function onlineOrder() {
  const { user, address } = await createShopperWithAddress();
  const product = await createProduct({ offerPriceCents: 2499 });
  const { orderId } = await startOnlineCheckout({
    userId: user.id,
    addressId: address.id,
    items: [{ productId: product.id, quantity: 2 }],
    origin: "http://localhost:3000",
  });
  const order = (await firstRow(db().select().from(orders).where(eq(orders.id, orderId))))!;
  const session = await stripeClient().checkout.sessions.retrieve(order.stripeSessionId!);
  return { orderId, session };
}

async function orderRow(id: string) {
  return (await firstRow(db().select().from(orders).where(eq(orders.id, id))))!;
}

const eventCount = async () => (await db().select().from(stripeEvents)).length;

async function post(payload: string, signature: string | null) {
  const response = await site.app.fetch(webhookRequest("http://shop.test", payload, signature));
  return { status: response.status, body: await response.json() };
}

async function deliver(type: string, object: object, id?: string) {
  const payload = webhookEvent(type, object, id);
  return post(payload, signWebhook(payload));
}

describe("signature verification", () => {
  it("a missing, forged, tampered or stale signature gets 400 and changes nothing", async () => {
    const { orderId, session } = await onlineOrder();
    const paid = { ...session, status: "complete", payment_status: "paid" };
    const payload = webhookEvent("checkout.session.completed", paid);
    const before = await orderRow(orderId);
    const events = await eventCount();

    const attempts: [string, string | null, string][] = [
      ["missing", null, payload],
      ["garbage", "not a signature", payload],
      ["wrong secret", signWebhook(payload, { secret: "whsec_forged_by_someone_else" }), payload],
      ["signed for another body", signWebhook(payload), payload.replace('"livemode":false', '"livemode":true')],
      ["too old (replayed capture)", signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }), payload],
      ["dated 6 minutes ahead", signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) + 360 }), payload],
      ["dated a day ahead", signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) + 86_400 }), payload],
      ["v0 scheme only", signWebhook(payload).replace("v1=", "v0="), payload],
    ];
    for (const [name, signature, body] of attempts) {
      const response = await post(body, signature);
      expect([name, response.status]).toEqual([name, 400]);
      expect(response.body.error).toMatch(/signature/i);
    }
    expect(await orderRow(orderId)).toEqual(before);
    expect(await eventCount()).toBe(events);
  });

  it("a timestamp up to 5 minutes ahead (a clock a little off) is accepted", async () => {
    const { orderId, session } = await onlineOrder();
    const payload = webhookEvent("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
    });
    const response = await post(payload, signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) + 240 }));
    expect(response).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it("a body over the limit gets 413, and GET 405", async () => {
    const huge = "x".repeat(600 * 1024);
    expect((await post(huge, signWebhook(huge))).status).toBe(413);
    expect((await site.client().get("/api/stripe/webhook")).status).toBe(405);
  });
});

describe("events", () => {
  it("checkout.session.completed with payment_status paid marks the order paid; a replay changes nothing", async () => {
    const { orderId, session } = await onlineOrder();
    const eventId = `evt_${newId()}`;
    const paid = { ...session, status: "complete", payment_status: "paid" };
    const first = await deliver("checkout.session.completed", paid, eventId);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    const after = await orderRow(orderId);
    expect(after).toMatchObject({ isPaid: true, status: "Order Placed" });
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toEqual([
      expect.objectContaining({ id: eventId, type: "checkout.session.completed" }),
    ]);
    const events = await eventCount();

    const replay = await deliver("checkout.session.completed", paid, eventId);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: "duplicate-event" } });
    // A different event for the same payment (Stripe may send both) does not pay twice either.
    const another = await deliver("checkout.session.async_payment_succeeded", paid);
    expect(another.body.outcome).toBe("already-paid");
    expect(await orderRow(orderId)).toEqual(after);
    expect(await eventCount()).toBe(events + 1);
  });

  it("checkout.session.completed while the payment is still pending changes nothing; async success pays", async () => {
    const { orderId, session } = await onlineOrder();
    const pending = { ...session, status: "complete", payment_status: "unpaid" };
    expect((await deliver("checkout.session.completed", pending)).body.outcome).toBe("not-paid");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });

    const paid = { ...pending, payment_status: "paid" };
    expect((await deliver("checkout.session.async_payment_succeeded", paid)).body.outcome).toBe("paid");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed" });
  });

  it("checkout.session.async_payment_failed cancels the unpaid order", async () => {
    const { orderId, session } = await onlineOrder();
    const failed = { ...session, status: "complete", payment_status: "unpaid" };
    expect((await deliver("checkout.session.async_payment_failed", failed)).body.outcome).toBe("cancelled");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });
    expect((await deliver("checkout.session.async_payment_failed", failed)).body.outcome).toBe("already-closed");
  });

  it("checkout.session.expired cancels the unpaid order, but never a paid one", async () => {
    const unpaid = await onlineOrder();
    const expired = { ...unpaid.session, status: "expired", url: null };
    expect((await deliver("checkout.session.expired", expired)).body.outcome).toBe("cancelled");
    expect(await orderRow(unpaid.orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });

    // Out of order: the paid event arrives, then a (bogus or late) expiry; the paid order stays placed.
    const paidOrder = await onlineOrder();
    await deliver("checkout.session.completed", { ...paidOrder.session, status: "complete", payment_status: "paid" });
    expect((await deliver("checkout.session.expired", { ...paidOrder.session, status: "expired" })).body.outcome).toBe(
      "already-paid",
    );
    expect(await orderRow(paidOrder.orderId)).toMatchObject({ isPaid: true, status: "Order Placed" });
  });

  it("ignores sessions the store did not create, other event types, and mismatched amounts", async () => {
    const { orderId, session } = await onlineOrder();
    const before = await orderRow(orderId);
    const events = await eventCount();
    const strangers = [
      { ...session, id: "cs_test_someoneelse", payment_status: "paid", metadata: { orderId } },
      { ...session, payment_status: "paid", metadata: { orderId: "anotherorder" } },
    ];
    for (const stranger of strangers) {
      const response = await deliver("checkout.session.completed", stranger);
      expect(response).toEqual({ status: 200, body: { received: true, outcome: "unknown-session" } });
    }
    const other = await deliver("payment_intent.succeeded", { id: "pi_123", object: "payment_intent" });
    expect(other).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    expect(await orderRow(orderId)).toEqual(before);
    expect(await eventCount()).toBe(events);

    // Paid, but not the order's amount (never from Stripe for a session we made): not marked paid.
    const wrongAmount = { ...session, payment_status: "paid", amount_total: session.amount_total! - 1 };
    expect((await deliver("checkout.session.completed", wrongAmount)).body.outcome).toBe("amount-mismatch");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false });
  });

  it("verifies the raw body as it arrives over HTTP", async () => {
    const { orderId, session } = await onlineOrder();
    const payload = webhookEvent("checkout.session.completed", { ...session, payment_status: "paid" });
    const response = await fetch(webhookRequest(site.app.url, payload));
    expect(response.status).toBe(200);
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });
});

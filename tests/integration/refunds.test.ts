// Refunds through the production handler, with the built store's own Stripe sandbox on a loopback port: the
// seller's refund form posted twice, Stripe's refund events delivered again, a refund made in Stripe's
// dashboard, the sandbox's errors, and a cash order marked paid. Each shows one refund where one was asked for.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { db, first as firstRow } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { SANDBOX_SECRET_KEY } from "#app/lib/stripe-sandbox-config.server.ts";
import { startOnlineCheckout, stripeClient } from "#app/modules/checkout/index.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { mailOutbox, orderPayments, orders, refunds } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { waitUntil } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser } from "../helpers/shopper.ts";
import { deliverWebhook } from "../helpers/stripe-webhook.ts";

const site = appForFile();

/** An online order of two lines (2 × $10.00 and 1 × $5.00: $25.50 with tax), paid in the sandbox. */
async function paidOrder() {
  const user = await createUser();
  const address = await createAddress(user.id);
  const shirt = await createProduct({ offerPriceCents: 1000, priceCents: 2000 }, { stock: 10 });
  const scarf = await createProduct({ offerPriceCents: 500, priceCents: 900 }, { stock: 10 });
  const { orderId } = await startOnlineCheckout({
    userId: user.id,
    addressId: address.id,
    items: [
      { productId: shirt.id, quantity: 2 },
      { productId: scarf.id, quantity: 1 },
    ],
    requestKey: newId(),
    origin: "http://localhost:3000",
  });
  const sessionId = (await orderRow(orderId))!.stripeSessionId!;
  await actOnCheckoutSession(sessionId, "pay");
  await waitUntil(async () => (await orderRow(orderId))?.isPaid === true);
  const paymentIntent = (await firstRow(db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId))))!
    .paymentIntentId!;
  return { orderId, user, shirt, scarf, paymentIntent };
}

/** Units left of a product without sizes. */
const units = async (productId: string) => Number((await stockOf(productId))[""]);

const orderRow = async (id: string) => await firstRow(db().select().from(orders).where(eq(orders.id, id)));
const ledger = async (orderId: string) => await db().select().from(refunds).where(eq(refunds.orderId, orderId));
const refundMails = async (to: string) =>
  (await db().select().from(mailOutbox)).filter((m) => m.kind === "refund" && m.recipient === to);

async function seller() {
  return site.client(await sellerCookie());
}

const refundPath = (orderId: string) => `/seller/orders/${orderId}/refund`;

describe("cancel and refund in full", () => {
  it("a double click (the same form twice, even at once) makes one refund, one cancel and one mail", async () => {
    const { orderId, user, shirt, paymentIntent } = await paidOrder();
    const stockBefore = await units(shirt.id);
    const client = await seller();
    // The orders list's cancel goes to the confirmation page first.
    const asked = await client.post("/seller/orders", {
      form: { intent: "status", orderId, status: "Cancelled", page: "1" },
    });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe(`${refundPath(orderId)}?cancel=1`);
    expect((await orderRow(orderId))?.status).toBe("Order Placed");

    const form = { intent: "refund", requestKey: newToken(), kind: "cancel", restock: "on" };
    const answers = await Promise.all([
      client.post(refundPath(orderId), { form }),
      client.post(refundPath(orderId), { form }),
    ]);
    const again = await client.post(refundPath(orderId), { form });
    for (const answer of [...answers, again]) expect(answer.status).toBe(303);

    const rows = await ledger(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 2550, status: "succeeded", idempotencyKey: form.requestKey });
    expect(rows[0]!.stripeRefundId).toMatch(/^re_/);
    const atStripe = await stripeClient().refunds.list({ payment_intent: paymentIntent });
    expect(atStripe.data).toHaveLength(1);
    const intent = await stripeClient().paymentIntents.retrieve(paymentIntent);
    const charge = await stripeClient().charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount: 2550, amount_refunded: 2550, refunded: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", isPaid: true });
    expect(await units(shirt.id)).toBe(stockBefore + 2);
    expect(await refundMails(user.email)).toHaveLength(1);
    expect((await refundMails(user.email))[0]!.textBody).toContain("We have refunded $25.50");

    // Nothing is left: a new form is refused with a message, not a 500.
    const more = await client.post(refundPath(orderId), {
      form: { intent: "refund", requestKey: newToken(), kind: "full" },
    });
    expect(more.status).toBe(409);
    // The seller's list and the shopper's /api say so.
    const list = (await routeData(client, "/seller/orders", "routes/seller/orders")).data as {
      orders: { id: string; refundStatus: string | null }[];
    };
    expect(list.orders.find((o) => o.id === orderId)?.refundStatus).toBe("Refunded");
  });
});

describe("Stripe's events", () => {
  it("a redelivered event, and the same refund in another event, change nothing", async () => {
    const { orderId, user } = await paidOrder();
    const client = await seller();
    await client.post(refundPath(orderId), {
      form: { intent: "refund", requestKey: newToken(), kind: "amount", amount: "5.00" },
    });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ amountCents: 500, status: "succeeded" });
    const refund = await stripeClient().refunds.retrieve(row!.stripeRefundId!);
    const origin = process.env.STRIPE_SANDBOX_URL!;
    const first = await deliverWebhook(origin, "refund.updated", refund, { id: "evt_refund_again_1" });
    const replay = await deliverWebhook(origin, "refund.updated", refund, { id: "evt_refund_again_1" });
    const other = await deliverWebhook(origin, "refund.created", refund);
    expect([first.outcome, replay.outcome, other.outcome]).toEqual(["unchanged", "duplicate-event", "unchanged"]);
    expect(await ledger(orderId)).toHaveLength(1);
    expect(await refundMails(user.email)).toHaveLength(1);
    expect((await orderRow(orderId))?.status).toBe("Order Placed");
  });

  it("a refund made in Stripe's dashboard arrives by webhook only, once, and counts against what is left", async () => {
    const { orderId, paymentIntent, user } = await paidOrder();
    // The dashboard: no metadata, no store involved.
    const refund = await stripeClient().refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    await waitUntil(async () => (await ledger(orderId)).length === 1);
    expect((await ledger(orderId))[0]).toMatchObject({
      amountCents: 1000,
      status: "succeeded",
      stripeRefundId: refund.id,
    });
    const charge = await stripeClient().charges.retrieve(String(refund.charge));
    const redelivered = await deliverWebhook(process.env.STRIPE_SANDBOX_URL!, "charge.refunded", charge);
    expect(redelivered.outcome).toBe("unchanged");
    expect(await ledger(orderId)).toHaveLength(1);
    expect(await refundMails(user.email)).toHaveLength(1);
    // $15.50 is left: asking for more is refused before Stripe is asked.
    const client = await seller();
    const over = await client.post(refundPath(orderId), {
      form: { intent: "refund", requestKey: newToken(), kind: "amount", amount: "15.51" },
    });
    expect(over.status).toBe(400);
    expect(over.text).toContain("At most $15.50.");
    expect(await ledger(orderId)).toHaveLength(1);
  });
});

describe("the sandbox speaks refunds like Stripe", () => {
  it("refuses a refund over what is left and one of a charge refunded in full, with Stripe's codes", async () => {
    const { paymentIntent } = await paidOrder();
    const stripe = stripeClient();
    const tooMuch = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 2551 }).catch((e) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      code: "amount_too_large",
      message: "Refund amount ($25.51) is greater than unrefunded amount on charge ($25.50)",
    });
    const key = `test-${newId()}`;
    const whole = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: key });
    const replayed = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: key });
    expect(replayed.id).toBe(whole.id);
    expect(whole).toMatchObject({ amount: 2550, status: "succeeded", object: "refund" });
    const already = await stripe.refunds.create({ payment_intent: paymentIntent }).catch((e) => e);
    expect(already).toMatchObject({ code: "charge_already_refunded" });
    expect(already.message).toMatch(/^Charge ch_\w+ has already been refunded\.$/);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((r) => r.id)).toEqual([whole.id]);
  });
});

describe("a refund that fails, then succeeds", () => {
  it("goes pending, then failed (shown with Try again); trying again twice makes one new refund", async () => {
    const { orderId, scarf, paymentIntent } = await paidOrder();
    const client = await seller();
    const stockBefore = await units(scarf.id);
    await fetch(new URL("/v1/test_helpers/sandbox/fail_next_refund", process.env.STRIPE_SANDBOX_URL), {
      method: "POST",
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
      body: new URLSearchParams({ payment_intent: paymentIntent }),
    });
    await client.post(refundPath(orderId), {
      form: { intent: "refund", requestKey: newToken(), kind: "lines", "qty-1": "1", restock: "on" },
    });
    await waitUntil(async () => (await ledger(orderId))[0]?.status === "failed");
    const [failed] = await ledger(orderId);
    expect(failed).toMatchObject({ amountCents: 510, lines: [{ position: 1, quantity: 1 }] });
    // The unit went back once, whatever became of the money.
    expect(await units(scarf.id)).toBe(stockBefore + 1);
    let list = (await routeData(client, "/seller/orders", "routes/seller/orders")).data as {
      orders: { id: string; refundStatus: string | null; retryRefundId: string | null }[];
    };
    expect(list.orders.find((o) => o.id === orderId)).toMatchObject({
      refundStatus: "Refund failed",
      retryRefundId: failed!.id,
    });
    const retry = { intent: "retry-refund", orderId, refundId: failed!.id, page: "1" };
    await Promise.all([client.post("/seller/orders", { form: retry }), client.post("/seller/orders", { form: retry })]);
    const rows = await ledger(orderId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id !== failed!.id)).toMatchObject({ amountCents: 510, status: "succeeded" });
    expect(await units(scarf.id)).toBe(stockBefore + 1);
    list = (await routeData(client, "/seller/orders", "routes/seller/orders")).data as typeof list;
    expect(list.orders.find((o) => o.id === orderId)?.refundStatus).toBe("Partly refunded");
  });
});

describe("cash orders marked paid", () => {
  it("are paid once marked, can be undone until an orders CSV carries them", async () => {
    const user = await createUser();
    const address = await createAddress(user.id);
    const product = await createProduct({ offerPriceCents: 1000 });
    const { order } = await placeOrder({
      userId: user.id,
      addressId: address.id,
      items: [{ productId: product.id, quantity: 1 }],
      paymentType: "COD",
    });
    const client = await seller();
    const post = (intent: string) => client.post("/seller/orders", { form: { intent, orderId: order.id, page: "1" } });
    expect((await post("cash-paid")).status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ isPaid: true });
    expect((await post("cash-paid")).status).toBe(409);
    expect((await post("cash-unpaid")).status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ isPaid: false, paidAt: null });
    await post("cash-paid");
    const today = new Date().toISOString().slice(0, 10);
    const csv = await client.get(`/seller/orders.csv?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    const row = csv.text.split("\n").find((line) => line.startsWith(order.id));
    expect(row).toBeDefined();
    expect(csv.text.split("\n")[0]).toContain("Refunded,Cash unpaid");
    const undo = await post("cash-unpaid");
    expect(undo.status).toBe(409);
    expect(await orderRow(order.id)).toMatchObject({ isPaid: true });
    const apiOrders = (await client.get("/api/order/seller")).json as {
      orders: { _id: string; isPaid: boolean; paymentLabel: string; refundStatus: null }[];
    };
    expect(apiOrders.orders.find((o) => o._id === order.id)).toMatchObject({
      isPaid: true,
      paymentLabel: "Paid",
      refundStatus: null,
    });
  });
});

describe("bad input writes nothing", () => {
  it("an unknown order is a 404 page; bad amounts, lines and keys are refused with a message", async () => {
    const client = await seller();
    const missing = await routeData(client, refundPath("zzzzzzzzzzzzzzzzzzzz"), "routes/seller/refund");
    expect(missing.error?.status).toBe(404);
    const { orderId } = await paidOrder();
    const cases: Record<string, string>[] = [
      { kind: "amount", amount: "-5" },
      { kind: "amount", amount: "1e9" },
      { kind: "amount", amount: "25.51" },
      { kind: "lines", "qty-0": "3" },
      { kind: "lines", "qty-0": "x" },
      { kind: "lines" },
      { kind: "everything" },
      { kind: "full", requestKey: "short" },
    ];
    for (const fields of cases) {
      const answer = await client.post(refundPath(orderId), {
        form: { intent: "refund", requestKey: newToken(), ...fields },
      });
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect(await ledger(orderId)).toHaveLength(0);
    // A key already used for another order's refund is not reused for this one.
    const other = await paidOrder();
    const requestKey = newToken();
    await client.post(refundPath(other.orderId), { form: { intent: "refund", requestKey, kind: "full" } });
    const reused = await client.post(refundPath(orderId), { form: { intent: "refund", requestKey, kind: "full" } });
    expect(reused.status).toBe(409);
    expect(await ledger(orderId)).toHaveLength(0);
    expect((await orderRow(orderId))?.status).toBe("Order Placed");
  });
});

// Refunds of orders with a discount, of orders paid nothing, and of orders refunded in full (issue 30): a refund by
// line gives back the line's own share of the discount (stored on the line when the order was placed), an order not
// shipped yet that keeps no unit or nothing paid is cancelled, and the overview's revenue is what was kept.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { startOnlineCheckout, stripeClient } from "#app/modules/checkout/index.server.ts";
import { sellerOverview } from "#app/modules/reporting/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { discountCodes, discountUses, orderItems, orderPayments, orders, refunds } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { waitUntil } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;
const ledger = async (orderId: string) => await db().select().from(refunds).where(eq(refunds.orderId, orderId));
const units = async (productId: string) => Number((await stockOf(productId))[""]);
const refundPath = (orderId: string) => `/seller/orders/${orderId}/refund`;

/** A percent code the seller made, limited to these products (all when none). */
async function percentCode(value: number, productIds: string[] = []) {
  const code = `C${newId()
    .slice(0, 10)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "X")}`;
  await db().insert(discountCodes).values({ id: newId(), code, kind: "percent", value, productIds, categories: [] });
  return code;
}

/** An online order of one unit of each product, with a code, paid in the sandbox (unless it costs nothing). */
async function paidOrder(productIds: string[], discountCode?: string) {
  const user = await createUser();
  const address = await createAddress(user.id);
  const { orderId, paid } = await startOnlineCheckout({
    userId: user.id,
    addressId: address.id,
    items: productIds.map((productId) => ({ productId, quantity: 1 })),
    requestKey: newId(),
    origin: "http://localhost:3000",
    discountCode,
  });
  if (!paid) {
    await actOnCheckoutSession((await orderRow(orderId)).stripeSessionId!, "pay");
    await waitUntil(async () => (await orderRow(orderId)).isPaid);
  }
  return { orderId, user };
}

type RefundPageData = {
  order: { status: string };
  lines: { name: string; refundableCents: number }[];
  canCancel: boolean;
  canRefund: boolean;
  why: string | null;
};

async function refundPageOf(orderId: string) {
  const client = site.client(await sellerCookie());
  return (await routeData(client, refundPath(orderId), "routes/seller/refund")).data as RefundPageData;
}

async function post(orderId: string, fields: Record<string, string>) {
  const client = site.client(await sellerCookie());
  return client.post(refundPath(orderId), { form: { intent: "refund", requestKey: newToken(), ...fields } });
}

describe("a refund by line and the discount", () => {
  it("gives back the line's own share of a code limited to it, shown on the page before Confirm", async () => {
    // A $100.00 and B $60.00; 50% off A only: $50.00 + $60.00 + 2% tax = $112.20 paid, $51.00 of it for A.
    const a = await createProduct({ offerPriceCents: 10_000 }, { stock: 5 });
    const b = await createProduct({ offerPriceCents: 6000 }, { stock: 5 });
    const { orderId, user } = await paidOrder([a.id, b.id], await percentCode(50, [a.id]));
    expect(await orderRow(orderId)).toMatchObject({ amountCents: 11_220, discountCents: 5000 });
    const stored = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(new Map(stored.map((line) => [line.productId, line.discountCents]))).toEqual(
      new Map([
        [a.id, 5000],
        [b.id, 0],
      ]),
    );

    const page = await refundPageOf(orderId);
    expect(page.lines.map((line) => line.refundableCents)).toEqual([5100, 6120]);
    const html = (await site.client(await sellerCookie()).get(refundPath(orderId))).text;
    expect(html).toContain("$51.00");
    expect(html).toContain("$61.20");

    expect((await post(orderId, { kind: "lines", "qty-0": "1" })).status).toBe(303);
    expect((await ledger(orderId)).map((row) => [row.amountCents, row.status])).toEqual([[5100, "succeeded"]]);
    expect((await orderRow(orderId)).status).toBe("Order Placed");

    // The last line: the order keeps no unit, so it is cancelled and all that is left goes back with it.
    const stockB = await units(b.id);
    expect((await post(orderId, { kind: "lines", "qty-1": "1" })).status).toBe(303);
    const rows = await ledger(orderId);
    expect(rows.map((row) => row.amountCents).sort()).toEqual([5100, 6120]);
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    // Neither refund put units back (no restock): the cancel did.
    expect(await units(b.id)).toBe(stockB + 1);
    const intent = (await first(db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId))))!;
    const charge = await stripeClient().charges.retrieve(
      String((await stripeClient().paymentIntents.retrieve(intent.paymentIntentId!)).latest_charge),
    );
    expect(charge).toMatchObject({ amount_refunded: 11_220, refunded: true });
    // The shopper sees a cancelled order, refunded.
    const myOrders = (await site.client(await signedInCookie(user.id)).get("/my-orders")).text;
    expect(myOrders).toContain("Cancelled");
    expect(myOrders).not.toContain("Order Placed");
  });

  it("an order placed before shares were stored spreads its discount over its lines by their amounts", async () => {
    const a = await createProduct({ offerPriceCents: 10_000 }, { stock: 5 });
    const b = await createProduct({ offerPriceCents: 6000 }, { stock: 5 });
    const { orderId } = await paidOrder([a.id, b.id], await percentCode(10));
    // As migration 0009 leaves an older order's lines.
    await db().update(orderItems).set({ discountCents: null }).where(eq(orderItems.orderId, orderId));
    // $16.00 off $160.00: A carries $10.00, B $6.00; with 2% tax $91.80 and $55.08.
    expect((await refundPageOf(orderId)).lines.map((line) => line.refundableCents)).toEqual([9180, 5508]);
  });
});

describe("cancelling with nothing to refund", () => {
  it("an online order paid $0.00 is cancelled: its units and its code's use go back, no refund is made", async () => {
    const product = await createProduct({ offerPriceCents: 2500 }, { stock: 5 });
    const { orderId } = await paidOrder([product.id], await percentCode(100));
    expect(await orderRow(orderId)).toMatchObject({ amountCents: 0, isPaid: true, status: "Order Placed" });
    const before = await units(product.id);
    const page = await refundPageOf(orderId);
    expect(page).toMatchObject({ canCancel: true, canRefund: false });
    expect(page.why).toContain("Nothing was paid for this order");
    expect((await site.client(await sellerCookie()).get(refundPath(orderId))).text).toContain("Cancel the order");

    const form = { kind: "cancel", requestKey: newToken() };
    expect((await post(orderId, form)).status).toBe(303);
    // The same form again (a resent page) finds it cancelled: nothing more happens.
    expect((await post(orderId, form)).status).toBe(303);
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect(await units(product.id)).toBe(before + 1);
    expect(await ledger(orderId)).toHaveLength(0);
    const [use] = await db().select().from(discountUses).where(eq(discountUses.orderId, orderId));
    expect(use?.state).toBe("released");
  });

  it("an order refunded in full in Stripe's dashboard is offered the cancel, and then leaves the revenue", async () => {
    const product = await createProduct({ offerPriceCents: 4000 }, { stock: 5 });
    const { orderId } = await paidOrder([product.id]);
    const revenue = async () => (await sellerOverview()).totals.today.revenueCents;
    const withOrder = await revenue();
    const intent = (await first(db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId))))!;
    await stripeClient().refunds.create({ payment_intent: intent.paymentIntentId!, amount: 1000 });
    await waitUntil(async () => (await ledger(orderId))[0]?.status === "succeeded");
    // A refund comes off the revenue.
    expect(await revenue()).toBe(withOrder - 1000);
    await stripeClient().refunds.create({ payment_intent: intent.paymentIntentId! });
    await waitUntil(async () => (await ledger(orderId)).filter((row) => row.status === "succeeded").length === 2);
    expect((await orderRow(orderId)).status).toBe("Order Placed");
    expect(await revenue()).toBe(withOrder - 4080);
    const page = await refundPageOf(orderId);
    expect(page).toMatchObject({ canCancel: true, canRefund: false });
    expect(page.why).toContain("cancelling it puts its units back in stock");

    const before = await units(product.id);
    expect((await post(orderId, { kind: "cancel" })).status).toBe(303);
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect(await units(product.id)).toBe(before + 1);
    expect(await ledger(orderId)).toHaveLength(2);
    expect(await revenue()).toBe(withOrder - 4080);
  });
});

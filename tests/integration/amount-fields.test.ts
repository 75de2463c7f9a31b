// Every amount a seller types shows the currency it is in (issue 31; decision 0275): the product's prices, the
// shipping fee and threshold, a discount code's value and minimum in the shop's currency, a refund in the
// order's own, and each is the input decision 0225 gives a money field in the shop's way of writing amounts.
// Through the production handler, as a browser without JavaScript gets the pages (the e2e spec of the settings
// checks the same with JavaScript).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { startOnlineCheckout } from "#app/modules/checkout/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { orders, refunds } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { decodeHtml } from "../helpers/hostile.ts";
import { waitUntil } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { settingsForm } from "../helpers/settings-form.ts";
import { createAddress, createUser } from "../helpers/shopper.ts";

const site = appForFile();

/** A page's text as it reads: entities decoded, React's text separators gone. */
const textOf = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");
const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;

/** The amount field named `name`: the sign shown beside it, the currency it names, and its input tag. */
function amountField(html: string, name: string) {
  const found = textOf(html).match(
    new RegExp(`data-currency="([A-Z]{3})"[^>]*>([^<]*)</span><span[^>]*>(<input[^>]*name="${name}"[^>]*>)`),
  );
  expect(found, `an amount field named ${name}`).not.toBeNull();
  const [, currency, sign, input] = found!;
  return { currency, sign, input };
}

async function sellerPage(path: string) {
  const seller = site.client(await sellerCookie());
  const page = await seller.get(path);
  expect(page.status).toBe(200);
  return page.text;
}

async function saveSettings(changes: Record<string, string>) {
  const seller = site.client(await sellerCookie());
  const saved = await seller.post("/seller/settings", { multipart: settingsForm(changes) });
  expect(saved.status, textOf(saved.text).slice(0, 2000)).toBe(303);
}

/** An order paid online in the shop's currency of the moment. */
async function paidOrder() {
  const user = await createUser();
  const kept = await createAddress(user.id);
  const product = await createProduct({ offerPriceCents: 1000, priceCents: 2000 }, { stock: 10 });
  const { orderId } = await startOnlineCheckout({
    userId: user.id,
    addressId: kept.id,
    items: [{ productId: product.id, quantity: 1 }],
    requestKey: newId(),
    origin: "http://localhost:3000",
  });
  await actOnCheckoutSession((await orderRow(orderId)).stripeSessionId!, "pay");
  await waitUntil(async () => (await orderRow(orderId)).isPaid === true);
  return orderId;
}

describe("amount fields in the shop's currency, a refund in the order's", () => {
  let dollarOrder = "";

  it("shows dollars, as number inputs, in a shop in US dollars (today's default)", async () => {
    dollarOrder = await paidOrder();
    expect((await orderRow(dollarOrder)).currency).toBe("USD");
    const product = await sellerPage("/seller");
    for (const name of ["price", "offerPrice"]) {
      const field = amountField(product, name);
      expect([field.currency, field.sign]).toEqual(["USD", "$"]);
      expect(field.input).toContain('type="number"');
      expect(field.input).toContain('step="0.01"');
    }
    const settings = await sellerPage("/seller/settings");
    expect(amountField(settings, "shippingFlat").sign).toBe("$");
    expect(amountField(settings, "freeShippingFrom").sign).toBe("$");
    const refund = textOf(await sellerPage(`/seller/orders/${dollarOrder}/refund`));
    expect(refund).toContain("Amount ($)");
  });

  it("follows the shop into euros written the German way: €, text fields that take 4,90", async () => {
    await saveSettings({ country: "DE", locale: "de-DE", currency: "EUR" });
    const product = await sellerPage("/seller");
    for (const name of ["price", "offerPrice"]) {
      const field = amountField(product, name);
      expect([field.currency, field.sign]).toEqual(["EUR", "€"]);
      expect(field.input).toContain('type="text"');
      expect(field.input).toContain('inputMode="decimal"');
    }
    const settings = await sellerPage("/seller/settings");
    for (const name of ["shippingFlat", "freeShippingFrom"]) {
      expect(amountField(settings, name)).toMatchObject({ currency: "EUR", sign: "€" });
      expect(amountField(settings, name).input).toContain('type="text"');
    }
    const discount = await sellerPage("/seller/discounts/new");
    expect(amountField(discount, "value")).toMatchObject({ currency: "EUR", sign: "% or €" });
    expect(amountField(discount, "minSubtotal")).toMatchObject({ currency: "EUR", sign: "€" });
  });

  it("labels a refund in the order's own currency, not the shop's, and takes its comma", async () => {
    const path = `/seller/orders/${dollarOrder}/refund`;
    const page = textOf(await sellerPage(path));
    expect(page).toContain("Amount ($)");
    expect(page).not.toContain("Amount (€)");
    // The shop writes a comma: a text field, whatever the order's currency.
    expect(page.match(/<input[^>]*name="amount"[^>]*>/)?.[0]).toContain('type="text"');
    const seller = site.client(await sellerCookie());
    const form = { intent: "refund", kind: "amount", reason: "", amount: "1,50" };
    const taken = await seller.post(path, { form: { ...form, requestKey: newToken() } });
    expect(taken.status, textOf(taken.text).slice(0, 2000)).toBe(303);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, dollarOrder));
    expect(rows.map((r) => r.amountCents)).toEqual([150]);

    // A refund of an order placed in euros says euros.
    const euroOrder = await paidOrder();
    expect(textOf(await sellerPage(`/seller/orders/${euroOrder}/refund`))).toContain("Amount (€)");
  });

  it("shows yen without decimals: whole-number inputs", async () => {
    await saveSettings({ country: "JP", locale: "en-US", currency: "JPY" });
    const settings = await sellerPage("/seller/settings");
    const fee = amountField(settings, "shippingFlat");
    expect([fee.currency, fee.sign]).toEqual(["JPY", "¥"]);
    expect(fee.input).toContain('type="number"');
    expect(fee.input).toContain('step="1"');
    expect(amountField(await sellerPage("/seller"), "price").sign).toBe("¥");
  });
});

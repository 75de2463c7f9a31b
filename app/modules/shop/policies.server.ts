// The policy pages' text: what the seller wrote in the settings, or, while a policy is left empty, one written
// from the settings themselves (shipping fee and free-shipping threshold, days to return, tax, contact), so a
// shop that starts empty never shows another shop's promises (issue 30) nor a page saying nothing.
import { formatMoney, formatTaxRate } from "#app/lib/money.ts";
import type { PolicyField } from "#app/modules/shop/shared/shop.ts";
import type { ShopSettings } from "./settings.server.ts";

const writeTo = (settings: ShopSettings) =>
  settings.contactEmail ? `Write to us at ${settings.contactEmail}` : "Contact us";

function shippingPolicy(settings: ShopSettings): string {
  const money = (amount: number) => `**${formatMoney(amount, settings.currency, settings.locale)}**`;
  const cost =
    settings.shippingFlatCents === 0
      ? "Shipping is free on every order."
      : settings.freeShippingFromCents !== null
        ? `Shipping costs ${money(settings.shippingFlatCents)} per order, and is free on orders from ${money(settings.freeShippingFromCents)}.`
        : `Shipping costs ${money(settings.shippingFlatCents)} per order.`;
  return `${cost}\n\n- The cart shows the shipping before you order.\n- You get a mail when your order is on its way.`;
}

function returnsPolicy(settings: ShopSettings): string {
  if (settings.returnDays === null || settings.returnDays <= 0) {
    return `${writeTo(settings)} with your order number to ask about a return.`;
  }
  const days = settings.returnDays === 1 ? "1 day" : `${settings.returnDays} days`;
  return `You can return an item within **${days}** of delivery, unworn and with its tags.\n\n- ${writeTo(settings)} with your order number.\n- We refund the amount you paid once the item is back.`;
}

function privacyPolicy(settings: ShopSettings): string {
  return `We keep only what we need to deliver your orders: your name, your email, your addresses and your orders.\n\n- We never sell your data.\n- ${writeTo(settings)} to see or delete what we hold about you.`;
}

function termsPolicy(settings: ShopSettings): string {
  const tax =
    settings.taxRateBasisPoints === 0
      ? "Prices carry no tax."
      : settings.taxIncluded
        ? `Prices include ${formatTaxRate(settings.taxRateBasisPoints)} tax.`
        : `${formatTaxRate(settings.taxRateBasisPoints)} tax is added to the prices in the cart.`;
  return `By placing an order you agree to pay the amount shown at checkout.\n\n- ${tax}\n- ${writeTo(settings)} to cancel an order before it is shipped.`;
}

const WRITTEN_FROM_SETTINGS: Record<PolicyField, (settings: ShopSettings) => string> = {
  shippingPolicy,
  returnsPolicy,
  privacyPolicy,
  termsPolicy,
};

/** The policy as shoppers read it: the seller's own text, else the one written from the settings. */
export function policyText(settings: ShopSettings, field: PolicyField): string {
  return settings[field].trim() ? settings[field] : WRITTEN_FROM_SETTINGS[field](settings);
}

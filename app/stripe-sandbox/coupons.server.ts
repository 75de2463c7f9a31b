// Coupons, as far as the store uses them: `POST /v1/coupons` with `amount_off` and `currency` (or
// `percent_off`), `duration`, `max_redemptions`, `name`, `metadata`; `GET /v1/coupons/:id`; and a session's
// `discounts[0][coupon]`, which takes the coupon off the session's total as Stripe does (spread over the line
// items in proportion, never below zero). A coupon past its `max_redemptions` is refused; a redemption is
// counted when a session using it is paid.

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sandboxDataDir } from "#app/lib/stripe-sandbox-config.server.ts";
import { StripeApiError } from "./errors.server.ts";
import { nowSeconds, type SandboxLineItem, stripeId } from "./objects.server.ts";
import {
  asHash,
  integerParam,
  metadataParam,
  optionalString,
  type Params,
  refuseUnknownParams,
  requireString,
} from "./params.server.ts";

export type SandboxCoupon = {
  id: string;
  object: "coupon";
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: "once" | "forever" | "repeating";
  max_redemptions: number | null;
  times_redeemed: number;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  valid: boolean;
};

const COUPON_ID = /^[A-Za-z0-9_-]{1,100}$/;
const couponFile = (id: string) => path.join(sandboxDataDir(), "coupons", `${id}.json`);

function saveCoupon(coupon: SandboxCoupon) {
  const file = couponFile(coupon.id);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, JSON.stringify(coupon, null, 2));
  renameSync(temporary, file);
}

function loadCoupon(id: string): SandboxCoupon | null {
  if (!COUPON_ID.test(id)) return null;
  try {
    return JSON.parse(readFileSync(couponFile(id), "utf8")) as SandboxCoupon;
  } catch {
    return null;
  }
}

const noSuchCoupon = (id: string, param = "coupon") =>
  new StripeApiError(400, `No such coupon: '${id}'`, { param, code: "resource_missing" });

export function createCoupon(params: Params): SandboxCoupon {
  refuseUnknownParams(
    params,
    new Set(["amount_off", "percent_off", "currency", "duration", "max_redemptions", "name", "metadata", "id"]),
  );
  const amountOff =
    params.amount_off === undefined ? null : integerParam(params.amount_off, "amount_off", 1, 99_999_999);
  const percentText = typeof params.percent_off === "string" ? params.percent_off : null;
  const percentOff = percentText === null ? null : Number(percentText);
  if ((amountOff === null) === (percentOff === null)) {
    throw new StripeApiError(400, "You must pass exactly one of amount_off or percent_off.", { param: "amount_off" });
  }
  if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) {
    throw new StripeApiError(400, "percent_off must be greater than 0 and at most 100.", { param: "percent_off" });
  }
  const currency = amountOff === null ? null : requireString(params, "currency").toLowerCase();
  const duration = params.duration === undefined ? "once" : requireString(params, "duration");
  if (duration !== "once" && duration !== "forever" && duration !== "repeating") {
    throw new StripeApiError(400, `Invalid duration: ${duration}`, { param: "duration" });
  }
  const name = optionalString(params, "name", 40);
  const id = params.id === undefined ? stripeId("", 8).slice(1) : requireString(params, "id");
  if (!COUPON_ID.test(id)) throw new StripeApiError(400, "Invalid coupon id.", { param: "id" });
  if (loadCoupon(id)) {
    throw new StripeApiError(400, "Coupon already exists.", { param: "id", code: "resource_already_exists" });
  }
  const coupon: SandboxCoupon = {
    id,
    object: "coupon",
    amount_off: amountOff,
    percent_off: percentOff,
    currency,
    duration,
    max_redemptions:
      params.max_redemptions === undefined ? null : integerParam(params.max_redemptions, "max_redemptions", 1, 1e9),
    times_redeemed: 0,
    name,
    metadata: metadataParam(params),
    created: nowSeconds(),
    livemode: false,
    valid: true,
  };
  saveCoupon(coupon);
  return coupon;
}

export function retrieveCoupon(id: string): SandboxCoupon {
  const coupon = loadCoupon(id);
  if (!coupon) throw new StripeApiError(404, `No such coupon: '${id}'`, { param: "id", code: "resource_missing" });
  return coupon;
}

/** The session's `discounts` parameter: at most one coupon, valid for the session's currency. */
export function sessionCoupon(params: Params, currency: string): SandboxCoupon | null {
  const value = params.discounts;
  if (value === undefined || value === "") return null;
  if (!Array.isArray(value) || value.length !== 1) {
    throw new StripeApiError(400, "discounts must hold exactly one discount.", { param: "discounts" });
  }
  const discount = asHash(value[0], "discounts[0]");
  refuseUnknownParams(discount, new Set(["coupon"]), "discounts[0]");
  const id = requireString(discount, "coupon", "discounts[0][coupon]");
  const coupon = loadCoupon(id);
  if (!coupon) throw noSuchCoupon(id, "discounts[0][coupon]");
  if (coupon.amount_off !== null && coupon.currency !== currency) {
    throw new StripeApiError(400, `The coupon's currency (${coupon.currency}) is not the session's (${currency}).`, {
      param: "discounts[0][coupon]",
    });
  }
  if (!coupon.valid || (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)) {
    throw new StripeApiError(400, `Coupon ${id} is no longer valid.`, {
      param: "discounts[0][coupon]",
      code: "coupon_expired",
    });
  }
  return coupon;
}

/**
 * Takes the coupon off the line items, in proportion to their amounts (the last line takes the cents left
 * over), and returns the discount in all: the amount off, or the percent rounded, never more than the total.
 */
export function applyCoupon(coupon: SandboxCoupon, items: SandboxLineItem[]): number {
  const subtotal = items.reduce((sum, item) => sum + item.amount_subtotal, 0);
  const wanted =
    coupon.amount_off !== null ? coupon.amount_off : Math.round((subtotal * (coupon.percent_off ?? 0)) / 100);
  const discount = Math.min(wanted, subtotal);
  let left = discount;
  items.forEach((item, index) => {
    const share =
      index === items.length - 1
        ? left
        : Math.min(left, Math.floor((discount * item.amount_subtotal) / (subtotal || 1)));
    item.amount_discount = share;
    item.amount_total = item.amount_subtotal - share;
    left -= share;
  });
  return discount;
}

/** A paid session's coupon counts one redemption. */
export function redeemCoupon(id: string): void {
  const coupon = loadCoupon(id);
  if (!coupon) return;
  coupon.times_redeemed += 1;
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  saveCoupon(coupon);
}

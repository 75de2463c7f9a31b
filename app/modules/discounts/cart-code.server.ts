// The one code a cart carries: a signed-in shopper's is stored (cart_discount_codes), a visitor's lives in a
// signed cookie and moves to the shopper's cart when they next open it signed in. Applying checks the code
// against the cart now; the cart page checks it again on every view and the order when it is placed.
import { and, eq, sql } from "drizzle-orm";
import { db, preparedPerConnection, type Tx, transaction } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { visitorCookie } from "#app/lib/signed-cookies.server.ts";
import { normaliseCode } from "#app/modules/discounts/shared/discount-schema.ts";
import { cartDiscountCodes } from "#db/tables.ts";
import { type CodeTrier, checkDiscount, type DiscountLine, underCodeThrottle } from "./discounts.server.ts";

export const CODE_APPLIED = "Discount code applied";
export const CODE_REMOVED = "Discount code removed";

const codeCookie = visitorCookie("__discount", 30);

async function visitorCode(request: Request): Promise<string | null> {
  return normaliseCode(await codeCookie.read(request));
}

const clearVisitorCode = () => codeCookie.clear("");

/** The code a shopper's saved cart carries, by a query prepared once per connection (the cart page, every view). */
async function storedCode(userId: string): Promise<string | null> {
  return (await storedCodeOn(db(), { userId }))?.code ?? null;
}

const storedCodeOn = preparedPerConnection((connection) =>
  connection
    .select({ code: cartDiscountCodes.code })
    .from(cartDiscountCodes)
    .where(eq(cartDiscountCodes.userId, sql.placeholder("userId")))
    .prepare(),
);

async function storeCode(tx: Tx, userId: string, code: string): Promise<void> {
  await tx
    .insert(cartDiscountCodes)
    .values({ userId, code })
    .onConflictDoUpdate({ target: cartDiscountCodes.userId, set: { code, appliedAt: Date.now() } });
}

/**
 * The code on the cart of whoever sent the request, and cookies to set: a visitor's code moves to the
 * shopper's saved cart once they are signed in (unless that cart has one already).
 */
export async function readCartCode(
  request: Request,
  userId: string | null,
): Promise<{ code: string | null; cookies: string[] }> {
  const fromCookie = await visitorCode(request);
  if (!userId) return { code: fromCookie, cookies: [] };
  const stored = await storedCode(userId);
  if (!fromCookie) return { code: stored, cookies: [] };
  if (!stored) await transaction((tx) => storeCode(tx, userId, fromCookie));
  return { code: stored ?? fromCookie, cookies: [await clearVisitorCode()] };
}

/** The code a signed-in shopper's saved cart carries (what Place Order uses). */
export function savedCartCode(userId: string): Promise<string | null> {
  return storedCode(userId);
}

/**
 * Applies a code to the cart after checking it against the cart's lines, under the code throttle; a refusal
 * says why not.
 */
export async function applyCartCode(
  who: CodeTrier,
  input: unknown,
  lines: readonly DiscountLine[],
): Promise<{ message: string; cookies: string[] }> {
  const { userId } = who;
  const { code } = await underCodeThrottle(who, () => checkDiscount(db(), input, userId, lines));
  if (userId) {
    await transaction((tx) => storeCode(tx, userId, code));
    return { message: CODE_APPLIED, cookies: [] };
  }
  return { message: CODE_APPLIED, cookies: [await codeCookie.write(code)] };
}

export async function removeCartCode(
  request: Request,
  userId: string | null,
): Promise<{ message: string; cookies: string[] }> {
  if (userId) await transaction((tx) => clearCartCode(tx, userId));
  const cookies = (await visitorCode(request)) ? [await clearVisitorCode()] : [];
  return { message: CODE_REMOVED, cookies };
}

/** An order placed (or paid) with the cart's code `code` (or any, when not given): the cart no longer carries it. */
export async function clearCartCode(tx: Tx, userId: string, code?: string): Promise<void> {
  await tx
    .delete(cartDiscountCodes)
    .where(
      and(eq(cartDiscountCodes.userId, userId), code === undefined ? undefined : eq(cartDiscountCodes.code, code)),
    );
}

export type CartDiscount = { code: string; discountCents: number; refusal: string | null };

/** What the cart's code takes off its lines now, or why it does not apply (the code stays on the cart). */
export async function cartDiscount(
  code: string | null,
  userId: string | null,
  lines: readonly DiscountLine[],
): Promise<CartDiscount | null> {
  if (!code) return null;
  try {
    const { discountCents } = await checkDiscount(db(), code, userId, lines);
    return { code, discountCents, refusal: null };
  } catch (error) {
    if (error instanceof Refusal) return { code, discountCents: 0, refusal: error.message };
    throw error;
  }
}

/** The cart lines a code counts: those that can be bought now, at their prices. */
export function cartDiscountLines(
  lines: readonly {
    productId: string;
    quantity: number;
    unavailable: unknown;
    product: { category: string; unitPriceCents: number } | null;
  }[],
): DiscountLine[] {
  return lines.flatMap((line) =>
    line.product && !line.unavailable
      ? [
          {
            productId: line.productId,
            category: line.product.category,
            unitPriceCents: line.product.unitPriceCents,
            quantity: line.quantity,
          },
        ]
      : [],
  );
}

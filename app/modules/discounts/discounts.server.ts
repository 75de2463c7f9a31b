// Discount codes: the seller's codes, what a code takes off a cart, and the uses orders take and give back.
// A use is taken inside the order's own transaction with guarded updates (the code's `uses < max_uses`, the
// shopper's count under `max_uses_per_shopper`), so no limit is ever exceeded however many orders arrive at
// once; an unpaid online order holds its use, and a use goes back exactly once (a state change from held).
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { type Db, db, first, type Tx, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { formatMoney } from "#app/lib/money.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { type DiscountInput, normaliseCode } from "#app/modules/discounts/shared/discount-schema.ts";
import { startAttempt } from "#app/modules/identity/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { discountCodes, discountUses, products } from "#db/tables.ts";

export type DiscountCode = typeof discountCodes.$inferSelect;

/** A priced line as a discount sees it: only lines of the code's products or categories count. */
export type DiscountLine = { productId: string; category: string; unitPriceCents: number; quantity: number };

/**
 * The code found and what it takes off: never more than the subtotal of the lines it applies to (`lineCents`: per
 * line, the amount it applies to, so the order can store each line's share).
 */
export type AppliedDiscount = { codeId: string; code: string; discountCents: number; lineCents: number[] };

/** The one status of a code that cannot be used now (unknown, paused, expired or not started). */
export const UNUSABLE_CODE_STATUS = 404;

/** Why a code cannot be used: each refusal the shopper can be given. */
export const DISCOUNT_REFUSALS = {
  // One answer whether the code is unknown, paused, expired or not started yet: a guess learns nothing of
  // the codes that exist (decision 0210). The seller's list says which state a code is in.
  unusable: (code: string) => `The code “${code}” cannot be used. Please check the code.`,
  minimum: (code: string, cents: number, shop: { currency: string; locale: string }) =>
    `The code ${code} needs a subtotal of at least ${formatMoney(cents, shop.currency, shop.locale)}. Add more to your cart to use it.`,
  usedUp: (code: string) => `The code ${code} has been used up.`,
  alreadyUsed: (code: string) => `You have already used the code ${code}.`,
  nothingApplies: (code: string) => `The code ${code} does not apply to anything in your cart.`,
} as const;

/** A code that cannot be used now: what the code throttle counts. */
class UnusableCode extends Refusal {}

/** Who tries a code: the signed-in shopper (null: a visitor, counted by address only) and the client's address. */
export type CodeTrier = { userId: string | null; client: string };

/**
 * Runs `attempt`, in which a code typed by a shopper or an /api client is checked, under the code throttle: each
 * code that cannot be used counts against the shopper and the address, and once they have tried too many the
 * attempt is refused with 429 before the code is looked at (decision 0210). A usable code clears nothing.
 */
export async function underCodeThrottle<T>(who: CodeTrier, attempt: () => Promise<T>): Promise<T> {
  const started = await startAttempt("discount-code", { session: who.userId, client: who.client });
  try {
    const result = await attempt();
    await started.withdrawn();
    return result;
  } catch (error) {
    if (!(error instanceof UnusableCode)) await started.withdrawn();
    throw error;
  }
}

const INVALID_CODE = "Please enter a discount code (letters, digits, - or _).";

/** Per line, the amount a code applies to: all lines, or those of its products and categories (0 for the rest). */
function eligibleLineCents(code: DiscountCode, lines: readonly DiscountLine[]): number[] {
  const limited = code.productIds.length > 0 || code.categories.length > 0;
  return lines.map((line) =>
    limited && !code.productIds.includes(line.productId) && !code.categories.includes(line.category)
      ? 0
      : line.unitPriceCents * line.quantity,
  );
}

/** What the code takes off these lines: percent rounded down to the cent, never more than they cost. */
export function discountFor(code: Pick<DiscountCode, "kind" | "value">, eligibleCents: number): number {
  const off = code.kind === "percent" ? Math.floor((eligibleCents * code.value) / 100) : code.value;
  return Math.max(0, Math.min(off, eligibleCents));
}

/** How many uses of a code meet all of `conditions`. */
async function usesOf(tx: Tx | Db, codeId: string, ...conditions: SQL[]): Promise<number> {
  const row = await first(
    tx
      .select({ n: count() })
      .from(discountUses)
      .where(and(eq(discountUses.codeId, codeId), ...conditions)),
  );
  return row?.n ?? 0;
}

/** How many uses of a code are held by these orders (about to be closed, so their uses go back). */
async function usesHeldBy(tx: Tx | Db, codeId: string, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  return usesOf(tx, codeId, eq(discountUses.state, "held"), inArray(discountUses.orderId, [...orderIds]));
}

/** How many uses this shopper holds or took of a code. */
async function usesByShopper(tx: Tx | Db, codeId: string, userId: string): Promise<number> {
  return usesOf(tx, codeId, eq(discountUses.userId, userId), inArray(discountUses.state, ["held", "used"]));
}

export type DiscountCheckOptions = {
  now?: number;
  /** The shopper's open checkouts the order will close first: the uses they hold will be back by then. */
  releasing?: readonly string[];
};

/**
 * Checks a code against a cart, changing nothing; refuses with the reason the shopper is told. `userId`
 * null (a visitor): the per-shopper limit is checked when the order is placed.
 */
export async function checkDiscount(
  tx: Tx | Db,
  input: unknown,
  userId: string | null,
  lines: readonly DiscountLine[],
  { now = Date.now(), releasing = [] }: DiscountCheckOptions = {},
): Promise<AppliedDiscount & { row: DiscountCode }> {
  const code = normaliseCode(input);
  if (!code) refuse(INVALID_CODE);
  const row = await first(tx.select().from(discountCodes).where(eq(discountCodes.code, code)));
  // Said as the form's message (the cart shows it under the code field, Place Order next to its button).
  const no: (message: string, status?: number) => never = (message, status = 409) => refuse(message, status);
  if (
    !row ||
    row.paused ||
    (row.endsAt !== null && now > row.endsAt) ||
    (row.startsAt !== null && now < row.startsAt)
  ) {
    throw new UnusableCode(DISCOUNT_REFUSALS.unusable(code), UNUSABLE_CODE_STATUS);
  }
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (row.minSubtotalCents !== null && subtotal < row.minSubtotalCents) {
    no(DISCOUNT_REFUSALS.minimum(code, row.minSubtotalCents, await shopSettings()));
  }
  const backSoon = await usesHeldBy(tx, row.id, releasing);
  if (row.maxUses !== null && row.uses - backSoon >= row.maxUses) no(DISCOUNT_REFUSALS.usedUp(code));
  if (
    userId &&
    row.maxUsesPerShopper !== null &&
    (await usesByShopper(tx, row.id, userId)) - backSoon >= row.maxUsesPerShopper
  ) {
    no(DISCOUNT_REFUSALS.alreadyUsed(code));
  }
  const lineCents = eligibleLineCents(row, lines);
  const eligible = lineCents.reduce((sum, cents) => sum + cents, 0);
  if (eligible === 0) no(DISCOUNT_REFUSALS.nothingApplies(code));
  return { row, codeId: row.id, code, discountCents: discountFor(row, eligible), lineCents };
}

/**
 * Takes one use of a code for an order, inside the order's transaction: checks it as checkDiscount does,
 * then raises the code's count only while it is under its limit (a guarded UPDATE), and only then counts the
 * shopper's uses and records this one while they are under theirs. The guarded UPDATE comes first: it holds the
 * code's row for the rest of the transaction (SQLite's write lock; a row lock on PostgreSQL), so a second order
 * for the same code counts the shopper's uses only after this one has committed or rolled back.
 * `held` for an unpaid online order, `used` for a placed one.
 */
export async function takeDiscountUse(
  tx: Tx,
  input: { code: unknown; userId: string; orderId: string; lines: readonly DiscountLine[]; state: "held" | "used" },
): Promise<AppliedDiscount> {
  const applied = await checkDiscount(tx, input.code, input.userId, input.lines);
  const { row } = applied;
  const [counted] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, row.id),
        or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!counted) refuse(DISCOUNT_REFUSALS.usedUp(row.code), 409);
  if (row.maxUsesPerShopper !== null && (await usesByShopper(tx, row.id, input.userId)) >= row.maxUsesPerShopper) {
    // Thrown inside the order's transaction: the count above is rolled back with it.
    refuse(DISCOUNT_REFUSALS.alreadyUsed(row.code), 409);
  }
  await tx.insert(discountUses).values({
    id: newId(),
    codeId: row.id,
    orderId: input.orderId,
    userId: input.userId,
    state: input.state,
    createdAt: Date.now(),
  });
  return { codeId: row.id, code: row.code, discountCents: applied.discountCents, lineCents: applied.lineCents };
}

/**
 * The order was paid: its held use becomes used. A use that had gone back (the checkout expired, then the
 * payment arrived after all) is taken again without the limit's guard: the shopper paid for the discounted
 * order, so the use is recorded even past the limit rather than hidden (as an oversold unit is).
 */
export async function confirmDiscountUse(tx: Tx, orderId: string): Promise<void> {
  const now = Date.now();
  const [held] = await tx
    .update(discountUses)
    .set({ state: "used", updatedAt: now })
    .where(and(eq(discountUses.orderId, orderId), eq(discountUses.state, "held")))
    .returning({ id: discountUses.id });
  if (held) return;
  const [retaken] = await tx
    .update(discountUses)
    .set({ state: "used", updatedAt: now })
    .where(and(eq(discountUses.orderId, orderId), eq(discountUses.state, "released")))
    .returning({ codeId: discountUses.codeId });
  if (retaken) {
    await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.id, retaken.codeId));
  }
}

/**
 * The order failed, expired or was cancelled: its use goes back, exactly once (only the change from held or
 * used to released lowers the count). Returns whether a use went back.
 */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<boolean> {
  const [released] = await tx
    .update(discountUses)
    .set({ state: "released", updatedAt: Date.now() })
    .where(and(eq(discountUses.orderId, orderId), inArray(discountUses.state, ["held", "used"])))
    .returning({ codeId: discountUses.codeId });
  if (!released) return false;
  // Never below 0 (the row says uses >= 0).
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} - 1` })
    .where(and(eq(discountCodes.id, released.codeId), gt(discountCodes.uses, 0)));
  return true;
}

// ---- The seller's side ----

export type SellerDiscount = DiscountCode & { status: "Active" | "Paused" | "Scheduled" | "Expired" | "Used up" };

function statusOf(row: DiscountCode, now: number): SellerDiscount["status"] {
  if (row.paused) return "Paused";
  if (row.endsAt !== null && now > row.endsAt) return "Expired";
  if (row.startsAt !== null && now < row.startsAt) return "Scheduled";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "Used up";
  return "Active";
}

/** Every code, newest first, with what state it is in now. */
export async function listDiscounts(now = Date.now()): Promise<SellerDiscount[]> {
  const rows = await db().select().from(discountCodes).orderBy(desc(discountCodes.createdAt), asc(discountCodes.code));
  return rows.map((row) => ({ ...row, status: statusOf(row, now) }));
}

export async function findDiscount(id: unknown): Promise<DiscountCode | null> {
  if (typeof id !== "string") return null;
  return (await first(db().select().from(discountCodes).where(eq(discountCodes.id, id)))) ?? null;
}

const CODE_TAKEN = "This code already exists. Codes are case-insensitive: choose another.";

/** Creates a code, or changes the code `id`; refuses a code that exists already and unknown product ids. */
export function saveDiscount(input: DiscountInput, id?: string): Promise<DiscountCode> {
  return transaction(async (tx) => {
    if (input.productIds.length > 0) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
      if (found.length !== input.productIds.length) {
        const missing = "Some product ids are not in the product list.";
        refuse(missing, 400, { productIds: missing });
      }
    }
    const taken = await first(
      tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code)),
    );
    if (taken && taken.id !== id) refuse(CODE_TAKEN, 409, { code: CODE_TAKEN });
    if (id) {
      const [saved] = await tx
        .update(discountCodes)
        .set({ ...input, updatedAt: Date.now() })
        .where(eq(discountCodes.id, id))
        .returning();
      if (!saved) refuse("This discount code no longer exists.", 404);
      return saved;
    }
    const [created] = await tx
      .insert(discountCodes)
      .values({ id: newId(), ...input })
      .returning();
    return created!;
  });
}

export async function setDiscountPaused(id: unknown, paused: boolean): Promise<DiscountCode> {
  const row = await findDiscount(id);
  if (!row) refuse("This discount code no longer exists.", 404);
  return transaction(async (tx) => {
    const [changed] = await tx
      .update(discountCodes)
      .set({ paused, updatedAt: Date.now() })
      .where(eq(discountCodes.id, row.id))
      .returning();
    // Deleted in between: as when it was not found.
    if (!changed) refuse("This discount code no longer exists.", 404);
    return changed;
  });
}

/** Deletes a code; orders that used it keep its name and amount. */
export async function deleteDiscount(id: unknown): Promise<DiscountCode> {
  const row = await findDiscount(id);
  if (!row) refuse("This discount code no longer exists.", 404);
  await transaction(async (tx) => {
    await tx.delete(discountCodes).where(eq(discountCodes.id, row.id));
  });
  return row;
}

// The first seller without a terminal (docs/deploy.md): while the store has no seller, every start prints a
// one-time setup link in the log. The page behind it creates the owner's seller account and saves the shop's
// name, signed in at once. Only a SHA-256 of the link's token is kept; a new start replaces the link, using it
// ends it, it expires after SETUP_LINK_MS, and it stops working as soon as any seller exists.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newToken } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import {
  addFirstSeller,
  hashPassword,
  hasSeller,
  type Seller,
  startSession,
} from "#app/modules/identity/index.server.ts";
import { SETUP_LINK_INVALID, SHOP_ALREADY_SET_UP, setupSchema } from "#app/modules/setup/shared/setup-schema.ts";
import { setupTokens } from "#db/tables.ts";
import { saveShopName, shopNameSaved } from "./shop-name.server.ts";

/** A setup link works for a day: long enough to read the log after a deploy, short enough not to linger. */
export const SETUP_LINK_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as the link carries it (newToken: 43 characters of base64url); anything else is never looked up. */
const usableShape = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

export type SetupLink = { url: string; expiresAt: number };

/**
 * At start: when the store has no seller, a new setup link (earlier ones stop working) under `origin`
 * (PUBLIC_URL, else the address the server listens on); null when a seller exists (and any old link is cleared).
 */
export async function issueSetupLink(origin: string, now = Date.now()): Promise<SetupLink | null> {
  const token = newToken();
  const expiresAt = now + SETUP_LINK_MS;
  const issued = await transaction(async (tx) => {
    await tx.delete(setupTokens);
    if (await hasSeller(tx)) return false;
    await tx.insert(setupTokens).values({ tokenHash: hashOf(token), expiresAt, createdAt: now });
    return true;
  });
  if (!issued) return null;
  return { url: `${origin.replace(/\/+$/, "")}/setup?token=${token}`, expiresAt };
}

/** Whether the shop has its owner (any seller): a setup link then only points to the sign-in page. */
export async function isShopSetUp(): Promise<boolean> {
  return hasSeller();
}

/** Whether a setup link's token would work now (the page shows the form or says the link does not work). */
export async function isSetupTokenUsable(token: unknown, now = Date.now()): Promise<boolean> {
  if (!usableShape(token)) return false;
  const row = await first(
    db()
      .select()
      .from(setupTokens)
      .where(eq(setupTokens.tokenHash, hashOf(token))),
  );
  return row !== undefined && row.expiresAt > now && !(await hasSeller());
}

/**
 * The setup form: checks the fields, then in one transaction uses up the link, creates the owner's seller
 * account and saves the shop's name. A used, expired or unknown link, or a store that has a seller, is a
 * Refusal (SETUP_LINK_INVALID) and writes nothing. Returns the seller and the Set-Cookie of their session.
 */
export async function completeSetup(input: {
  token: unknown;
  shopName: unknown;
  ownerName?: unknown;
  email: unknown;
  password: unknown;
  confirm: unknown;
}): Promise<{ seller: Seller; cookie: string }> {
  const { token, ...rest } = input;
  if (await hasSeller()) throw new Refusal(SHOP_ALREADY_SET_UP, 409);
  if (!(await isSetupTokenUsable(token))) throw new Refusal(SETUP_LINK_INVALID, 400);
  const fields = parseOrRefuse(setupSchema, rest);
  const passwordHash = await hashPassword(fields.password);
  const now = Date.now();
  const seller = await transaction(async (tx) => {
    // Checked again under the write lock: of two posts of the same link, one creates the owner.
    const [used] = await tx
      .delete(setupTokens)
      .where(eq(setupTokens.tokenHash, hashOf(token as string)))
      .returning({ expiresAt: setupTokens.expiresAt });
    if (await hasSeller(tx)) throw new Refusal(SHOP_ALREADY_SET_UP, 409);
    if (!used || used.expiresAt <= now) throw new Refusal(SETUP_LINK_INVALID, 400);
    const owner = await addFirstSeller(tx, fields.email, passwordHash, fields.ownerName);
    await saveShopName(fields.shopName, tx);
    // Every other link goes with it.
    await tx.delete(setupTokens);
    return owner;
  });
  shopNameSaved();
  return { seller, cookie: await startSession("seller", seller.id) };
}

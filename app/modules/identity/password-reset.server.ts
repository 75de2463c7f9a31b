// Forgotten passwords for shoppers. Asking for a reset always answers the same, whether the email has an
// account or not; when it has, a single-use link valid for one hour is mailed (through the outbox, in the same
// transaction that stores it). Only a SHA-256 of the link's token is stored, and the mail waiting in the
// outbox holds the token sealed with a key outside the database (mail-secrets.server.ts), wiped once sent: the
// database alone (or a backup of it) cannot be used to reset anyone's password. Using the link sets the new password, ends every session of the account
// and stops its other links; the route then signs the shopper in.
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal, refuse } from "#app/lib/refusal.ts";
import { forgotPasswordSchema, resetPasswordSchema } from "#app/modules/identity/shared/account-schema.ts";
import { RESET_LINK_INVALID } from "#app/modules/identity/shared/password-reset.ts";
import {
  enqueueMail,
  passwordResetMail,
  secretPlaceholder,
  wipeExpiredSecrets,
} from "#app/modules/mail/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { passwordResets, sessions, users } from "#db/tables.ts";
import type { ShopperUser } from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { startAttempt, throttled } from "./throttle.server.ts";

export const RESET_LINK_MS = 60 * 60_000;

/** newToken(): 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The page a reset link opens (absolute, from PUBLIC_URL). */
export function resetUrl(token: string): string {
  return `${config().mailBaseUrl}/reset-password?token=${token}`;
}

/**
 * "Forgot password?": for an email with an account, stores a new link and mails it; for any other email,
 * nothing. Either way the caller answers the same. A malformed email is refused (that says nothing about
 * accounts). Every request counts against the email and the client's address (`client`): each may send a mail,
 * so past the sign-in limits (throttle.server.ts) they are refused with 429, whether the account exists or not.
 */
export async function requestPasswordReset(input: unknown, client: string): Promise<void> {
  const email = typeof input === "object" && input !== null ? (input as { email?: unknown }).email : undefined;
  const attempt = await startAttempt("password-reset", { email, client });
  try {
    await sendResetLink(input);
  } catch (error) {
    // A refused form was not a request for a link.
    await attempt.withdrawn();
    throw error;
  }
}

async function sendResetLink(input: unknown): Promise<void> {
  const { email } = parseOrRefuse(forgotPasswordSchema, input);
  const token = newToken();
  const { name: shopName } = await shopSettings();
  await transaction(async (tx) => {
    const now = Date.now();
    // Links that have run out are cleared here, now and then, rather than by a timer (the sender wipes their
    // sealed tokens every round too).
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    await wipeExpiredSecrets(tx, now);
    const user = await first(
      tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)),
    );
    if (!user) return;
    const expiresAt = now + RESET_LINK_MS;
    await tx
      .insert(passwordResets)
      .values({ id: newId(), userId: user.id, tokenHash: tokenHash(token), createdAt: now, expiresAt });
    // The mail is stored with a placeholder where the token goes; the token itself only sealed.
    const placeholder = secretPlaceholder();
    const mail = passwordResetMail(user, {
      baseUrl: config().mailBaseUrl,
      resetUrl: resetUrl(placeholder),
      shopName,
    });
    await enqueueMail(tx, { ...mail, secret: { placeholder, value: token, expiresAt } });
  });
}

/** The condition of a link that can still be used: this token, unused, not expired. */
function usableLink(token: string, now: number) {
  return and(
    eq(passwordResets.tokenHash, tokenHash(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
}

/** Whether a reset link's token can still be used (the reset page shows its form only then). */
export async function isResetTokenUsable(token: unknown): Promise<boolean> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return false;
  const row = await first(
    db().select({ id: passwordResets.id }).from(passwordResets).where(usableLink(token, Date.now())).limit(1),
  );
  return Boolean(row);
}

type ResetInput = { token: unknown; password: unknown; confirm: unknown };

/**
 * Uses a reset link: the token is claimed (single use) in the same transaction that sets the new password,
 * ends every session of the account and stops its other links. Returns the shopper, for the route to sign in.
 * A link that does not work counts as a failed guess from the client's address (`client`), like a wrong
 * password at sign-in.
 */
export function resetPassword(input: ResetInput, client: string): Promise<ShopperUser> {
  return throttled(
    "password-reset",
    { client },
    () => setNewPassword(input),
    (error) => error instanceof Refusal && error.message === RESET_LINK_INVALID,
  );
}

async function setNewPassword(input: ResetInput): Promise<ShopperUser> {
  const { token } = input;
  if (!(await isResetTokenUsable(token))) refuse(RESET_LINK_INVALID);
  const { password } = parseOrRefuse(resetPasswordSchema, input);
  const passwordHash = await hashPassword(password);
  return transaction(async (tx) => {
    const now = Date.now();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(usableLink(token as string, now))
      .returning({ userId: passwordResets.userId });
    // Used or run out while the password was being hashed.
    if (!claimed) refuse(RESET_LINK_INVALID);
    const { userId } = claimed;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    const user = await first(
      tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)),
    );
    return user!;
  });
}

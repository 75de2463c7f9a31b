// Database-backed sessions for shoppers and sellers. The cookie holds only a random session id
// (signed, HttpOnly, SameSite=Lax, Secure in production); everything else stays in the database.
import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie } from "react-router";
import { isProduction, sessionSecret } from "#app/lib/config.server.ts";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newToken } from "#app/lib/ids.ts";
import { parseSignedCookie } from "#app/lib/signed-cookies.server.ts";
import { sessions } from "#db/tables.ts";

export type SessionKind = "user" | "seller";

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

const cookieNames: Record<SessionKind, string> = { user: "__session", seller: "__seller_session" };
/** The names of the cookies that carry a shopper's or seller's session. */
export const SESSION_COOKIE_NAMES: readonly string[] = Object.values(cookieNames);

function sessionCookie(kind: SessionKind) {
  return createCookie(cookieNames[kind], {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: SESSION_MS / 1000,
    secrets: [sessionSecret()],
  });
}

/** Starts a session for a user or seller; returns the Set-Cookie header value. */
export async function startSession(kind: SessionKind, subjectId: string): Promise<string> {
  const id = newToken();
  const now = Date.now();
  await transaction(async (tx) => {
    await tx.insert(sessions).values({
      id,
      userId: kind === "user" ? subjectId : null,
      sellerId: kind === "seller" ? subjectId : null,
      expiresAt: now + SESSION_MS,
    });
    // Expired rows are swept now and then, at sign-in, rather than by a timer.
    await tx.delete(sessions).where(lt(sessions.expiresAt, now));
  });
  return sessionCookie(kind).serialize(id);
}

async function sessionIdFrom(kind: SessionKind, request: Request): Promise<string | null> {
  const value = await parseSignedCookie(sessionCookie(kind), request.headers.get("Cookie"), sessionSecret());
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : null;
}

/** The id of the signed-in user or seller, or null. */
export async function readSession(
  kind: SessionKind,
  request: Request,
): Promise<{ sessionId: string; subjectId: string } | null> {
  const sessionId = await sessionIdFrom(kind, request);
  if (!sessionId) return null;
  const row = await first(
    db()
      .select({ userId: sessions.userId, sellerId: sessions.sellerId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, Date.now()))),
  );
  const subjectId = kind === "user" ? row?.userId : row?.sellerId;
  return subjectId ? { sessionId, subjectId } : null;
}

/** Ends the session (deletes the row); returns the Set-Cookie header value that clears the cookie. */
export async function endSession(kind: SessionKind, request: Request): Promise<string> {
  const sessionId = await sessionIdFrom(kind, request);
  if (sessionId) {
    await transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
    });
  }
  return sessionCookie(kind).serialize("", { maxAge: 0 });
}

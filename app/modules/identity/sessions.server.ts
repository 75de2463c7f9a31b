// Database-backed sessions for shoppers and sellers. The cookie holds only a random session id
// (signed, HttpOnly, SameSite=Lax, Secure in production); everything else stays in the database.
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { isProduction, sessionSecret } from "#app/lib/config.server.ts";
import { db, first, preparedPerConnection, transaction } from "#app/lib/db.server.ts";
import { newToken } from "#app/lib/ids.ts";
import { parseSignedCookie } from "#app/lib/signed-cookies.server.ts";
import { sellers, sessions, users } from "#db/tables.ts";

export type SessionKind = "user" | "seller";

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

const cookieNames: Record<SessionKind, string> = { user: "__session", seller: "__seller_session" };
/** The names of the cookies that carry a shopper's or seller's session. */
export const SESSION_COOKIE_NAMES: readonly string[] = Object.values(cookieNames);

/** The cookie of each kind, made once per secret and mode (tests change them between files). */
const cookies = new Map<string, ReturnType<typeof createCookie>>();

function sessionCookie(kind: SessionKind) {
  const secret = sessionSecret();
  const secure = isProduction();
  const key = `${kind} ${secure} ${secret}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(cookieNames[kind], {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: SESSION_MS / 1000,
      secrets: [secret],
    });
    if (cookies.size > 8) cookies.clear();
    cookies.set(key, cookie);
  }
  return cookie;
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

// Who a session cookie signs in, in one query each (the session row joined to its shopper or seller), prepared
// once per connection: the identity middleware asks on every request that carries the cookie.
type Subject = typeof users | typeof sellers;
function subjectBySessionOn(
  subject: Subject,
  subjectOfSession: SQL,
  fields: { id: Subject["id"]; name: Subject["name"]; email: Subject["email"] },
) {
  return preparedPerConnection((connection) =>
    connection
      .select(fields)
      .from(sessions)
      .innerJoin(subject, subjectOfSession)
      .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now"))))
      .prepare(),
  );
}
const shopperBySessionOn = subjectBySessionOn(users, eq(users.id, sessions.userId), {
  id: users.id,
  name: users.name,
  email: users.email,
});
const sellerBySessionOn = subjectBySessionOn(sellers, eq(sellers.id, sessions.sellerId), {
  id: sellers.id,
  email: sellers.email,
  name: sellers.name,
});

/** The shopper the request's session cookie signs in (a live session of a shopper that exists), or null. */
export async function sessionShopper(request: Request): Promise<{ id: string; name: string; email: string } | null> {
  const sessionId = await sessionIdFrom("user", request);
  if (!sessionId) return null;
  return (await shopperBySessionOn(db(), { sessionId, now: Date.now() })) ?? null;
}

/** The seller the request's seller session cookie signs in, or null. */
export async function sessionSeller(request: Request): Promise<{ id: string; email: string; name: string } | null> {
  const sessionId = await sessionIdFrom("seller", request);
  if (!sessionId) return null;
  return (await sellerBySessionOn(db(), { sessionId, now: Date.now() })) ?? null;
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

// Throttles guessing: after too many failed attempts for one email or from one client address within the
// window, further attempts are refused with 429 and Retry-After before any password is checked. Attempts are
// rows in the database (they survive a restart) and pruned once out of the window. See docs/decisions/0053.
//
//   await throttled("shopper-sign-in", { email, client }, () => logIn(fields));
//
// Each attempt is counted from its start (so a hundred sent at once cannot all slip under the limit) and
// stays counted as a failure unless it succeeds (which also clears that email's earlier failures) or is
// withdrawn (it was not a guess: a field was missing).
import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import { takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { throttledAttempts } from "#db/tables.ts";

export type ThrottleKind =
  | "shopper-sign-in"
  | "seller-sign-in"
  | "password-reset"
  | "review-change"
  | "discount-code"
  | "sign-up";

/**
 * Who is attempting: the email tried (any value a client sent; normalised here; for a review change, the
 * shopper's id), or for a discount code the session trying it (the shopper's id), and the client's address.
 * Both are counted in the `email` column.
 */
export type Attempter = { email?: unknown; session?: string | null; client: string };

export type ThrottleRule = {
  /** Failures for one email (or session) within the window before it is refused. */
  perEmail: number;
  /** Failures from one client address within the window before it is refused. */
  perClient: number;
  windowMs: number;
  /** What the refusal says is too many. */
  what: string;
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const THROTTLE_RULES: Record<ThrottleKind, ThrottleRule> = {
  "shopper-sign-in": { perEmail: 10, perClient: 30, windowMs: FIFTEEN_MINUTES, what: "sign-in attempts" },
  "seller-sign-in": { perEmail: 10, perClient: 30, windowMs: FIFTEEN_MINUTES, what: "sign-in attempts" },
  "password-reset": { perEmail: 10, perClient: 30, windowMs: FIFTEEN_MINUTES, what: "password reset requests" },
  // Each review written, changed or deleted writes the product's row and makes every kept page of the catalogue
  // again: a shopper (or an address) changing reviews over and over is slowed down (decision 0217).
  "review-change": { perEmail: 10, perClient: 30, windowMs: ONE_HOUR, what: "review changes" },
  // Codes that cannot be used, per shopper and per address (decision 0210).
  "discount-code": {
    perEmail: 10,
    perClient: 30,
    windowMs: FIFTEEN_MINUTES,
    what: "discount codes that cannot be used",
  },
  // Accounts made from one address: every sign-up counts, not only failures (decision 0212). perClient is
  // SIGN_UPS_PER_ADDRESS (ruleOf).
  "sign-up": { perEmail: 10, perClient: 10, windowMs: ONE_HOUR, what: "new accounts from your address" },
};

/** A kind's rule now: the sign-up limit is a setting (the end-to-end server, many shoppers behind one address, raises it). */
function ruleOf(kind: ThrottleKind): ThrottleRule {
  const rule = THROTTLE_RULES[kind];
  return kind === "sign-up" ? { ...rule, perClient: config().SIGN_UPS_PER_ADDRESS } : rule;
}

/** The kinds by the length of their window: each pruned once out of its own window. */
const kindsByWindow = new Map<number, ThrottleKind[]>();
for (const [kind, rule] of Object.entries(THROTTLE_RULES) as [ThrottleKind, ThrottleRule][]) {
  kindsByWindow.set(rule.windowMs, [...(kindsByWindow.get(rule.windowMs) ?? []), kind]);
}

/** An attempt in progress: counted as a failure unless it is declared a success or withdrawn. */
export type Attempt = {
  /** It succeeded: it no longer counts, and neither do the email's earlier failures. */
  succeeded(): Promise<void>;
  /** It was not a real attempt (an incomplete form): it no longer counts. */
  withdrawn(): Promise<void>;
};

/**
 * The email as counted: trimmed and lower-cased, or null when there is none. It is counted before anything
 * checks it, so a NUL (which PostgreSQL cannot store or compare) is counted as U+FFFD: still one key per value.
 */
function emailKey(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const key = email.trim().toLowerCase().slice(0, 254).replaceAll("\u0000", "\uFFFD");
  return key === "" ? null : key;
}

/**
 * The client as counted: an IPv4 address as it is, an IPv6 address by its /64 network (one subscriber holds a
 * whole /64, so counting single addresses would let one guess from billions of them).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Starts an attempt: a 429 Refusal (with Retry-After) when the email or the client is over its limit,
 * else the attempt, already counted.
 */
export async function startAttempt(kind: ThrottleKind, who: Attempter): Promise<Attempt> {
  const rule = ruleOf(kind);
  // A session is counted as it is (an id, not to be lower-cased), apart from any email.
  const email = who.session ? `session:${who.session}` : emailKey(who.email);
  const client = clientKey(who.client);
  const now = Date.now();
  const id = newId();
  // One transaction, taking turns with every other attempt on the same email or client: two attempts at once
  // see each other's row (SQLite's BEGIN IMMEDIATE does that by itself; PostgreSQL needs the advisory locks).
  const until = await transaction(async (tx) => {
    await takeTurnsOn(tx, [`throttle:${kind}:client:${client}`, ...(email ? [`throttle:${kind}:email:${email}`] : [])]);
    /** When the attempts counted against `column = value` stop being too many; null when they are not. */
    const blockedUntil = async (column: "email" | "client", value: string, limit: number) => {
      const newest = await tx
        .select({ at: throttledAttempts.at })
        .from(throttledAttempts)
        .where(
          and(
            eq(throttledAttempts.kind, kind),
            eq(throttledAttempts[column], value),
            gt(throttledAttempts.at, now - rule.windowMs),
          ),
        )
        .orderBy(desc(throttledAttempts.at))
        .limit(limit);
      // Once the oldest of the newest `limit` attempts leaves the window, there is room for one more.
      return newest.length >= limit ? newest[limit - 1]!.at + rule.windowMs : null;
    };
    const byEmail = email ? await blockedUntil("email", email, rule.perEmail) : null;
    const byClient = await blockedUntil("client", client, rule.perClient);
    const blocked = Math.max(byEmail ?? 0, byClient ?? 0);
    if (blocked > now) return blocked;
    await tx.insert(throttledAttempts).values({ id, kind, email, client, at: now });
    // Pruned as attempts come in, rather than by a timer: nothing older than its kind's window is kept.
    for (const [windowMs, kinds] of kindsByWindow) {
      await tx
        .delete(throttledAttempts)
        .where(and(inArray(throttledAttempts.kind, kinds), lte(throttledAttempts.at, now - windowMs)));
    }
    return null;
  });
  if (until !== null) throw tooMany(rule, until - now);
  return {
    async succeeded() {
      await transaction(async (tx) => {
        await tx.delete(throttledAttempts).where(eq(throttledAttempts.id, id));
        // The email's count starts again; what this client did still counts against the client.
        if (email) {
          await tx
            .update(throttledAttempts)
            .set({ email: null })
            .where(and(eq(throttledAttempts.kind, kind), eq(throttledAttempts.email, email)));
        }
      });
    },
    async withdrawn() {
      await transaction(async (tx) => {
        await tx.delete(throttledAttempts).where(eq(throttledAttempts.id, id));
      });
    },
  };
}

function tooMany(rule: ThrottleRule, waitMs: number): Refusal {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? "a minute" : `${minutes} minutes`;
  return new Refusal(
    `Too many ${rule.what}. Please try again in ${wait}.`,
    429,
    {},
    { "Retry-After": String(seconds) },
  );
}

/** Refusals that are a failed guess (wrong credentials, a taken email); anything else was not a guess. */
const isGuess = (error: unknown) => error instanceof Refusal && (error.status === 401 || error.status === 409);

/**
 * Runs `attempt` under the throttle: refused with 429 when over the limit; a wrong guess (a 401 or 409
 * Refusal, or whatever `isFailure` says) counts, a success resets the email's count, any other outcome
 * (a refused form, a bug) does not count.
 */
export async function throttled<T>(
  kind: ThrottleKind,
  who: Attempter,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean = isGuess,
): Promise<T> {
  const started = await startAttempt(kind, who);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isFailure(error)) await started.withdrawn();
    throw error;
  }
  await started.succeeded();
  return result;
}

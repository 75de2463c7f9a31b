// Configuration, read and validated once from environment variables, with working defaults for local use.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * The database: a postgres:// (or postgresql://) URL runs the store on that PostgreSQL database; unset, the
   * SQLite file DATA_DIR/store.db (docs/postgresql.md). Uploaded pictures and keys stay in DATA_DIR either way.
   */
  DATABASE_URL: z
    .string()
    .refine(
      (url) => /^postgres(ql)?:\/\//i.test(url),
      "must be a postgres:// or postgresql:// URL (unset: SQLite in DATA_DIR)",
    )
    .optional(),
  /** On PostgreSQL, the most connections this process opens (its pool); all servers share max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Signs cookies. When unset, a random secret is made once and kept in DATA_DIR/session-secret (one server
   * only: with DATABASE_URL, every server must be given the same SESSION_SECRET, see severalServersRefusal).
   */
  SESSION_SECRET: z
    .string()
    .min(16, "must be at least 16 characters: set a long random value (`openssl rand -hex 32`), or leave it unset")
    .optional(),
  /**
   * Seals the secret part of mail waiting in the outbox (a reset link's token). When unset, a random key is made
   * once and kept in DATA_DIR/mail-seal-key (mode 0600), outside the database and its backups.
   */
  MAIL_SEAL_KEY: z
    .string()
    .min(32, "must be at least 32 characters: set a long random value (`openssl rand -hex 32`), or leave it unset")
    .optional(),
  /** The public address of the store, used for links that leave the site (Stripe's success and cancel URLs). */
  PUBLIC_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Without STRIPE_SECRET_KEY the SDK talks to the built-in Stripe sandbox, served by this store. Where the
   * server reaches itself; default http://127.0.0.1:PORT (set it for `npm run dev`, e.g. http://localhost:5173).
   */
  STRIPE_SANDBOX_URL: z.string().url().optional(),
  /**
   * Whether the built-in sandbox takes online payments when STRIPE_SECRET_KEY is unset: on by default, except
   * with NODE_ENV=production, where a sandbox would let anyone "pay" without paying.
   */
  STRIPE_SANDBOX: z.enum(["on", "off"]).optional(),
  /**
   * How many reverse proxies in front of the server to believe: their X-Forwarded-For and X-Forwarded-Proto
   * give the client's address and whether it came over HTTPS. 0 or "off" (the default): only the socket counts.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(off|\d{1,2})$/, 'a number of proxy hops (0-99) or "off"')
    .default("off")
    .transform((value) => (value === "off" ? 0 : Number(value))),
  /**
   * New shopper accounts one client address may make in an hour (decision 0212); more are refused with 429.
   * Raise it when many real shoppers reach the store from one address (a trusted proxy not configured, a test).
   */
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /**
   * Unpaid online checkouts one client address may have open at once (each holds its units and its code's
   * use until paid or ended, decision 0212); another Place Order online is refused with 429.
   */
  OPEN_CHECKOUTS_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  /** The longest a client may take to send a whole request (headers and body): slow uploads are cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** The longest a client may take to send the request headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).default(20_000),
  /** How long an idle keep-alive connection stays open. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** The most connections open at once; more are closed as they arrive. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(500),
  /**
   * Where mail goes: an SMTP server (smtp://user:pass@host:587 with STARTTLS, smtps://…:465). Without it, every
   * mail is written as an .eml file under DATA_DIR/outbox/ (nothing is sent).
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), "must start with smtp:// or smtps://")
    .optional(),
  /** The From of every mail: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "must be an address or Name <address>")
    .optional(),
  /** Who is told about new orders (comma-separated addresses); unset: nobody. */
  SELLER_NOTIFY_EMAIL: z
    .string()
    .trim()
    .refine(
      (list) => list.split(",").every((address) => z.email().safeParse(address.trim()).success),
      "must be one or more email addresses, separated by commas",
    )
    .optional(),
  /**
   * Where uploaded pictures are kept (default DATA_DIR/uploads). With several app servers, one directory they
   * all mount (NFS, a shared volume): a picture uploaded through one is served by every other.
   */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** Whether this process runs the background mail sender (the tests run it themselves: off). */
  MAIL_SENDER: z.enum(["on", "off"]).default("on"),
  /**
   * How long a mail sender's claim on an outbox row holds (milliseconds, default 10 minutes): a sender killed
   * mid-send leaves its row to another once this has passed. It must stay far above the longest SMTP exchange
   * (the sender's timeouts allow about two and a half minutes), or a slow send could be sent again by another
   * server; the tests lower it to see a killed server's row sent within the test.
   */
  MAIL_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
});

/** How online payment works: real Stripe, the built-in sandbox (test mode), or not offered at all. */
export type PaymentMode = "stripe" | "sandbox" | "off";

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  uploadsDir: string;
  dbFile: string;
  paymentMode: PaymentMode;
  /** Where mail is written as .eml files when SMTP_URL is unset. */
  outboxDir: string;
  /** The origin every link in a mail starts with: PUBLIC_URL, else http://localhost:PORT. */
  mailBaseUrl: string;
  mailFrom: string;
};

function paymentModeOf(env: z.infer<typeof schema>): PaymentMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (env.STRIPE_SANDBOX) return env.STRIPE_SANDBOX === "on" ? "sandbox" : "off";
  return env.NODE_ENV === "production" ? "off" : "sandbox";
}

/** THE public-address rule: PUBLIC_URL when it is set, else the address the link is made for. */
function originOf(publicUrl: string | undefined, fallback: string): string {
  return (publicUrl ?? fallback).replace(/\/+$/, "");
}

/**
 * Where links that must be absolute lead (canonical URLs, Stripe's return URLs): PUBLIC_URL, else the origin
 * of the request being answered. Mail has no request: its links use `mailBaseUrl`, the same rule on localhost.
 */
export function publicOrigin(requestOrigin: string): string {
  return originOf(config().PUBLIC_URL, requestOrigin);
}

let cached: Config | undefined;

/** A refused environment. Its message says what to set; the server prints it alone, without a stack trace. */
export class InvalidEnvironment extends Error {
  override name = "InvalidEnvironment";
}

export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new InvalidEnvironment(`Invalid environment: ${problems}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.STRIPE_SECRET_KEY && !parsed.data.PUBLIC_URL) {
    // Stripe's return URLs must not be built from a Host header a client chose.
    throw new InvalidEnvironment(
      "Invalid environment: PUBLIC_URL is required with STRIPE_SECRET_KEY when NODE_ENV=production",
    );
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new InvalidEnvironment("Invalid environment: HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS");
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.SMTP_URL && !parsed.data.PUBLIC_URL) {
    // Links in mail must point at the store, never at a Host header a client chose or at localhost.
    throw new InvalidEnvironment("Invalid environment: PUBLIC_URL is required with SMTP_URL when NODE_ENV=production");
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const mailBaseUrl = originOf(parsed.data.PUBLIC_URL, `http://localhost:${parsed.data.PORT}`);
  cached = {
    ...parsed.data,
    paymentMode: paymentModeOf(parsed.data),
    dataDir,
    uploadsDir: parsed.data.UPLOADS_DIR ? path.resolve(parsed.data.UPLOADS_DIR) : path.join(dataDir, "uploads"),
    dbFile: path.join(dataDir, "store.db"),
    outboxDir: path.join(dataDir, "outbox"),
    mailBaseUrl,
    // No display name of its own: mail carries the shop's sender name (its settings).
    mailFrom: parsed.data.MAIL_FROM ?? `no-reply@${new URL(mailBaseUrl).hostname}`,
  };
  return cached;
}

/**
 * Why this server must not start as one of several (DATABASE_URL set: the database is shared, so other servers
 * may run beside this one), or null. What one process keeps in DATA_DIR must then be the same on every server:
 * the session secret (else a session signed by one is refused by the others) and the mail seal key (else a reset
 * mail queued by one cannot be opened by the sender of another); and the built-in Stripe sandbox keeps its
 * sessions in files under DATA_DIR, which another machine does not see (docs/decisions/0147).
 */
export function severalServersRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.DATABASE_URL) return null;
  const c = config();
  const missing = [c.SESSION_SECRET ? null : "SESSION_SECRET", c.MAIL_SEAL_KEY ? null : "MAIL_SEAL_KEY"].filter(
    (name) => name !== null,
  );
  if (missing.length > 0) {
    return (
      `With DATABASE_URL set, ${missing.join(" and ")} must be set, to the same value on every app server ` +
      "(a secret made per machine would sign shoppers out, or leave mail unsendable, between servers): " +
      "generate one with `openssl rand -hex 32` (see docs/postgresql.md, Several app servers)."
    );
  }
  // The sandbox a developer gets without asking (NODE_ENV not production, STRIPE_SANDBOX unset) may run on one
  // server over PostgreSQL (`npm run start:pg`, the tests); switched on for a deployment, it is refused.
  if (c.paymentMode === "sandbox" && env.STRIPE_SANDBOX === "on") {
    return (
      "The built-in Stripe sandbox runs on one server only (it keeps its state in files under DATA_DIR): with " +
      "DATABASE_URL set, set STRIPE_SECRET_KEY (a Stripe test-mode key works) or STRIPE_SANDBOX=off."
    );
  }
  return null;
}

/** Tests point DATA_DIR somewhere else between files; this forgets what was read. */
export function resetConfigForTests() {
  cached = undefined;
  secret = undefined;
  sealKey = undefined;
}

let secret: string | undefined;

export function sessionSecret(): string {
  if (secret) return secret;
  const c = config();
  if (c.SESSION_SECRET) {
    secret = c.SESSION_SECRET;
    return secret;
  }
  secret = keptSecret(path.join(c.dataDir, "session-secret"));
  return secret;
}

/**
 * The secret kept in `file`, made by `make` (32 random bytes, hex) if the file does not exist yet. Written whole, then
 * linked into place: several processes making it at once (servers over one DATA_DIR answering their first
 * requests together) all agree on the first one's secret, and none ever reads a half-written file.
 */
export function keptSecret(file: string, make = () => randomBytes(32).toString("hex")): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const made = make();
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(draft, made, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  } finally {
    unlinkSync(draft);
  }
}

let sealKey: Buffer | undefined;

/**
 * The AES-256 key that seals secrets in the mail outbox (app/modules/mail/secrets.server.ts): SHA-256 of
 * MAIL_SEAL_KEY, or of a random key made at first use and kept in DATA_DIR/mail-seal-key (mode 0600). Never in
 * the database, and `npm run db:backup` does not copy it.
 */
export function mailSealKey(): Buffer {
  if (sealKey) return sealKey;
  const c = config();
  const material = c.MAIL_SEAL_KEY || keptSecret(path.join(c.dataDir, "mail-seal-key"));
  sealKey = createHash("sha256").update(material).digest();
  return sealKey;
}

export const isProduction = () => config().NODE_ENV === "production";

/**
 * Whether this process runs the background mail sender. Read straight from the environment, without reading
 * (and caching) the rest: the server build asks at import, before a test has pointed the environment where it
 * wants. A value other than on/off is refused when the configuration is read.
 */
export const mailSenderEnabled = () => process.env.MAIL_SENDER !== "off";

// A production server refuses to start with a bad environment, instead of failing on its first request.
if (process.env.NODE_ENV === "production") config();

// Shopper accounts: register, log in, log out, and who is signed in. remix-auth runs the form
// strategies; we keep the sessions ourselves (rows in `sessions`, see sessions.server.ts).
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { fieldErrors } from "#app/lib/http.server.ts";
import { newId } from "#app/lib/ids.ts";
import { users } from "#db/schema.ts";
import { mergeVisitorCart } from "./cart.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { endSession, readSession, startSession } from "./sessions.server.ts";

export type ShopperUser = { id: string; name: string; email: string };
export type AuthMode = "login" | "register";

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;

/** A refused login or registration: the message is shown to the shopper as it is. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

const emailSchema = z
  .string({ error: "Please enter your email." })
  .trim()
  .min(1, "Please enter your email.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((e) => e.toLowerCase());

const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH, "Invalid email or password"),
});

const registerSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
  email: emailSchema,
  password: z
    .string({ error: "Please enter a password." })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new AccountError(Object.values(errors)[0] ?? "Invalid credentials", 400, errors);
  }
  return result.data;
}

async function logIn(input: unknown): Promise<ShopperUser> {
  const { email, password } = parse(loginSchema, input);
  const row = db().select().from(users).where(eq(users.email, email)).get();
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new AccountError("Invalid email or password", 401);
  return { id: row.id, name: row.name, email: row.email };
}

async function register(input: unknown): Promise<ShopperUser> {
  const { name, email, password } = parse(registerSchema, input);
  const taken = () =>
    new AccountError("An account with this email already exists. Please log in.", 409, {
      email: "An account with this email already exists.",
    });
  if (db().select({ id: users.id }).from(users).where(eq(users.email, email)).get()) throw taken();
  const passwordHash = await hashPassword(password);
  const user = { id: newId(), name, email };
  try {
    db()
      .insert(users)
      .values({ ...user, passwordHash })
      .run();
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") throw taken();
    throw error;
  }
  return user;
}

function formFields(form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : undefined;
  };
  return { name: text("name"), email: text("email"), password: text("password") };
}

const authenticator = new Authenticator<ShopperUser>();
authenticator.use(new FormStrategy(({ form }) => logIn(formFields(form))), "login");
authenticator.use(new FormStrategy(({ form }) => register(formFields(form))), "register");

/**
 * Logs in or registers with fields the route has already read (bounded in size). The form strategy reads
 * the body itself, so it gets a fresh request carrying just these fields. Throws AccountError on refusal.
 */
export async function authenticate(
  mode: AuthMode,
  fields: { name?: unknown; email?: unknown; password?: unknown },
  request: Request,
): Promise<ShopperUser> {
  const body = new URLSearchParams();
  for (const key of ["name", "email", "password"] as const) {
    const value = fields[key];
    if (typeof value === "string") body.set(key, value);
    else if (value !== undefined && value !== null) throw new AccountError("Invalid credentials", 400);
  }
  const formRequest = new Request(request.url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return authenticator.authenticate(mode, formRequest);
}

/**
 * Starts the shopper's session after a successful login or registration: ends any session the browser
 * had, merges the visitor cart into the saved one, and returns the Set-Cookie values to send.
 */
export async function signIn(request: Request, user: ShopperUser): Promise<string[]> {
  const cookies: string[] = [];
  if (await readSession("user", request)) await endSession("user", request);
  cookies.push(await startSession("user", user.id));
  const clearVisitorCart = await mergeVisitorCart(request, user.id);
  if (clearVisitorCart) cookies.push(clearVisitorCart);
  return cookies;
}

/** Ends the shopper's session; returns the Set-Cookie value that clears the cookie. */
export function signOut(request: Request): Promise<string> {
  return endSession("user", request);
}

/** The signed-in shopper, or null. */
export async function getUser(request: Request): Promise<ShopperUser | null> {
  const session = await readSession("user", request);
  if (!session) return null;
  const row = db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, session.subjectId))
    .get();
  return row ?? null;
}

/** The signed-in shopper; otherwise throws a redirect that opens the login modal. */
export async function requireUser(request: Request, loginUrl = "/?login"): Promise<ShopperUser> {
  const user = await getUser(request);
  if (!user) throw redirect(loginUrl);
  return user;
}

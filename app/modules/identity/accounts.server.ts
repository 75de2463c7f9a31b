// Shopper accounts: register, log in, log out, and who is signed in. remix-auth runs the form
// strategies; we keep the sessions ourselves (rows in `sessions`, see sessions.server.ts).
import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import { mergeVisitorCart } from "#app/modules/cart/index.server.ts";
import { loginSchema, registerSchema } from "#app/modules/identity/shared/account-schema.ts";
import { mergeVisitorSaved } from "#app/modules/saved/index.server.ts";
import { users } from "#db/tables.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { endSession, readSession, sessionShopper, startSession } from "./sessions.server.ts";
import { startAttempt, throttled } from "./throttle.server.ts";

export type ShopperUser = { id: string; name: string; email: string };
export type AuthMode = "login" | "register";

async function logIn(input: unknown): Promise<ShopperUser> {
  const { email, password } = parseOrRefuse(loginSchema, input);
  const row = await first(db().select().from(users).where(eq(users.email, email)));
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new Refusal("Invalid email or password", 401);
  return { id: row.id, name: row.name, email: row.email };
}

async function register(input: unknown): Promise<ShopperUser> {
  const { name, email, password } = parseOrRefuse(registerSchema, input);
  // Hashed before the email is looked at, so a taken email costs the same time as a new one.
  const passwordHash = await hashPassword(password);
  const user = { id: newId(), name, email };
  // The unique index decides, also between two registrations racing for one email.
  const [inserted] = await transaction(async (tx) =>
    tx
      .insert(users)
      .values({ ...user, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id }),
  );
  if (!inserted) {
    const taken = "An account with this email already exists. Please log in.";
    throw new Refusal(taken, 409, { email: taken });
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
 * Logs in or registers with fields the route has already read (bounded in size), from the client at
 * `client` (its address), under the sign-in throttle: a wrong password or a taken email counts against the
 * email and the client, and too many are refused with 429; so are too many new accounts from one client. The form strategy reads the body itself, so it
 * gets a fresh request carrying just these fields. A refusal is a Refusal.
 */
export async function authenticate(
  mode: AuthMode,
  fields: { name?: unknown; email?: unknown; password?: unknown },
  request: Request,
  client: string,
): Promise<ShopperUser> {
  const signIn = () =>
    throttled("shopper-sign-in", { email: fields.email, client }, () => runStrategy(mode, fields, request));
  if (mode !== "register") return signIn();
  // Every account made counts against its address (throw-away accounts each hold an online checkout,
  // decision 0212); a refused registration does not.
  const signUp = await startAttempt("sign-up", { client });
  try {
    return await signIn();
  } catch (error) {
    await signUp.withdrawn();
    throw error;
  }
}

async function runStrategy(
  mode: AuthMode,
  fields: { name?: unknown; email?: unknown; password?: unknown },
  request: Request,
): Promise<ShopperUser> {
  const body = new URLSearchParams();
  for (const key of ["name", "email", "password"] as const) {
    const value = fields[key];
    if (typeof value === "string") body.set(key, value);
    else if (value !== undefined && value !== null) throw new Refusal("Invalid credentials", 400);
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
 * had, merges the visitor cart into the saved one and the visitor's saved items into the shopper's, and returns
 * the Set-Cookie values to send.
 */
export async function signIn(request: Request, user: ShopperUser): Promise<string[]> {
  const cookies: string[] = [];
  if (await readSession("user", request)) await endSession("user", request);
  cookies.push(await startSession("user", user.id));
  const clearVisitorCart = await mergeVisitorCart(request, user.id);
  if (clearVisitorCart) cookies.push(clearVisitorCart);
  const clearVisitorSaved = await mergeVisitorSaved(request, user.id);
  if (clearVisitorSaved) cookies.push(clearVisitorSaved);
  return cookies;
}

/** Ends the shopper's session; returns the Set-Cookie value that clears the cookie. */
export function signOut(request: Request): Promise<string> {
  return endSession("user", request);
}

/** The signed-in shopper, or null (read once per request by the identity middleware). */
export function getUser(request: Request): Promise<ShopperUser | null> {
  return sessionShopper(request);
}

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import { getUser } from "#app/modules/identity/index.server.ts";
import { cartItems, sessions, users } from "#db/tables.ts";
import { appForFile, submit } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { getRequest } from "../helpers/requests.ts";
import { createUser, headerFor, signedInCookie, TEST_PASSWORD, toastsFrom } from "../helpers/shopper.ts";

const site = appForFile();

function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@Example.com`;
}

async function register(fields: Record<string, string>, cookie?: string) {
  return submit(site.client(cookie), "/login", { mode: "register", ...fields });
}

async function login(fields: Record<string, string>, cookie?: string) {
  return submit(site.client(cookie), "/login", { mode: "login", ...fields });
}

describe("register", () => {
  it("creates the account with a lower-cased email and an argon2id hash, signs in and goes to /", async () => {
    const email = uniqueEmail("New");
    const response = await register({ name: "  Riya Sen ", email, password: "longenough" });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/");
    const row = await first(db().select().from(users).where(eq(users.email, email.toLowerCase())));
    expect(row).toMatchObject({ name: "Riya Sen", email: email.toLowerCase() });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("longenough");

    const cookie = response.cookie;
    expect(await getUser(getRequest("/", { cookie }))).toEqual({ id: row!.id, name: "Riya Sen", email: row!.email });
    expect(await toastsFrom(response)).toEqual(["success: Welcome to Online Shop, Riya Sen!"]);
    // The cookie holds only a random id, HttpOnly and SameSite=Lax.
    const setCookie = response.setCookies.find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain(row!.id);
    expect(await db().select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(1);
  });

  it("refuses an email that is taken in any letter case", async () => {
    const email = uniqueEmail();
    expect((await register({ name: "First", email, password: "longenough" })).status).toBe(303);
    const response = await register({ name: "Second", email: email.toUpperCase(), password: "longenough" });
    expect(response.status).toBe(409);
    expect(response.reply).toEqual({
      code: 409,
      formError: null,
      fieldErrors: { email: "An account with this email already exists. Please log in." },
      values: { mode: "register", name: "Second", email: email.toUpperCase() },
    });
    expect(await db().select().from(users).where(eq(users.email, email.toLowerCase()))).toHaveLength(1);
  });

  it("refuses a password shorter than 8 characters, a missing name and a malformed email", async () => {
    const short = await register({ name: "Shorty", email: uniqueEmail(), password: "1234567" });
    expect(short.status).toBe(400);
    const reply = short.reply!;
    // Shown once, next to the field it is about; the password typed is never sent back.
    expect(reply.fieldErrors).toEqual({ password: "Password must be at least 8 characters long." });
    expect(reply.formError).toBeNull();
    expect(reply.values).toMatchObject({ mode: "register", name: "Shorty" });
    expect(reply.values).not.toHaveProperty("password");

    const noName = await register({ name: "  ", email: uniqueEmail(), password: "longenough" });
    expect(noName.status).toBe(400);
    expect(noName.reply!.fieldErrors).toEqual({ name: "Please enter your name." });

    const badEmail = await register({ name: "X", email: "not-an-email", password: "longenough" });
    expect(badEmail.reply!.fieldErrors).toEqual({ email: "Please enter a valid email address." });
  });
});

describe("login", () => {
  it("signs in with the right password whatever the email's letter case", async () => {
    const user = await createUser({ name: "Kabir" });
    const response = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/");
    expect(await toastsFrom(response)).toEqual(["success: Welcome back, Kabir!"]);
    expect((await getUser(getRequest("/", { cookie: response.cookie })))?.id).toBe(user.id);
  });

  it("answers a wrong password and an unknown email alike, keeping the email typed", async () => {
    const user = await createUser();
    for (const email of [user.email, uniqueEmail("nobody")]) {
      const response = await login({ email, password: "wrong-password" });
      expect(response.status).toBe(401);
      expect(response.reply).toEqual({
        code: 401,
        formError: "Invalid email or password",
        fieldErrors: {},
        values: { mode: "login", email },
      });
      expect(response.setCookies).toEqual([]);
    }
  });

  it("refuses missing fields and a hostile body without a 500", async () => {
    expect((await login({ email: "" })).status).toBe(400);
    const huge = await login({ email: "a@b.co", password: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
  });

  it("replaces a session the browser already had", async () => {
    const user = await createUser();
    const old = await signedInCookie(user.id);
    const response = await login({ email: user.email, password: TEST_PASSWORD }, old);
    expect(response.status).toBe(303);
    expect(await getUser(getRequest("/", { cookie: old }))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("merges the visitor cart into the saved cart: quantities added, capped at 99", async () => {
    const user = await createUser();
    const shirt = await createProduct();
    const jeans = await createProduct();
    await db()
      .insert(cartItems)
      .values([
        { userId: user.id, productId: shirt.id, quantity: 2 },
        { userId: user.id, productId: jeans.id, quantity: 98 },
      ]);
    // As a visitor: add a shirt twice and jeans three times.
    let cookie = "";
    for (const productId of [shirt.id, shirt.id, jeans.id, jeans.id, jeans.id]) {
      cookie = (await submit(site.client(cookie), "/cart", { intent: "add", productId })).cookie;
    }
    expect((await headerFor(cookie)).cartCount).toBe(5);

    const response = await login({ email: user.email, password: TEST_PASSWORD }, cookie);
    const saved = await readSavedCart(user.id);
    expect(Object.fromEntries(saved)).toEqual({ [shirt.id]: 4, [jeans.id]: 99 });
    // The visitor cookie is cleared; the header now counts the saved cart.
    const after = response.cookie;
    expect(after).not.toContain("__cart=");
    expect(await headerFor(after)).toEqual({
      user: { name: user.name },
      cartCount: 103,
      savedIds: [],
    });
  });
});

describe("logout and who is signed in", () => {
  it("POST /logout deletes the session row, clears the cookie and goes to /", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const response = await submit(site.client(cookie), "/logout", {});
    expect(response.status).toBe(303);
    expect(response.location).toBe("/");
    expect(await toastsFrom(response)).toEqual(["success: Logged out successfully"]);
    expect(response.setCookies.some((c) => /^__session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await getUser(getRequest("/", { cookie }))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("GET /logout does not log out", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const response = await site.client(cookie).get("/logout");
    expect(response.headers.location).toBe("/");
    expect(await getUser(getRequest("/", { cookie }))).not.toBeNull();
  });

  it("a page for shoppers sends a visitor to log in; a forged or unknown cookie is nobody", async () => {
    for (const cookie of [null, "__session=forged.value", "__session=unknown.f00"]) {
      const response = await site.client(cookie).get("/my-orders");
      expect(response.status, String(cookie)).toBe(302);
      expect(response.headers.location).toBe("/login?redirectTo=%2Fmy-orders");
    }
    expect(await getUser(getRequest("/", { cookie: "__session=forged.value" }))).toBeNull();
    expect(await headerFor()).toEqual({ user: null, cartCount: 0, savedIds: [] });
  });
});

// The sign-in throttle (app/modules/identity/throttle.server.ts) through the production build's request handler:
// shopper login and registration (the /login page and the JSON calls) and seller sign-in (/seller-login and
// POST /api/seller/login). After 10 failures for one email or 30 from one address within 15 minutes, further
// attempts get 429 with Retry-After and a message; other emails and addresses go on; a success resets the
// email's count; attempts at once cannot slip past; the count lives in SQLite (it survives a restart of the
// real server) and is pruned.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { clientKey, THROTTLE_RULES } from "#app/modules/identity/index.server.ts";
import { mailOutbox, throttledAttempts } from "#db/tables.ts";
import { type App, type Client, json, startApp } from "../helpers/app.ts";
import { decodeHtml, unique } from "../helpers/hostile.ts";
import { startProductionServer } from "../helpers/production-server.ts";
import { createTestSeller, SELLER_PASSWORD } from "../helpers/sellers.ts";

const RULE = THROTTLE_RULES["shopper-sign-in"];
const PASSWORD = "throttle-pass-1";
const TOO_MANY = /^Too many sign-in attempts\. Please try again in (a minute|\d+ minutes)\.$/;

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function registered(client = app.client()) {
  const email = `throttle-${unique()}@example.com`;
  const a = await client.post("/api/user/register", json({ name: "Throttle Tester", email, password: PASSWORD }));
  expect(a.status, a.text).toBe(201);
  return email;
}

const login = (client: Client, email: string, password: string) =>
  client.post("/api/user/login", json({ email, password }));

function expectTooMany(a: Awaited<ReturnType<Client["send"]>>) {
  expect(a.status, a.text).toBe(429);
  const seconds = Number(a.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(RULE.windowMs / 1000);
  return seconds;
}

describe("shopper sign-in", () => {
  it("refuses an email after 10 failures, from any address, until the window passes; others go on", async () => {
    expect(RULE).toMatchObject({ perEmail: 10, perClient: 30, windowMs: 15 * 60 * 1000 });
    const email = await registered();
    const other = await registered();
    const guesser = app.client();
    for (let i = 0; i < RULE.perEmail; i++) {
      const a = await login(guesser, email, `wrong-${i}`);
      expect(a.status, `guess ${i + 1}`).toBe(401);
    }
    // The eleventh, even with the right password and from another address, is refused before any check.
    const refused = await login(guesser, email, PASSWORD);
    const seconds = expectTooMany(refused);
    expect(seconds).toBeGreaterThan(RULE.windowMs / 1000 - 60);
    expect(refused.json).toEqual({ success: false, message: expect.stringMatching(TOO_MANY) });
    expect(refused.json!.message).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expectTooMany(await login(app.client(), email, PASSWORD));
    // Registering with it again is the same guess.
    expectTooMany(await app.client().post("/api/user/register", json({ name: "X", email, password: PASSWORD })));
    // Another account, even from the guesser's address (10 failures are under its 30), and another address.
    expect((await login(guesser, other, PASSWORD)).status).toBe(200);
    expect((await login(app.client(), other, PASSWORD)).status).toBe(200);
  });

  it("counts a wrong email like a wrong password, and letter case does not make a new email", async () => {
    const nobody = `nobody-${unique()}@example.com`;
    const client = app.client();
    for (let i = 0; i < RULE.perEmail; i++) {
      const a = await login(client, i % 2 ? nobody.toUpperCase() : ` ${nobody}`, "whatever-1");
      expect(a.status).toBe(401);
    }
    expectTooMany(await login(app.client(), nobody, "whatever-1"));
  });

  it("a success resets the email's count (but not the address's)", async () => {
    const email = await registered();
    const client = app.client();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < RULE.perEmail - 1; i++) expect((await login(client, email, "wrong-pass")).status).toBe(401);
      expect((await login(client, email, PASSWORD)).status).toBe(200);
    }
    // 18 failures and 2 successes: the email is clean, the address has 18 of its 30.
    const attempts = await db().select().from(throttledAttempts);
    expect(attempts.filter((row) => row.email === email)).toEqual([]);
    expect(attempts.filter((row) => row.client === clientKey(client.address))).toHaveLength(2 * (RULE.perEmail - 1));
  });

  it("refuses an address after 30 failures across any emails; other addresses go on", async () => {
    const victim = await registered();
    const sprayer = app.client();
    for (let i = 0; i < RULE.perClient; i++) {
      const a = await login(sprayer, `spray-${i}-${unique()}@example.com`, "password1");
      expect(a.status, `spray ${i + 1}`).toBe(401);
    }
    expectTooMany(await login(sprayer, victim, PASSWORD));
    expectTooMany(
      await sprayer.post(
        "/api/user/register",
        json({ name: "X", email: `new-${unique()}@example.com`, password: PASSWORD }),
      ),
    );
    // The seller's sign-in has its own count.
    expect((await sprayer.post("/api/seller/login", json({ email: "x@example.com", password: "wrong" }))).status).toBe(
      401,
    );
    // The victim, from their own address, is unaffected.
    expect((await login(app.client(), victim, PASSWORD)).status).toBe(200);
  });

  it("registering with a taken email counts as a failure; a refused form does not count at all", async () => {
    const taken = await registered();
    const client = app.client();
    for (let i = 0; i < 40; i++) {
      // Missing password, broken email: not guesses.
      const a = await client.post("/api/user/login", json({ email: i % 2 ? taken : "not-an-email" }));
      expect(a.status).toBe(400);
    }
    for (let i = 0; i < RULE.perEmail; i++) {
      const a = await client.post("/api/user/register", json({ name: "Again", email: taken, password: PASSWORD }));
      expect(a.status).toBe(409);
    }
    expectTooMany(await client.post("/api/user/register", json({ name: "Again", email: taken, password: PASSWORD })));
  });

  it("twenty guesses sent at once for one email: ten are checked, the rest refused", async () => {
    const email = await registered();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(app.client(), email, `parallel-${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(RULE.perEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - RULE.perEmail);
  });

  it("the login page says it in the modal, with Retry-After, with JavaScript off (a document) and on (data)", async () => {
    const email = await registered();
    const client = app.client();
    for (let i = 0; i < RULE.perEmail; i++) {
      const a = await client.post("/login", { form: { mode: "login", email, password: "wrong-pass" } });
      expect(a.status).toBe(401);
      expect(decodeHtml(a.text)).toContain("Invalid email or password");
    }
    const page = await client.post("/login", { form: { mode: "login", email, password: PASSWORD } });
    expectTooMany(page);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(decodeHtml(page.text)).toContain("Too many sign-in attempts. Please try again in 15 minutes.");
    expect(page.text).toContain('id="login-title"'); // the login modal (a page section without JavaScript)
    // With JavaScript the modal's fetcher asks for the action's data.
    const data = await client.post("/login.data", { form: { mode: "login", email, password: PASSWORD } });
    expectTooMany(data);
    expect(decodeHtml(data.text)).toContain("Too many sign-in attempts.");
    // Sign-up in the modal says the same for that email.
    const signUp = await app
      .client()
      .post("/login", { form: { mode: "register", name: "X", email, password: PASSWORD } });
    expectTooMany(signUp);
    expect(decodeHtml(signUp.text)).toContain("Too many sign-in attempts.");
  });
});

describe("seller sign-in", () => {
  it("the form and the JSON call are refused after 10 failures for the seller's email; other sellers go on", async () => {
    const seller = await createTestSeller();
    const other = await createTestSeller();
    const client = app.client();
    for (let i = 0; i < RULE.perEmail; i++) {
      const page = i % 2 === 0;
      const a = page
        ? await client.post("/seller-login", { form: { email: seller.email, password: "wrong-pass" } })
        : await client.post("/api/seller/login", json({ email: seller.email, password: "wrong-pass" }));
      expect(a.status).toBe(401);
    }
    const page = await client.post("/seller-login", { form: { email: seller.email, password: SELLER_PASSWORD } });
    expectTooMany(page);
    expect(decodeHtml(page.text)).toContain("Too many sign-in attempts. Please try again in 15 minutes.");
    expect(page.text).toContain("Seller");
    const api = await app.client().post("/api/seller/login", json({ email: seller.email, password: SELLER_PASSWORD }));
    expectTooMany(api);
    expect(api.json).toEqual({ success: false, message: "Too many sign-in attempts. Please try again in 15 minutes." });
    expect(
      (await client.post("/api/seller/login", json({ email: other.email, password: SELLER_PASSWORD }))).status,
    ).toBe(200);
  });
});

describe("password reset", () => {
  const RESET = THROTTLE_RULES["password-reset"];
  const TOO_MANY_RESETS = "Too many password reset requests. Please try again in 15 minutes.";
  const askForLink = (client: Client, email: string) => client.post("/forgot-password", { form: { email } });
  const mailsTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).length;

  it("mails at most 10 links per email in the window, and answers an unknown email the same way", async () => {
    expect(RESET).toMatchObject({ perEmail: 10, perClient: 30, windowMs: 15 * 60 * 1000 });
    const email = await registered();
    const nobody = `nobody-${unique()}@example.com`;
    for (let i = 0; i < RESET.perEmail; i++) {
      // Each from an address of its own: the email's count stops them, not the address's.
      for (const who of [email, nobody]) {
        const a = await askForLink(app.client(), who);
        expect(a.status, `request ${i + 1}`).toBe(303);
        expect(a.headers.location).toBe("/forgot-password?sent");
      }
    }
    for (const who of [email, nobody]) {
      const refused = await askForLink(app.client(), who);
      expectTooMany(refused);
      expect(decodeHtml(refused.text)).toContain(TOO_MANY_RESETS);
    }
    expect(await mailsTo(email)).toBe(RESET.perEmail);
    expect(await mailsTo(nobody)).toBe(0);
    // A malformed email is not a request: it does not count.
    const client = app.client();
    for (let i = 0; i < RESET.perClient + 5; i++) expect((await askForLink(client, "not-an-email")).status).toBe(400);
    expect((await askForLink(client, `fresh-${unique()}@example.com`)).status).toBe(303);
  });

  it("refuses an address after 30 links that do not work, even with a working one; others go on", async () => {
    const email = await registered();
    await askForLink(app.client(), email);
    const guesser = app.client();
    const guess = (token: string, client = guesser) =>
      client.post("/reset-password", { form: { token, password: "a new password 1", confirm: "a new password 1" } });
    for (let i = 0; i < RESET.perClient; i++) {
      const a = await guess(`${"g".repeat(38)}${String(i).padStart(5, "0")}`);
      expect(a.status, `guess ${i + 1}`).toBe(400);
    }
    // The real link's token is only mailed; a made-up one stands for it here, and is refused before any check.
    expectTooMany(await guess("x".repeat(43)));
    // Asking for links from that address counts against the same limit.
    expectTooMany(await askForLink(guesser, `fresh-${unique()}@example.com`));
    expect((await guess("y".repeat(43), app.client())).status).toBe(400);
  });
});

describe("storage", () => {
  it("failures older than the window no longer count and are pruned by the next attempt", async () => {
    const email = await registered();
    const old = Date.now() - RULE.windowMs - 1000;
    await db()
      .insert(throttledAttempts)
      .values(
        Array.from({ length: 40 }, () => ({
          id: newId(),
          kind: "shopper-sign-in",
          email,
          client: "192.0.2.50",
          at: old,
        })),
      );
    const client = app.client({ address: "192.0.2.50" });
    expect((await login(client, email, "wrong-pass")).status).toBe(401);
    const left = await db().select().from(throttledAttempts).where(eq(throttledAttempts.email, email));
    expect(left).toHaveLength(1);
    expect(left[0]!.at).toBeGreaterThan(old);
    expect((await login(client, email, PASSWORD)).status).toBe(200);
  });

  it("an IPv6 client is counted by its /64 network", async () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:DB8:0:12:a:b:c:d")).toBe("2001:db8:0:12::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    for (let i = 0; i < RULE.perClient; i++) {
      const client = app.client({ address: `2001:db8:77:1:${(i + 1).toString(16)}::1` });
      expect((await login(client, `v6-${i}-${unique()}@example.com`, "password1")).status).toBe(401);
    }
    expectTooMany(await login(app.client({ address: "2001:db8:77:1:ffff::9" }), "v6@example.com", "password1"));
    expect((await login(app.client({ address: "2001:db8:77:2::1" }), "v6@example.com", "password1")).status).toBe(401);
  });

  it("the count survives a restart of the real server", async () => {
    const email = `restart-${unique()}@example.com`;
    const send = (origin: string) =>
      fetch(`${origin}/api/user/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "wrong-pass" }),
      });
    const first = await startProductionServer();
    try {
      for (let i = 0; i < RULE.perEmail; i++) expect((await send(first.origin)).status).toBe(401);
      expect((await send(first.origin)).status).toBe(429);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startProductionServer();
    try {
      const again = await send(second.origin);
      expect(again.status).toBe(429);
      expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

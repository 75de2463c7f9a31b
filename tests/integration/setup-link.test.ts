// The first seller without a terminal: while the store has no seller, a start makes a one-time setup link
// (only its SHA-256 is stored). Its page creates the owner's seller account and saves the shop's name, signed
// in at once; it works once, expires, stops working once any seller exists, and a bad form writes nothing.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { issueSetupLink, SETUP_LINK_MS, savedShopName } from "#app/modules/setup/index.server.ts";
import { SETUP_LINK_INVALID, SHOP_ALREADY_SET_UP } from "#app/modules/setup/shared/setup-schema.ts";
import { sellers, setupTokens } from "#db/tables.ts";
import { appForFile, dataPath, routeData } from "../helpers/app.ts";
import { HTML, K10, SQLISH } from "../helpers/hostile.ts";
import { formRequest, readReply } from "../helpers/requests.ts";

const site = appForFile();

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const setupPage = (token: string) => routeData(site.client(), `/setup?token=${token}`, "routes/setup");
const fields = (token: string, overrides: Record<string, string> = {}) => ({
  token,
  shopName: "Marigold & Thread",
  ownerName: "Meera Iyer",
  email: "Owner@Example.com",
  password: "owner password 1",
  confirm: "owner password 1",
  ...overrides,
});
async function refusalOf(form: Record<string, string>) {
  const answer = await site.app.fetch(formRequest(dataPath("/setup"), form));
  return { status: answer.status, ...(await readReply(answer)) };
}

describe("the setup link", () => {
  it("is made only while no seller exists, and only its hash is stored; a new start replaces it", async () => {
    const first = (await issueSetupLink("https://shop.example/"))!;
    expect(first.url).toMatch(/^https:\/\/shop\.example\/setup\?token=[A-Za-z0-9_-]{43}$/);
    expect(first.expiresAt - Date.now()).toBeGreaterThan(SETUP_LINK_MS - 60_000);
    const stored = await db().select().from(setupTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash("sha256").update(tokenOf(first.url)).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(first.url));

    const second = (await issueSetupLink("https://shop.example"))!;
    expect((await setupPage(tokenOf(first.url))).status).toBe(400);
    expect((await setupPage(tokenOf(second.url))).status).toBe(200);
  });

  it("refuses a link that has expired, a made-up token and no token, without a form", async () => {
    const old = (await issueSetupLink("http://localhost:3000", Date.now() - SETUP_LINK_MS - 1))!;
    for (const token of [tokenOf(old.url), "x".repeat(43), "' OR 1=1 --"]) {
      const page = await setupPage(encodeURIComponent(token));
      expect(page.status).toBe(400);
      expect(page.data).toEqual({ token: null, setUp: false });
    }
    const none = await routeData(site.client(), "/setup", "routes/setup");
    expect(none.status).toBe(400);
    const posted = await refusalOf(fields(tokenOf(old.url)));
    expect(posted.status).toBe(400);
    expect(posted.formError).toBe(SETUP_LINK_INVALID);
    expect(await db().select().from(sellers)).toHaveLength(0);
  });

  it("a form with mistakes is refused field by field, writes nothing and leaves the link working", async () => {
    const token = tokenOf((await issueSetupLink("http://localhost:3000"))!.url);
    const bad = await refusalOf(
      fields(token, { shopName: "  ", ownerName: " ", email: "not an email", confirm: "something else" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors).toMatchObject({
      shopName: expect.any(String),
      ownerName: "Please enter your name.",
      email: "Please enter a valid email address.",
    });
    const short = await refusalOf(fields(token, { password: "short", confirm: "short" }));
    expect(short.fieldErrors.password).toMatch(/at least 8/);
    expect(await db().select().from(sellers)).toHaveLength(0);
    expect(await savedShopName()).toBe("Online Shop");
    expect((await setupPage(token)).status).toBe(200);
  });

  it("hostile fields are refused or cleaned, never half written", async () => {
    const token = tokenOf((await issueSetupLink("http://localhost:3000"))!.url);
    const hostile: Record<string, string>[] = [
      { shopName: K10 },
      { email: SQLISH },
      { email: `${K10}@example.com` },
      { password: K10, confirm: K10 },
    ];
    for (const overrides of hostile) {
      const refused = await refusalOf(fields(token, overrides));
      expect(refused.status, JSON.stringify(Object.keys(overrides))).toBe(400);
    }
    const missing = await site.app.fetch(formRequest(dataPath("/setup"), { token }));
    expect(missing.status).toBe(400);
    expect(await db().select().from(sellers)).toHaveLength(0);
    expect(await savedShopName()).toBe("Online Shop");
    // Script and control characters in the name: kept as text, invisible ones removed.
    const browser = site.client();
    const answer = await browser.post("/setup", { form: fields(token, { shopName: `${HTML}\u0000\u202E` }) });
    expect(answer.status).toBe(303);
    expect(await savedShopName()).toBe(HTML);
    await db().delete(sellers);
  });

  it("creates the owner and the shop's name once, signed in; the link then stops working", async () => {
    const token = tokenOf((await issueSetupLink("http://localhost:3000"))!.url);
    const browser = site.client();
    const answer = await browser.post("/setup", { form: fields(token) });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/seller");
    const owner = await db().select().from(sellers);
    expect(owner.map((s) => s.email)).toEqual(["owner@example.com"]);
    expect(await savedShopName()).toBe("Marigold & Thread");
    // Signed in: the seller area opens, and greets the owner by name (issue 30).
    const area = await routeData(browser, "/seller/product-list", "routes/seller/product-list");
    expect(area.error).toBeUndefined();
    const layout = await routeData(browser, "/seller/product-list", "routes/seller/layout");
    expect(layout.data).toEqual({ seller: { email: "owner@example.com", name: "Meera Iyer" } });
    expect((await browser.get("/seller/product-list")).text).toContain("Hi! Meera Iyer");

    // The same link again, and a new start: nothing more. Not a dead end: the shop is set up, sign in (issue 30).
    const again = await refusalOf(fields(token, { email: "second@example.com" }));
    expect(again.status).toBe(409);
    expect(again.formError).toBe(SHOP_ALREADY_SET_UP);
    const page = await setupPage(token);
    expect(page.status).toBe(400);
    expect(page.data).toEqual({ token: null, setUp: true });
    for (const link of [`/setup?token=${token}`, "/setup", "/setup?token=mistyped"]) {
      const html = (await site.client().get(link)).text;
      expect(html, link).toMatch(/This shop is already set up: <a [^>]*href="\/seller-login"[^>]*>sign in<\/a>/);
      expect(html, link).not.toContain("This setup link does not work");
    }
    expect(await issueSetupLink("http://localhost:3000")).toBeNull();
    expect(await db().select().from(setupTokens)).toHaveLength(0);
    expect(await db().select().from(sellers)).toHaveLength(1);
  });
});

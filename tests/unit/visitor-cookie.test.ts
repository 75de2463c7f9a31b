import { createCookie } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import { visitorCookie } from "#app/lib/signed-cookies.server.ts";

const saved = { ...process.env };
const SECRET = "a-test-secret-of-enough-length-0123456789";

beforeEach(() => {
  resetConfigForTests();
  process.env.SESSION_SECRET = SECRET;
  process.env.NODE_ENV = "test";
});

afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

const asRequest = (setCookie: string) =>
  new Request("http://shop.test/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("a visitor's signed cookie", () => {
  it("is written byte for byte as the three hand-made cookies were", async () => {
    const byHand = createCookie("__cart", {
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [SECRET],
    });
    const cookie = visitorCookie("__cart", 30);
    expect(await cookie.write([["p1", 2]])).toBe(await byHand.serialize([["p1", 2]]));
    expect(await cookie.clear([])).toBe(await byHand.serialize([], { maxAge: 0 }));
    expect(await cookie.write([["p1", 2]])).toMatch(/^__cart=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("is Secure in production", async () => {
    process.env.NODE_ENV = "production";
    resetConfigForTests();
    expect(await visitorCookie("__saved", 90).write(["a"])).toMatch(/; Max-Age=7776000; .*Secure/);
  });

  it("reads back what it wrote, and a tampered or missing one as null", async () => {
    const cookie = visitorCookie("__discount", 30);
    const written = await cookie.write("SPRING10");
    expect(await cookie.read(asRequest(written))).toBe("SPRING10");
    const tampered = written.replace(/=([^;]+)/, (_, value: string) => `=x${value}`);
    expect(await cookie.read(asRequest(tampered))).toBeNull();
    expect(await cookie.read(new Request("http://shop.test/"))).toBeNull();
  });

  it("tells whether the request sends the cookie at all, by its exact name", () => {
    const cookie = visitorCookie("__cart", 30);
    const sending = (header: string) =>
      cookie.isSent(new Request("http://shop.test/", { headers: { Cookie: header } }));
    expect(sending("__cart=")).toBe(true);
    expect(sending("a=1; __cart=broken")).toBe(true);
    expect(sending("my__cart=1")).toBe(false);
    expect(sending("a=1")).toBe(false);
  });
});

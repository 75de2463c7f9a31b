import { describe, expect, it } from "vitest";
import { guardRequest } from "#app/middleware/request-guard.server.ts";

function post(path: string, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`http://shop.test${path}`, { method, headers, body: "x=1" });
}

describe("guardRequest", () => {
  it("lets reads through, whoever asks", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(
        guardRequest(new Request("http://shop.test/cart", { method, headers: { "Sec-Fetch-Site": "cross-site" } })),
      ).toBeNull();
    }
  });

  it("lets same-origin posts and server-to-server posts (no browser headers) through", () => {
    expect(guardRequest(post("/cart", { "Sec-Fetch-Site": "same-origin" }))).toBeNull();
    expect(guardRequest(post("/cart", { Origin: "http://shop.test" }))).toBeNull();
    expect(guardRequest(post("/api/stripe/webhook"))).toBeNull();
  });

  it("refuses a post from another site with 403, as JSON under /api", async () => {
    const page = guardRequest(post("/login", { "Sec-Fetch-Site": "cross-site" }));
    expect(page?.status).toBe(403);
    expect(await page?.text()).toBe("This request came from another site and was refused.");

    const api = guardRequest(post("/api/user/login", { Origin: "https://evil.example" }));
    expect(api?.status).toBe(403);
    expect(await api?.json()).toEqual({
      success: false,
      message: "This request came from another site and was refused.",
    });

    expect(guardRequest(post("/cart", { "Sec-Fetch-Site": "same-site" }))?.status).toBe(403);
    expect(guardRequest(post("/cart", { Origin: "null" }))?.status).toBe(403);
    expect(guardRequest(post("/cart", { Origin: "not a url" }))?.status).toBe(403);
  });

  it("refuses methods the store does not use with 405 and Allow", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = guardRequest(post("/cart", { "Sec-Fetch-Site": "same-origin" }, method));
      expect(response?.status).toBe(405);
      expect(response?.headers.get("Allow")).toBe("GET, POST");
    }
  });
});

describe("a post with a session cookie and no Origin or Sec-Fetch-Site", () => {
  const session = { Cookie: "theme=dark; __session=abc.def" };
  it("is refused unless its Referer is the store", () => {
    expect(guardRequest(post("/cart", session))?.status).toBe(403);
    expect(guardRequest(post("/seller/orders", { Cookie: "__seller_session=x" }))?.status).toBe(403);
    expect(guardRequest(post("/cart", { ...session, Referer: "https://evil.example/x" }))?.status).toBe(403);
    expect(guardRequest(post("/cart", { ...session, Referer: "not a url" }))?.status).toBe(403);
    expect(guardRequest(post("/cart", { ...session, Referer: "http://shop.test/products" }))).toBeNull();
  });
  it("goes on without a session cookie, or with Origin or Sec-Fetch-Site saying it is the store", () => {
    expect(guardRequest(post("/api/stripe/webhook", { Cookie: "theme=dark; my__session=1" }))).toBeNull();
    expect(guardRequest(post("/cart", { ...session, Origin: "http://shop.test" }))).toBeNull();
    expect(guardRequest(post("/cart", { ...session, "Sec-Fetch-Site": "same-origin" }))).toBeNull();
  });
});

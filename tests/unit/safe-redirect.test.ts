// Every redirect to a path from a request (redirectTo, /loader?next=, the seller's page after sign-in) stays on
// this site, judged after the URL is normalised as a browser will normalise it.
import { describe, expect, it } from "vitest";
import { nextPath, sameSitePath } from "#app/lib/safe-redirect.ts";

describe("sameSitePath", () => {
  it("keeps a path on this site with its query and hash, dot segments resolved", () => {
    expect(sameSitePath("/my-orders?page=2#top")).toBe("/my-orders?page=2#top");
    expect(sameSitePath("/products/../cart")).toBe("/cart");
  });

  it("refuses what a browser would turn into another host", () => {
    for (const bad of [
      "/.//evil.example",
      "/%2e//evil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\r\n/evil.example",
      "/%0a/x",
      "\\\\evil.example",
      "https:/evil.example",
    ]) {
      expect(sameSitePath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("refuses an empty or overlong value, and anything not a string", () => {
    expect(sameSitePath("")).toBeNull();
    expect(sameSitePath(`/${"a".repeat(500)}`)).toBeNull();
    expect(sameSitePath(`/${"a".repeat(499)}`)).toBe(`/${"a".repeat(499)}`);
    expect(sameSitePath(["/cart"])).toBeNull();
  });
});

describe("nextPath (/loader?next=…)", () => {
  it("takes a page named with or without its leading slash", () => {
    expect(nextPath("my-orders")).toBe("/my-orders");
    expect(nextPath("/my-orders")).toBe("/my-orders");
  });

  it("refuses anything that looks like a URL of its own, or nothing", () => {
    for (const bad of ["https://evil.example", "javascript:alert(1)", "//evil.example", "/\\evil.example", "", null]) {
      expect(nextPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { isSubscribed, NEWSLETTER_MESSAGES, subscribe } from "#app/services/newsletter.server.ts";
import { newsletterSubscribers } from "#db/schema.ts";

const stored = () =>
  db()
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .all()
    .map((r) => r.email);

describe("subscribe", () => {
  it("subscribes a new address, stored trimmed and lower-cased", () => {
    expect(subscribe("  Ann.Lee@Example.COM ")).toEqual({ ok: true, message: "You are subscribed to our page!" });
    expect(stored()).toContain("ann.lee@example.com");
    expect(isSubscribed("ANN.LEE@example.com")).toBe(true);
  });

  it("refuses an address already subscribed, whatever its letter case", () => {
    expect(subscribe("bob@example.com").ok).toBe(true);
    expect(subscribe("BOB@Example.com")).toEqual({
      ok: false,
      reason: "duplicate",
      message: "This email is already subscribed.",
    });
    expect(stored().filter((e) => e === "bob@example.com")).toHaveLength(1);
  });

  it("asks for an email when there is none", () => {
    for (const empty of ["", "   ", undefined, null]) {
      expect(subscribe(empty)).toEqual({ ok: false, reason: "empty", message: "Please enter an email." });
    }
  });

  it("refuses anything that is not an email address, storing nothing", () => {
    const before = stored().length;
    for (const bad of [
      "not-an-email",
      "a@b",
      "@example.com",
      "two@@example.com",
      "spaces in@example.com",
      `${"a".repeat(250)}@example.com`,
      "<script>@x.com",
      42,
      true,
      ["a@b.co"],
      { email: "a@b.co" },
    ]) {
      expect(subscribe(bad)).toEqual({ ok: false, reason: "invalid", message: NEWSLETTER_MESSAGES.invalid });
    }
    expect(stored()).toHaveLength(before);
  });
});

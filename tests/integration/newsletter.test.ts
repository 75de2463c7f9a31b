import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { subscribe } from "#app/modules/mail/index.server.ts";
import { NEWSLETTER_MESSAGES } from "#app/modules/mail/shared/newsletter-schema.ts";
import { newsletterSubscribers } from "#db/tables.ts";

const stored = async () =>
  (await db().select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((r) => r.email);

/** What a refused sign-up says: its status, message and the field at fault. */
async function refusalOf(email: unknown) {
  const error = await subscribe({ email }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected ${String(email)} to be refused`);
  return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
}

const refused = (status: number, message: string) => ({ status, message, fieldErrors: { email: message } });

describe("subscribe", () => {
  it("subscribes a new address, stored trimmed and lower-cased", async () => {
    expect(await subscribe({ email: "  Ann.Lee@Example.COM " })).toBe("You are subscribed to our page!");
    expect(await stored()).toContain("ann.lee@example.com");
  });

  it("refuses an address already subscribed, whatever its letter case", async () => {
    await subscribe({ email: "bob@example.com" });
    expect(await refusalOf("BOB@Example.com")).toEqual(refused(409, "This email is already subscribed."));
    expect((await stored()).filter((e) => e === "bob@example.com")).toHaveLength(1);
  });

  it("asks for an email when there is none", async () => {
    for (const empty of ["", "   ", undefined, null]) {
      expect(await refusalOf(empty)).toEqual(refused(400, "Please enter an email."));
    }
  });

  it("refuses anything that is not an email address, storing nothing", async () => {
    const before = (await stored()).length;
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
      expect(await refusalOf(bad)).toEqual(refused(400, NEWSLETTER_MESSAGES.invalid));
    }
    expect(await stored()).toHaveLength(before);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { config, resetConfigForTests } from "#app/lib/config.server.ts";

const saved = { ...process.env };

function withEnv(env: Record<string, string | undefined>) {
  resetConfigForTests();
  for (const key of [
    "NODE_ENV",
    "STRIPE_SECRET_KEY",
    "STRIPE_SANDBOX",
    "PUBLIC_URL",
    "PORT",
    "SMTP_URL",
    "MAIL_FROM",
    "SELLER_NOTIFY_EMAIL",
  ])
    delete process.env[key];
  Object.assign(process.env, env);
  return config();
}

afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe("payment mode", () => {
  it("uses the built-in sandbox by default outside production", () => {
    expect(withEnv({ NODE_ENV: "development" }).paymentMode).toBe("sandbox");
    expect(withEnv({ NODE_ENV: "test" }).paymentMode).toBe("sandbox");
  });

  it("offers no online payment in production without a Stripe key, unless the sandbox is asked for", () => {
    expect(withEnv({ NODE_ENV: "production" }).paymentMode).toBe("off");
    expect(withEnv({ NODE_ENV: "production", STRIPE_SANDBOX: "on" }).paymentMode).toBe("sandbox");
    expect(withEnv({ NODE_ENV: "development", STRIPE_SANDBOX: "off" }).paymentMode).toBe("off");
  });

  it("uses real Stripe whenever a key is set", () => {
    expect(withEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_SANDBOX: "on" }).paymentMode).toBe("stripe");
  });

  it("requires PUBLIC_URL with a Stripe key in production", () => {
    expect(() => withEnv({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/PUBLIC_URL is required/);
    expect(
      withEnv({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", PUBLIC_URL: "https://shop.example.com" })
        .paymentMode,
    ).toBe("stripe");
  });

  it("refuses a STRIPE_SANDBOX value it does not know", () => {
    expect(() => withEnv({ STRIPE_SANDBOX: "yes" })).toThrow(/STRIPE_SANDBOX/);
  });
});

describe("mail settings", () => {
  it("links in mail start with PUBLIC_URL; without it, http://localhost:PORT", () => {
    expect(withEnv({ PUBLIC_URL: "https://shop.example.com/" }).mailBaseUrl).toBe("https://shop.example.com");
    expect(withEnv({ PORT: "4100" }).mailBaseUrl).toBe("http://localhost:4100");
  });

  it("MAIL_FROM defaults to no-reply at PUBLIC_URL's host", () => {
    expect(withEnv({ PUBLIC_URL: "https://shop.example.com" }).mailFrom).toBe("no-reply@shop.example.com");
    expect(withEnv({ MAIL_FROM: "Shop <orders@shop.example.com>" }).mailFrom).toBe("Shop <orders@shop.example.com>");
    expect(() => withEnv({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
  });

  it("takes only smtp:// or smtps:// URLs, and needs PUBLIC_URL with SMTP_URL in production", () => {
    expect(withEnv({ SMTP_URL: "smtps://user:pass@mail.example.com:465" }).SMTP_URL).toBe(
      "smtps://user:pass@mail.example.com:465",
    );
    expect(() => withEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => withEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" })).toThrow(
      /PUBLIC_URL is required with SMTP_URL/,
    );
  });

  it("SELLER_NOTIFY_EMAIL takes one address or several, separated by commas", () => {
    expect(withEnv({ SELLER_NOTIFY_EMAIL: "a@shop.example, b@shop.example" }).SELLER_NOTIFY_EMAIL).toBe(
      "a@shop.example, b@shop.example",
    );
    expect(() => withEnv({ SELLER_NOTIFY_EMAIL: "a@shop.example, nobody" })).toThrow(/SELLER_NOTIFY_EMAIL/);
  });
});

describe("a production server that runs the Stripe sandbox", () => {
  /** What the server logs while it loads the sandbox's settings (as the production build does at start-up). */
  async function startupWarnings(env: Record<string, string | undefined>): Promise<string[]> {
    withEnv(env);
    vi.resetModules();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await import("#app/lib/stripe-sandbox-config.server.ts");
    // Every later import (the payment service, the sandbox's routes) finds the module loaded: no repeat.
    await import("#app/lib/stripe-sandbox-config.server.ts");
    return warn.mock.calls.map((call) => call.join(" "));
  }

  it("says so loudly, once, at start-up", async () => {
    const warnings = await startupWarnings({ NODE_ENV: "production", STRIPE_SANDBOX: "on" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("WARNING: the built-in Stripe sandbox is ON in production");
    expect(warnings[0]).toContain('anyone can "pay" for an order without any money being taken');
  });

  it("says nothing when production runs real Stripe or no online payment, nor outside production", async () => {
    expect(await startupWarnings({ NODE_ENV: "production" })).toEqual([]);
    expect(
      await startupWarnings({
        NODE_ENV: "production",
        STRIPE_SECRET_KEY: "sk_live_x",
        PUBLIC_URL: "https://shop.example.com",
      }),
    ).toEqual([]);
    expect(await startupWarnings({ NODE_ENV: "development" })).toEqual([]);
    expect(await startupWarnings({ NODE_ENV: "test", STRIPE_SANDBOX: "on" })).toEqual([]);
  });
});

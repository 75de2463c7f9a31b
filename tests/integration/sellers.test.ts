import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import { db, first, openDatabase } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import {
  createSeller,
  DEMO_SELLER,
  ensureDemoSeller,
  getSeller,
  sellerRedirectTarget,
  signInSeller,
} from "#app/modules/identity/index.server.ts";
import { sellers, sessions } from "#db/tables.ts";
import { onPostgres, SQLITE_ONLY } from "../engines.ts";
import { appForFile, routeData, submit } from "../helpers/app.ts";
import { formRequest, getRequest } from "../helpers/requests.ts";
import { createTestSeller, SELLER_PASSWORD, sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const execFileAsync = promisify(execFile);
const site = appForFile();

describe("seller accounts", () => {
  it("stores the email lower-cased and the password as an argon2id hash", async () => {
    const seller = await createSeller("  Owner@Shop.Example ", "a long password");
    expect(seller.email).toBe("owner@shop.example");
    const row = (await first(db().select().from(sellers).where(eq(sellers.id, seller.id))))!;
    expect(row.email).toBe("owner@shop.example");
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("a long password");
  });

  it("refuses a duplicate email (whatever its case), a short password and a bad email", async () => {
    await createSeller("dup@shop.example", "a long password");
    await expect(createSeller("DUP@shop.example", "another password")).rejects.toThrow(
      "A seller with the email dup@shop.example already exists.",
    );
    await expect(createSeller("short@shop.example", "1234567")).rejects.toThrow(
      "Password must be at least 8 characters long.",
    );
    await expect(createSeller("not-an-email", "a long password")).rejects.toThrow(Refusal);
    expect(await first(db().select().from(sellers).where(eq(sellers.email, "short@shop.example")))).toBeUndefined();
  });

  it("verifies the password, with the email in any case", async () => {
    const seller = await createTestSeller("verify@shop.example");
    const cookie = (await signInSeller({ email: "VERIFY@shop.example", password: SELLER_PASSWORD }, "192.0.2.1")).split(
      ";",
    )[0]!;
    expect(await getSeller(getRequest("/seller", { cookie }))).toEqual(seller);
    for (const [email, password, message] of [
      ["verify@shop.example", "wrong password", "Invalid credentials"],
      ["nobody@shop.example", SELLER_PASSWORD, "Invalid credentials"],
      ["verify@shop.example", "", "Password is required."],
    ]) {
      await expect(signInSeller({ email, password }, "192.0.2.1")).rejects.toThrow(message);
    }
  });

  it("recognises only a seller session, never a shopper's", async () => {
    const seller = await createTestSeller();
    expect(await getSeller(getRequest("/seller", { cookie: await sellerCookie(seller.id) }))).toEqual(seller);
    const user = await createUser();
    expect(await getSeller(getRequest("/seller", { cookie: await signedInCookie(user.id) }))).toBeNull();
    expect(await getSeller(getRequest("/seller"))).toBeNull();
    expect(await getSeller(getRequest("/seller", { cookie: "__seller_session=forged" }))).toBeNull();
  });

  it("creates the demo seller once, and never in production", async () => {
    expect(await ensureDemoSeller()).toBe("created");
    expect(await ensureDemoSeller()).toBe("exists");
    expect(await signInSeller({ email: DEMO_SELLER.email, password: DEMO_SELLER.password }, "192.0.2.1")).toMatch(
      /^__seller_session=/,
    );

    await db().delete(sellers).where(eq(sellers.email, DEMO_SELLER.email));
    vi.stubEnv("NODE_ENV", "production");
    resetConfigForTests();
    try {
      expect(await ensureDemoSeller()).toBe("skipped");
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
    expect(await first(db().select().from(sellers).where(eq(sellers.email, DEMO_SELLER.email)))).toBeUndefined();
  });

  it("only redirects to seller pages after sign-in", () => {
    expect(sellerRedirectTarget("/seller/orders")).toBe("/seller/orders");
    expect(sellerRedirectTarget("/seller/products/abc123")).toBe("/seller/products/abc123");
    for (const hostile of ["https://evil.example/seller", "//evil.example", "/sellerx", "/seller/../cart", null]) {
      expect(sellerRedirectTarget(hostile)).toBe("/seller");
    }
  });
});

describe("/seller-login", () => {
  it("signs a seller in: a session cookie, 'Login successful!' and /seller", async () => {
    await createTestSeller("login@shop.example");
    const response = await submit(site.client(), "/seller-login", {
      email: "Login@Shop.Example",
      password: SELLER_PASSWORD,
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/seller");
    const cookie = response.cookie;
    expect(cookie).toContain("__seller_session=");
    expect(cookie).toContain("__toast=");
    const toast = decodeURIComponent(cookie.split("__toast=")[1]!.split(";")[0]!);
    expect(Buffer.from(toast.split(".")[0]!, "base64").toString()).toContain("Login successful!");
    const layout = await routeData(site.client(cookie), "/seller", "routes/seller/layout");
    expect(layout.data).toEqual({ seller: { email: "login@shop.example", name: "" } });
  });

  it("goes back to the seller page the form was shown on", async () => {
    await createTestSeller("back@shop.example");
    const response = await submit(site.client(), "/seller-login", {
      email: "back@shop.example",
      password: SELLER_PASSWORD,
      redirectTo: "/seller/orders",
    });
    expect(response.location).toBe("/seller/orders");
  });

  it("answers 'Invalid credentials' for a wrong password or an unknown email, keeping the email", async () => {
    await createTestSeller("wrong@shop.example");
    for (const fields of [
      { email: "wrong@shop.example", password: "not the password" },
      { email: "nobody@shop.example", password: SELLER_PASSWORD },
    ]) {
      const response = await submit(site.client(), "/seller-login", fields);
      expect(response.status).toBe(401);
      expect(response.setCookies).toEqual([]);
      expect(response.reply).toEqual({
        code: 401,
        formError: "Invalid credentials",
        fieldErrors: {},
        values: { email: fields.email },
      });
    }
  });

  it("asks for both fields", async () => {
    const response = await submit(site.client(), "/seller-login", { email: " " });
    expect(response.status).toBe(400);
    expect(response.reply?.fieldErrors).toEqual({
      email: "Email is required.",
      password: "Password is required.",
    });
  });

  it.skipIf(onPostgres)(
    `lets an unexpected failure through to the error boundary instead of answering it as a refusal (${SQLITE_ONLY})`,
    async () => {
      // The database failing under the service: the sellers table is briefly missing.
      // What the store logs for it is expected here: collected, then checked.
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      db().$client.exec("ALTER TABLE sellers RENAME TO sellers_away");
      let response: Response;
      try {
        response = await site.app.fetch(
          formRequest("/seller-login", { email: "seller@example.com", password: "long-enough-1" }),
        );
      } finally {
        db().$client.exec("ALTER TABLE sellers_away RENAME TO sellers");
      }
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("no such table");
      expect(logged.mock.calls.flat().map(String).join("\n")).toMatch(/no such table: sellers/);
    },
  );

  it("sends a signed-in seller on to /seller", async () => {
    const cookie = await sellerCookie();
    const response = await site.client(cookie).get("/seller-login");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/seller");
    const visitor = await site.client().get("/seller-login");
    expect(visitor.status).toBe(200);
  });

  it("shows the sign-in form (no seller) on /seller to visitors and shoppers", async () => {
    const user = await createUser();
    for (const cookie of [null, await signedInCookie(user.id)]) {
      const page = await routeData(site.client(cookie), "/seller", "routes/seller/layout");
      // The root error boundary renders the seller sign-in form for this answer.
      expect(page.status).toBe(401);
      expect(page.error).toEqual({ status: 401, data: { signIn: "seller" } });
    }
  });
});

describe("seller logout", () => {
  it("ends the seller session (the row is gone) and goes back to /", async () => {
    const seller = await createTestSeller();
    const cookie = await sellerCookie(seller.id);
    const response = await submit(site.client(cookie), "/seller/logout", {});
    expect(response.status).toBe(303);
    expect(response.location).toBe("/");
    expect(response.cookie).not.toContain("__seller_session=");
    expect(await db().select().from(sessions).where(eq(sessions.sellerId, seller.id))).toEqual([]);
    expect(await getSeller(getRequest("/seller", { cookie }))).toBeNull();
  });
});

describe("npm run seller:add", () => {
  const script = path.resolve("scripts/seller-add.ts");

  async function runScript(args: string[], env: Record<string, string>, stdin?: string) {
    const dataDir = env.DATA_DIR!;
    const child = execFileAsync(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, NODE_ENV: "test", ...env, DATA_DIR: dataDir },
    });
    if (stdin !== undefined) {
      child.child.stdin!.end(stdin);
    } else {
      child.child.stdin!.end();
    }
    try {
      const { stdout, stderr } = await child;
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it.skipIf(onPostgres)(
    `creates a seller from the command line, refuses a duplicate and a short password (${SQLITE_ONLY})`,
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "seller-add-"));
      try {
        const created = await runScript(["Cli@Shop.Example"], { DATA_DIR: dataDir, SELLER_PASSWORD: "cli password 1" });
        expect(created.code).toBe(0);
        expect(created.stdout).toContain("Seller cli@shop.example created.");
        expect(created.stdout + created.stderr).not.toContain("cli password 1");

        const duplicate = await runScript(["cli@shop.example"], {
          DATA_DIR: dataDir,
          SELLER_PASSWORD: "cli password 2",
        });
        expect(duplicate.code).not.toBe(0);
        expect(duplicate.stderr).toContain("A seller with the email cli@shop.example already exists.");

        const short = await runScript(["short@shop.example"], { DATA_DIR: dataDir, SELLER_PASSWORD: "short" });
        expect(short.code).not.toBe(0);
        expect(short.stderr).toContain("Password must be at least 8 characters long.");

        // No SELLER_PASSWORD: the password is read from the prompt (here piped) and never printed.
        const prompted = await runScript(["piped@shop.example"], { DATA_DIR: dataDir }, "piped password 1\n");
        expect(prompted.code).toBe(0);
        expect(prompted.stdout + prompted.stderr).not.toContain("piped password 1");

        const store = openDatabase(path.join(dataDir, "store.db"));
        try {
          const emails = (await store.select({ email: sellers.email }).from(sellers)).map((s) => s.email).sort();
          expect(emails).toEqual(["cli@shop.example", "piped@shop.example"]);
        } finally {
          store.$client.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

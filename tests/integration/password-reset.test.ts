// Forgotten passwords: the request answers the same for any email, the link arrives by mail (a real SMTP
// server on 127.0.0.1), is stored only hashed, works once and for one hour, sets the new password, ends the
// account's other sessions and signs the shopper in. Sellers reset theirs on the command line.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first as firstRow, openDatabase } from "#app/lib/db.server.ts";
import { getSeller, getUser, RESET_LINK_MS, resetSellerPassword } from "#app/modules/identity/index.server.ts";
import { PASSWORD_CHANGED, RESET_LINK_INVALID, RESET_LINK_SENT } from "#app/modules/identity/shared/password-reset.ts";
import { deliverPendingMail } from "#app/modules/mail/index.server.ts";
import { passwordResets, sellers, sessions, users } from "#db/tables.ts";
import { onPostgres, SQLITE_ONLY } from "../engines.ts";
import { appForFile, dataPath, routeData } from "../helpers/app.ts";
import { hrefsOf, outboxRows, recipientsOf, SHOP_URL, smtpServerForFile } from "../helpers/mail.ts";
import { cookiesFrom, formRequest, getRequest, readReply } from "../helpers/requests.ts";
import { createTestSeller, sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie, toastsFrom } from "../helpers/shopper.ts";

const smtp = smtpServerForFile();
// Started after the mail settings are in place: the build reads them on its first request.
const site = appForFile();

const NEW_PASSWORD = "a brand new password";

/** Asks for a link as a browser without JavaScript does: a 303 when the form is taken. */
function askForLink(email: string) {
  return site.app.fetch(formRequest("/forgot-password", { email }));
}

/**
 * Posts a form as the app's JavaScript does (to the page's .data address) and reads the refusal the form
 * shows: its status and reply.
 */
async function refusalOf(path: string, fields: Record<string, string>) {
  const answer = await site.app.fetch(formRequest(dataPath(path), fields));
  return { status: answer.status, ...(await readReply(answer)) };
}

/** Asks for a link for `email` and returns the token from the mail that arrives over SMTP. */
async function linkFor(email: string): Promise<string> {
  await askForLink(email);
  const before = smtp.received.length;
  await deliverPendingMail();
  const mails = (await smtp.parsed()).slice(before).filter((m) => recipientsOf(m).includes(email));
  expect(mails).toHaveLength(1);
  const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text!)![0]);
  return link.searchParams.get("token")!;
}

function resetPage(token: string | null) {
  return routeData(site.client(), `/reset-password${token === null ? "" : `?token=${token}`}`, "routes/reset-password");
}

/** The reset form posted without JavaScript: a 303 when it is taken. */
function postReset(fields: Record<string, string>) {
  return site.app.fetch(formRequest("/reset-password", fields));
}

const resetRefusal = (fields: Record<string, string>) => refusalOf("/reset-password", fields);

describe("asking for a reset link", () => {
  it("answers the same whether the email has an account or not; only an account gets a mail", async () => {
    const user = await createUser();
    const before = (await outboxRows()).length;
    const known = await askForLink(user.email.toUpperCase());
    const unknown = await askForLink("nobody-here@example.com");
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/forgot-password?sent");
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(await answer.text()).toBe("");
    }
    const written = (await outboxRows()).slice(before);
    expect(written.map((row) => [row.kind, row.recipient])).toEqual([["password-reset", user.email]]);

    const page = await routeData(site.client(), "/forgot-password?sent", "routes/forgot-password");
    expect(page.data).toEqual({ sent: true });
    expect(RESET_LINK_SENT).toContain("If an account exists for that email");
  });

  it("refuses a malformed email with a message next to the field, and stores nothing", async () => {
    const before = (await db().select().from(passwordResets)).length;
    const answer = await refusalOf("/forgot-password", { email: "not-an-email" });
    expect(answer.status).toBe(400);
    expect(answer.fieldErrors).toEqual({ email: "Please enter a valid email address." });
    expect(await db().select().from(passwordResets)).toHaveLength(before);
  });

  it("mails an absolute link valid for one hour; only a hash of its token is stored", async () => {
    const user = await createUser({ name: "Mira Das" });
    await askForLink(user.email);
    const before = smtp.received.length;
    await deliverPendingMail();
    const mails = (await smtp.parsed()).slice(before).filter((m) => recipientsOf(m).includes(user.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail!.subject).toBe("Reset your Online Shop password");
    expect(mail!.text).toContain("Hi Mira,");
    expect(mail!.text).toContain("The link works once, within one hour.");
    const link = /https?:\/\/\S+/.exec(mail!.text!)![0];
    expect(link).toMatch(new RegExp(`^${SHOP_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(hrefsOf(mail!)).toContain(link);
    const token = new URL(link).searchParams.get("token")!;

    const row = (await firstRow(db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))))!;
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(await db().select().from(passwordResets))).not.toContain(token);
    expect(row.expiresAt - row.createdAt).toBe(RESET_LINK_MS);
    expect(RESET_LINK_MS).toBe(60 * 60_000);
  });
});

describe("the reset page", () => {
  it("sets the new password, ends the account's other sessions, signs the shopper in", async () => {
    const user = await createUser();
    const otherDevice = await signedInCookie(user.id);
    const token = await linkFor(user.email);

    const page = await site.client().get(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect((await resetPage(token)).data).toEqual({ token });

    const reply = await resetRefusal({ token, password: NEW_PASSWORD, confirm: "something else" });
    expect(reply.status).toBe(400);
    expect(reply.fieldErrors).toEqual({ confirm: "The two passwords are not the same." });
    // Neither password is sent back.
    expect(reply.values).not.toHaveProperty("password");
    expect(reply.values).not.toHaveProperty("confirm");
    const short = await resetRefusal({ token, password: "short", confirm: "short" });
    expect(short.fieldErrors).toEqual({ password: "Password must be at least 8 characters long." });

    const done = await postReset({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/");
    expect(await toastsFrom(done)).toEqual([`success: ${PASSWORD_CHANGED}`]);
    const cookie = cookiesFrom(done);
    expect(await getUser(getRequest("/", { cookie }))).toMatchObject({ id: user.id });
    expect(await getUser(getRequest("/", { cookie: otherDevice }))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const stored = (await firstRow(db().select().from(users).where(eq(users.id, user.id))))!;
    expect(await verify(stored.passwordHash, NEW_PASSWORD)).toBe(true);

    // Single use.
    expect((await resetPage(token)).status).toBe(400);
    const again = await resetRefusal({ token, password: "another password", confirm: "another password" });
    expect(again.status).toBe(400);
    expect(again.formError).toBe(RESET_LINK_INVALID);
    expect(
      await verify(
        (await firstRow(db().select().from(users).where(eq(users.id, user.id))))!.passwordHash,
        NEW_PASSWORD,
      ),
    ).toBe(true);
  });

  it("refuses a link older than an hour, a made-up token, and a missing one", async () => {
    const user = await createUser();
    const token = await linkFor(user.email);
    await db()
      .update(passwordResets)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passwordResets.userId, user.id));
    for (const bad of [token, "x".repeat(43), "%00", null]) {
      const page = await resetPage(bad);
      expect(page.status, String(bad)).toBe(400);
      expect(page.data).toEqual({ token: null });
    }
    const answer = await resetRefusal({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(answer.formError).toBe(RESET_LINK_INVALID);
    const noToken = await resetRefusal({ password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(noToken.formError).toBe(RESET_LINK_INVALID);
    expect(
      await verify(
        (await firstRow(db().select().from(users).where(eq(users.id, user.id))))!.passwordHash,
        NEW_PASSWORD,
      ),
    ).toBe(false);
  });

  it("using one link stops the account's other links", async () => {
    const user = await createUser();
    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect((await postReset({ token: second, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
    expect((await resetPage(first)).status).toBe(400);
  });
});

describe("a seller's password", () => {
  it("resetSellerPassword sets it and ends the seller's sessions; an unknown email is refused", async () => {
    const seller = await createTestSeller();
    const cookie = await sellerCookie(seller.id);
    await resetSellerPassword(seller.email.toUpperCase(), NEW_PASSWORD);
    expect(await getSeller(getRequest("/seller", { cookie }))).toBeNull();
    const row = (await firstRow(db().select().from(sellers).where(eq(sellers.id, seller.id))))!;
    expect(await verify(row.passwordHash, NEW_PASSWORD)).toBe(true);
    await expect(resetSellerPassword("nobody@shop.example", NEW_PASSWORD)).rejects.toThrow(
      "There is no seller with the email nobody@shop.example.",
    );
  });

  it.skipIf(onPostgres)(`npm run seller:add -- --reset EMAIL (${SQLITE_ONLY})`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "seller-reset-"));
    const script = (args: string[], password: string) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seller-add.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, SELLER_PASSWORD: password },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    try {
      expect((await script(["owner@shop.example"], "first password 1")).code).toBe(0);
      const reset = await script(["--reset", "Owner@Shop.example"], "second password 2");
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain("The password of seller owner@shop.example was changed and their sessions ended.");
      expect(reset.stdout + reset.stderr).not.toContain("second password 2");
      const unknown = await script(["--reset", "who@shop.example"], "third password 3");
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain("There is no seller with the email who@shop.example. No password was changed.");

      const store = openDatabase(path.join(dataDir, "store.db"));
      try {
        const row = (await store.select().from(sellers))[0]!;
        expect(await verify(row.passwordHash, "second password 2")).toBe(true);
      } finally {
        store.$client.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

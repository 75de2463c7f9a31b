// Shoppers, addresses and signed-in cookies for tests, written to the test's own SQLite file.
import { hash } from "@node-rs/argon2";
import { transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { takeToasts } from "#app/lib/toast.server.ts";
import { getUser, shopperShell, startSession } from "#app/modules/identity/index.server.ts";
import { addresses, users } from "#db/tables.ts";
import { TEST_ADDRESS } from "./address.ts";
import type { Client } from "./app.ts";
import { cookiesFrom, getRequest } from "./requests.ts";

export const TEST_PASSWORD = "correct horse battery";

let passwordHash: Promise<string> | undefined;

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hash(TEST_PASSWORD);
  const suffix = Math.random().toString(36).slice(2, 8);
  const row = {
    id: newId(),
    name: `Shopper ${suffix}`,
    email: `shopper-${suffix}@example.com`,
    passwordHash: await passwordHash,
    ...overrides,
  };
  await transaction((tx) => tx.insert(users).values(row));
  return row;
}

export async function createAddress(userId: string, overrides: Partial<typeof addresses.$inferInsert> = {}) {
  const row = {
    id: newId(),
    userId,
    ...TEST_ADDRESS,
    ...overrides,
  };
  await transaction((tx) => tx.insert(addresses).values(row));
  return row;
}

/** A shopper with one saved address (TEST_ADDRESS): what placing an order needs. */
export async function createShopperWithAddress() {
  const user = await createUser();
  return { user, address: await createAddress(user.id) };
}

/** A Cookie header value for a signed-in shopper. */
export async function signedInCookie(userId: string): Promise<string> {
  const setCookie = await startSession("user", userId);
  return setCookie.split(";")[0]!;
}

/**
 * The toast messages a response (or the answers a client read: its cookies) leave for the next page, read as
 * the root loader reads them.
 */
export async function toastsFrom(from: Response | Pick<Client, "cookie">): Promise<string[]> {
  const cookie = from instanceof Response ? cookiesFrom(from) : from.cookie;
  const { toasts } = await takeToasts(getRequest("/", { cookie }));
  return toasts.map((t) => `${t.type}: ${t.message}`);
}

/** What the header shows to the browser holding these cookies: who is signed in and the cart count. */
export async function headerFor(cookie = "") {
  const request = getRequest("/", { cookie });
  return shopperShell(request, await getUser(request));
}

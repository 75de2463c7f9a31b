// No overselling, proven through the production server: `node build/server-entry.js` (the built bundle) as its own process
// on a loopback port, with the test's DATA_DIR, takes 100 orders at once from 10 shoppers for a size with 5
// units left. Cash orders: exactly 5 are placed, 95 get a clear 409, the count ends at 0. Online orders: the
// checkouts that got units are then paid, failed and expired in a random order through the sandbox's hosted
// page, their events replayed, and every unit is either sold or back, exactly once. The shoppers, their
// addresses and the products are written straight to the shared SQLite file; every order goes over HTTP.
// Nothing here depends on how fast the machine is: the test waits for answers, never for time.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { orderItems, orders } from "#db/tables.ts";
import { builtServer } from "../helpers/app.ts";
import { createProduct, LINEN_SHIRT_M_REFUSAL, stockOf, unitsInOrders } from "../helpers/factories.ts";
import { freePort } from "../helpers/ports.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";
import { deliverWebhook } from "../helpers/stripe-webhook.ts";

const SHOPPERS = 10;
const ORDERS_EACH = 10;
const START = 5;

let server: ChildProcess;
let origin: string;
let output = "";
const shoppers: { id: string; cookie: string; addressId: string }[] = [];

beforeAll(async () => {
  builtServer();
  // The database (migrated), its session secret and the shoppers exist before the server opens them.
  for (let i = 0; i < SHOPPERS; i++) {
    const user = await createUser();
    shoppers.push({ id: user.id, cookie: await signedInCookie(user.id), addressId: (await createAddress(user.id)).id });
  }
  // The server reaches its own Stripe sandbox at 127.0.0.1:PORT, so the port is chosen here.
  const port = await freePort();
  // All ten shoppers come from 127.0.0.1: the per-address limit on open checkouts (decision 0212) is raised.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    NODE_ENV: "test",
    OPEN_CHECKOUTS_PER_ADDRESS: "100000",
  };
  delete env.STRIPE_SANDBOX_URL;
  server = spawn(process.execPath, [path.join(env.BUILD_DIR ?? "build", "server-entry.js")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  origin = await new Promise<string>((resolve, reject) => {
    server.stdout!.on("data", (chunk) => {
      output += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    server.on("exit", (code) => reject(new Error(`server.ts exited (${code}) before listening:\n${output}`)));
  });
});

afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

type Answer = { status: number; body: { success?: boolean; message?: string; url?: string; orderId?: string } };

async function post(pathname: string, cookie: string, json: unknown): Promise<Answer> {
  const response = await fetch(new URL(pathname, origin), {
    method: "POST",
    // A browser's post: with the session cookie comes the store's own Origin (request-guard.server.ts).
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: origin },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

/** 100 orders at once: each shopper sends ten, all in flight together. */
function orderAtOnce(pathname: string, productId: string): Promise<Answer[]> {
  return Promise.all(
    shoppers.flatMap((shopper) =>
      Array.from({ length: ORDERS_EACH }, () =>
        post(pathname, shopper.cookie, {
          items: [{ product: productId, size: "M", quantity: 1 }],
          address: shopper.addressId,
        }),
      ),
    ),
  );
}

/** A small seeded random source, so a failing order of events can be replayed from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe("100 orders at once for 5 units, through the production server", () => {
  it("cash on delivery: exactly 5 placed, 95 clear refusals, the count at 0, sold + left = start", async () => {
    const shirt = await createProduct(
      { name: "Linen Shirt" },
      {
        sizes: [
          ["S", 7],
          ["M", START],
          ["L", null],
        ],
      },
    );
    const answers = await orderAtOnce("/api/order/cod", shirt.id);

    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(START);
    expect(refused).toHaveLength(SHOPPERS * ORDERS_EACH - START);
    for (const answer of refused) {
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(LINEN_SHIRT_M_REFUSAL);
    }
    const stock = await stockOf(shirt.id);
    expect(stock).toEqual({ S: 7, M: 0, L: null });
    const sold = await unitsInOrders(shirt.id, eq(orders.paymentType, "COD"));
    expect(sold).toBe(START);
    expect(sold + stock.M!).toBe(START);
    // Each placed answer names its own order, and only those orders exist.
    const ids = placed.map((a) => a.body.orderId!);
    expect(new Set(ids).size).toBe(START);
    expect(
      (
        await db()
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(eq(orderItems.productId, shirt.id))
      )
        .map((o) => o.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(output).not.toMatch(/error/i);
    console.log(`Cash orders at once: ${placed.length} placed, ${refused.length} refused with 409, ${stock.M} left.`);
  });

  it("online: units held while unpaid, then paid, failed and expired in random order, each back exactly once", async () => {
    const shirt = await createProduct({ name: "Linen Shirt" }, { sizes: [["M", START]] });
    const answers = await orderAtOnce("/api/order/stripe", shirt.id);

    const started = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    // Ordering again closes the same shopper's earlier checkout (its units go back), so more than five can
    // start; every answer is one or the other, and the units held and left always add up.
    expect(started.length + refused.length, JSON.stringify(answers.filter((a) => ![200, 409].includes(a.status)))).toBe(
      answers.length,
    );
    expect(started.length).toBeGreaterThanOrEqual(START);
    for (const answer of started) expect(answer.body.url).toMatch(/\/stripe-sandbox\/checkout\/cs_/);
    for (const answer of refused) expect(answer.body.message).toMatch(LINEN_SHIRT_M_REFUSAL);

    const ofShirt = async () =>
      await db()
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            db().select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, shirt.id)),
          ),
        );
    const heldAndLeftAddUp = async () => {
      for (const order of (await ofShirt()).filter((o) => o.status === "Cancelled")) {
        expect(order.stockReturnedAt).not.toBeNull();
      }
      const held = await unitsInOrders(shirt.id, and(eq(orders.status, "Order Placed"), eq(orders.isPaid, false)));
      expect(held + (await stockOf(shirt.id)).M!).toBe(START);
      expect((await stockOf(shirt.id)).M).toBeGreaterThanOrEqual(0);
    };
    expect(await ofShirt()).toHaveLength(started.length);
    await heldAndLeftAddUp();

    // The shoppers order again, 100 at once: each one's earlier open checkout is closed first (its session
    // expired, its units back) and the units are fought over again.
    const again = await orderAtOnce("/api/order/stripe", shirt.id);
    expect(
      again.every((a) => a.status === 200 || (a.status === 409 && LINEN_SHIRT_M_REFUSAL.test(a.body.message ?? ""))),
      JSON.stringify(again.filter((a) => a.status !== 200 && a.status !== 409)),
    ).toBe(true);
    await heldAndLeftAddUp();
    const open = (await ofShirt()).filter((o) => o.status === "Order Placed" && !o.isPaid);
    expect(open.length).toBeGreaterThanOrEqual(1);

    // Each open checkout is paid, fails or expires on the hosted page, all at once, in a random order.
    const seed = Date.now();
    const random = randomFrom(seed);
    const fates = open.map((order) => ({
      order,
      fate: (["pay", "fail", "expire"] as const)[Math.floor(random() * 3)]!,
    }));
    for (let i = fates.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [fates[i], fates[j]] = [fates[j]!, fates[i]!];
    }
    const pressed = await Promise.all(
      fates.map(({ order, fate }) =>
        fetch(new URL(`/stripe-sandbox/checkout/${order.stripeSessionId}`, origin), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: fate }),
          redirect: "manual",
        }).then((r) => r.status),
      ),
    );
    expect(
      pressed.every((status) => status === 303),
      `seed ${seed}`,
    ).toBe(true);

    // Stripe sends events again, duplicated and late: replay every cancelled order's end, signed as Stripe does.
    const secret = readFileSync(path.join(config().dataDir, "stripe-sandbox", "webhook-secret"), "utf8").trim();
    const replays = await Promise.all(
      (await ofShirt())
        .filter((o) => o.status === "Cancelled")
        .flatMap((order) =>
          ["checkout.session.expired", "checkout.session.async_payment_failed"].map(async (type) => {
            const object = { id: order.stripeSessionId, object: "checkout.session", metadata: { orderId: order.id } };
            return (await deliverWebhook(origin, type, object, { secret })).outcome;
          }),
        ),
    );
    expect(
      replays.every((outcome) => outcome === "already-closed"),
      `seed ${seed}`,
    ).toBe(true);

    const final = await ofShirt();
    const paid = final.filter((o) => o.isPaid);
    const sold = await unitsInOrders(shirt.id, eq(orders.isPaid, true));
    const left = (await stockOf(shirt.id)).M!;
    const fateOf = new Map(fates.map(({ order, fate }) => [order.id, fate]));
    expect(paid.map((o) => o.id).sort(), `seed ${seed}`).toEqual(
      fates
        .filter(({ fate }) => fate === "pay")
        .map(({ order }) => order.id)
        .sort(),
    );
    for (const order of final) {
      if (order.isPaid) expect(order).toMatchObject({ status: "Order Placed", stockReturnedAt: null });
      else expect(order.status, `${fateOf.get(order.id)} (seed ${seed})`).toBe("Cancelled");
      if (!order.isPaid) expect(order.stockReturnedAt).not.toBeNull();
    }
    expect(sold + left, `seed ${seed}`).toBe(START);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(output).not.toMatch(/error/i);
    console.log(
      `Online orders at once: ${started.length} checkouts started, ${refused.length} refused with 409; again: ` +
        `${again.filter((a) => a.status === 200).length} started, ${again.filter((a) => a.status === 409).length} refused; ` +
        `${open.length} open then ${fates.filter((f) => f.fate === "pay").length} paid, ` +
        `${fates.filter((f) => f.fate === "fail").length} failed, ${fates.filter((f) => f.fate === "expire").length} expired; ` +
        `${sold} sold + ${left} left = ${START} (seed ${seed}).`,
    );
  });
});

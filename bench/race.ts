// The 200-for-5 run (issue 18, "Concurrency across servers"): a size with 5 units, and 200 buyers, each signed up
// on one of the servers (split evenly), all sending one cash-on-delivery order for a unit at the same moment,
// each to its own server. Afterwards the database itself is read (bench/db-task.ts): exactly 5 sold, 195 clear
// 409s, no unit left, and the units in orders equal to the orders acknowledged.
import { cookieHeader, request } from "./http.ts";
import { runToEnd } from "./processes.ts";

export type RaceResult = {
  buyers: number;
  units: number;
  servers: number;
  /** 201 answers: orders acknowledged. */
  sold: number;
  /** 409 answers. */
  refused: number;
  /** Any other answer, by status (or "no answer"). */
  other: Record<string, number>;
  /** The distinct refusal messages, with how many got each. */
  messages: Record<string, number>;
  /** What the database holds afterwards for that size: units left, and the units and orders this run added. */
  database: { stock: number | null; unitsOrdered: number; orders: number };
  /** From the first order sent to the last answer. */
  seconds: number;
  ok: boolean;
  problems: string[];
};

/** Whether a run sold exactly the units there were and refused the rest clearly, as the database confirms. */
export function raceVerdict(
  r: Pick<RaceResult, "buyers" | "units" | "sold" | "refused" | "other" | "messages" | "database">,
): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  const expectedSold = Math.min(r.units, r.buyers);
  if (r.sold !== expectedSold) problems.push(`${r.sold} sold, not ${expectedSold}`);
  if (r.refused !== r.buyers - expectedSold) problems.push(`${r.refused} refused, not ${r.buyers - expectedSold}`);
  const others = Object.entries(r.other).filter(([, n]) => n > 0);
  if (others.length > 0) problems.push(`other answers: ${others.map(([s, n]) => `${n}× ${s}`).join(", ")}`);
  const unclear = Object.keys(r.messages).filter((m) => !/sold out|left of/i.test(m));
  if (unclear.length > 0) problems.push(`unclear refusals: ${unclear.join(" / ")}`);
  if (r.database.unitsOrdered !== r.sold) problems.push(`${r.database.unitsOrdered} units in orders, ${r.sold} sold`);
  if (r.database.orders !== r.sold) problems.push(`${r.database.orders} orders stored, ${r.sold} acknowledged`);
  if (r.database.stock !== r.units - expectedSold)
    problems.push(`${r.database.stock} units left, not ${r.units - expectedSold}`);
  return { ok: problems.length === 0, problems };
}

async function postJson(origin: string, pathname: string, body: unknown, cookie = "") {
  const response = await request(`${origin}${pathname}`, {
    method: "POST",
    // A script on the store's own pages sends its Origin (a cookie-carrying POST without one is refused).
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return response;
}

/** Registers a shopper through /api/user/register and saves one address; returns its cookie and address id. */
export async function registerShopper(origin: string, name: string): Promise<{ cookie: string; addressId: string }> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.test`;
  const ensure = (r: Awaited<ReturnType<typeof postJson>>, what: string) => {
    if (r.status >= 400) throw new Error(`POST ${what}: ${r.status} ${r.body.toString()}`);
    return r;
  };
  const registered = ensure(
    await postJson(origin, "/api/user/register", { name, email, password: "bench-password" }),
    "/api/user/register",
  );
  const cookie = cookieHeader(registered.headers);
  ensure(
    await postJson(
      origin,
      "/api/address/add",
      {
        address: {
          firstName: name,
          lastName: "Bench",
          email,
          street: "1 Load Street",
          city: "Pune",
          state: "Maharashtra",
          zipcode: "411001",
          country: "India",
          phone: "+91 9800000000",
        },
      },
      cookie,
    ),
    "/api/address/add",
  );
  const list = await request(`${origin}/api/address/get`, { headers: { cookie } });
  const addressId = JSON.parse(list.body.toString()).addresses?.[0]?._id;
  if (typeof addressId !== "string") throw new Error(`No address for ${name}: ${list.body.toString()}`);
  return { cookie, addressId };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

export async function runRace({
  origins,
  env,
  productId,
  units = 5,
  buyers = 200,
}: {
  origins: string[];
  /** The environment that points bench/db-task.ts at the servers' database (DATA_DIR, DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  productId: string;
  units?: number;
  buyers?: number;
}): Promise<RaceResult> {
  const task = async (...args: string[]) =>
    JSON.parse(await runToEnd(process.execPath, ["--import", "tsx", "bench/db-task.ts", ...args], { env }));
  const { size } = (await task("stock", productId, String(units))) as { size: string };
  // Orders of that size placed before (an earlier run, copied with the store) are not this run's.
  const before = (await task("check", productId, size)) as RaceResult["database"];
  const originOf = (i: number) => origins[i % origins.length]!;
  // Signing up is not what is measured: a few at a time, so the servers are not swamped.
  const shoppers = await inBatches(
    Array.from({ length: buyers }, (_, i) => i),
    8,
    (i) => registerShopper(originOf(i), `buyer${i}`),
  );
  const started = Date.now();
  const answers = await Promise.all(
    shoppers.map(async ({ cookie, addressId }, i) => {
      try {
        const r = await postJson(
          originOf(i),
          "/api/order/cod",
          { items: [{ product: productId, size, quantity: 1 }], address: addressId },
          cookie,
        );
        let message = "";
        try {
          message = String(JSON.parse(r.body.toString()).message ?? "");
        } catch {
          message = r.body.toString().slice(0, 80);
        }
        return { status: String(r.status), message };
      } catch (error) {
        return { status: "no answer", message: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const after = (await task("check", productId, size)) as RaceResult["database"];
  const database = {
    stock: after.stock,
    unitsOrdered: after.unitsOrdered - before.unitsOrdered,
    orders: after.orders - before.orders,
  };
  const other: Record<string, number> = {};
  const messages: Record<string, number> = {};
  for (const a of answers) {
    if (a.status === "409") messages[a.message] = (messages[a.message] ?? 0) + 1;
    else if (a.status !== "201") other[a.status] = (other[a.status] ?? 0) + 1;
  }
  const counted = {
    buyers,
    units,
    servers: origins.length,
    sold: answers.filter((a) => a.status === "201").length,
    refused: answers.filter((a) => a.status === "409").length,
    other,
    messages,
    database,
  };
  return { ...counted, seconds, ...raceVerdict(counted) };
}

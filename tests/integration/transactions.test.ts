// transaction() and db() of app/lib/db.server.ts on the engine of this run (decision 0140): a body's rows are
// committed together or not at all, bodies run one after another in the order they were asked for, and a
// transaction inside another is refused (on SQLite outside production, where the tests run).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, engine, first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { newsletterSubscribers as newsletter } from "#db/tables.ts";
import { onPostgres } from "../engines.ts";

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.com`;
const stored = async (address: string) =>
  first(db().select({ email: newsletter.email }).from(newsletter).where(eq(newsletter.email, address)));

describe("transaction()", () => {
  it("runs on the engine this run chose", () => {
    expect(engine()).toBe(onPostgres ? "postgres" : "sqlite");
  });

  it("commits a body's rows together, and none of them when the body throws", async () => {
    const [kept, lost] = [email("kept"), email("lost")];
    await transaction(async (tx) => {
      await tx.insert(newsletter).values({ id: newId(), email: kept });
    });
    await expect(
      transaction(async (tx) => {
        await tx.insert(newsletter).values({ id: newId(), email: lost });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await stored(kept)).toEqual({ email: kept });
    expect(await stored(lost)).toBeUndefined();
  });

  it("runs bodies that await one after another, each seeing the rows of those before it", async () => {
    const prefix = `order-${Math.random().toString(36).slice(2)}`;
    const seen = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        transaction(async (tx) => {
          const before = await tx
            .select({ n: sql<number>`count(*)` })
            .from(newsletter)
            .where(sql`${newsletter.email} LIKE ${`${prefix}%`}`);
          await tx.insert(newsletter).values({ id: newId(), email: `${prefix}-${i}@example.com` });
          return Number(before[0]!.n);
        }),
      ),
    );
    // On SQLite the queue runs them in the order asked; on PostgreSQL read committed lets them overlap, so
    // only the total is certain there.
    if (!onPostgres) expect(seen).toEqual([0, 1, 2, 3, 4]);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)` })
      .from(newsletter)
      .where(sql`${newsletter.email} LIKE ${`${prefix}%`}`)) as [{ n: number }];
    expect(Number(n)).toBe(5);
  });

  it("refuses a transaction started inside another, and rolls back the outer one", async () => {
    const address = email("outer");
    await expect(
      transaction(async (tx) => {
        await tx.insert(newsletter).values({ id: newId(), email: address });
        await transaction(async () => undefined);
      }),
    ).rejects.toThrow("transaction() inside a transaction");
    expect(await stored(address)).toBeUndefined();
  });
});

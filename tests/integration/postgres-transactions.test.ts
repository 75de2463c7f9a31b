// transactionPostgres (app/lib/db-postgres.server.ts): a transaction on PostgreSQL, run again after a
// serialisation failure or a deadlock, a bounded number of times; anything else is thrown at once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closePostgres,
  connectPostgres,
  MAX_TRANSACTION_ATTEMPTS,
  type PgDb,
  transactionPostgres,
} from "#app/lib/db-postgres.server.ts";
import { postgresForFile } from "../helpers/postgres.ts";

const postgres = postgresForFile();
let db: PgDb;

beforeAll(async () => {
  db = connectPostgres(postgres.url(), { max: 4 });
  await db.execute(sql`CREATE TABLE on_call (id int PRIMARY KEY, name text UNIQUE, on_duty boolean NOT NULL)`);
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

/** Resolves for everyone once `parties` have arrived. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived === parties) open();
    return opened;
  };
}

describe("transactionPostgres", () => {
  it("runs a transaction that lost a serialisation conflict again, and the rule it checked holds", async () => {
    await db.execute(sql`DELETE FROM on_call`);
    await db.execute(sql`INSERT INTO on_call VALUES (1, 'a', true), (2, 'b', true)`);
    // Both read that two are on duty, then each takes themself off (write skew): SERIALIZABLE lets only one
    // commit; the other is run again, now sees one on duty, and stays.
    const bothRead = barrier(2);
    const tries = { 1: 0, 2: 0 };
    const retries: number[] = [];
    const goOffDuty = (id: 1 | 2) =>
      transactionPostgres(
        db,
        async (tx) => {
          tries[id]++;
          const [row] = await tx.execute(sql`SELECT count(*)::int AS n FROM on_call WHERE on_duty`);
          if (tries[id] === 1) await bothRead();
          if (Number(row?.n) < 2) return false;
          await tx.execute(sql`UPDATE on_call SET on_duty = false WHERE id = ${id}`);
          return true;
        },
        { isolationLevel: "serializable", onRetry: (_error, attempt) => retries.push(attempt) },
      );
    const results = await Promise.all([goOffDuty(1), goOffDuty(2)]);
    expect(results.sort()).toEqual([false, true]);
    expect(tries[1] + tries[2]).toBe(3);
    expect(retries).toEqual([1]);
    const [left] = await db.execute(sql`SELECT count(*)::int AS n FROM on_call WHERE on_duty`);
    expect(left?.n).toBe(1);
  });

  it("gives up after MAX_TRANSACTION_ATTEMPTS tries, with PostgreSQL's error", async () => {
    let tries = 0;
    const failing = transactionPostgres(db, async (tx) => {
      tries++;
      await tx.execute(sql`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: "40001" } });
    expect(tries).toBe(MAX_TRANSACTION_ATTEMPTS);
  });

  it("runs a deadlock's loser again", async () => {
    let tries = 0;
    const failing = transactionPostgres(db, async (tx) => {
      tries++;
      if (tries === 1)
        await tx.execute(sql`DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = 'deadlock_detected'; END $$`);
      return "done";
    });
    expect(await failing).toBe("done");
    expect(tries).toBe(2);
  });

  it("throws any other error at once, and what the body wrote is rolled back", async () => {
    await db.execute(sql`DELETE FROM on_call`);
    await db.execute(sql`INSERT INTO on_call VALUES (1, 'a', true)`);
    let tries = 0;
    const duplicate = transactionPostgres(db, async (tx) => {
      tries++;
      await tx.execute(sql`INSERT INTO on_call VALUES (2, 'b', true)`);
      await tx.execute(sql`INSERT INTO on_call VALUES (3, 'a', true)`);
    });
    await expect(duplicate).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(tries).toBe(1);
    const rows = await db.execute(sql`SELECT id FROM on_call ORDER BY id`);
    expect(Array.from(rows, (row) => row.id)).toEqual([1]);
  });
});

// SIGKILL in the middle of the load: the production server is killed while 50 shoppers have orders in flight,
// restarted on the same DATA_DIR, killed again... (CRASH_ROUNDS rounds, 3 by default). After every kill,
// every order the server had acknowledged is in the database exactly as acknowledged, and SQLite's
// integrity_check and foreign_key_check pass. The kill comes when a number of orders have been acknowledged
// in the round (a condition, not a time), with the other shoppers' requests still in flight.
import { expect, it } from "vitest";
import {
  envCount,
  expectAcknowledgedOrders,
  expectSoundDatabase,
  LOAD_SERVER_ENV,
  LoadLog,
  LoadShopper,
  loadProducts,
} from "../helpers/load.ts";
import { startProductionServer } from "../helpers/production-server.ts";

const ROUNDS = envCount("CRASH_ROUNDS", 3);
const SHOPPERS = envCount("LOAD_SHOPPERS", 50);
/** Orders acknowledged in a round before the kill. */
const KILL_AFTER = 40;
/** A round's bound on each shopper's orders, should the kill never come. */
const MOST_PER_ROUND = 20;

it(`${ROUNDS} SIGKILLs under load: every acknowledged order survives, the database stays sound`, async () => {
  const products = await loadProducts();
  const log = new LoadLog();
  const shoppers = Array.from(
    { length: SHOPPERS },
    (_, i) => new LoadShopper(`crash-${i}-${Date.now()}@example.com`, log),
  );
  let inFlightAtKill = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startProductionServer(LOAD_SERVER_ENV);
    if (round === 0) await Promise.all(shoppers.map((shopper) => shopper.signUp(server.origin)));
    const target = log.acknowledged.length + KILL_AFTER;
    let killed = false;
    let busy = 0;
    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill += busy;
      server.child.kill("SIGKILL");
    };
    await Promise.all(
      shoppers.map(async (shopper) => {
        for (let i = 0; i < MOST_PER_ROUND && !killed; i++) {
          busy += 1;
          const reached = await shopper.shop(server.origin, products, round * MOST_PER_ROUND + i);
          busy -= 1;
          if (!reached) break;
          if (log.acknowledged.length >= target) kill();
        }
      }),
    );
    kill();
    await server.exited;
    expect(server.child.signalCode).toBe("SIGKILL");
    // The database as the killed server left it (the next start recovers its write-ahead log the same way).
    await expectAcknowledgedOrders(log, products, { exact: false });
    expectSoundDatabase();
  }
  // The last server's acknowledgements were checked after its kill; one more start proves the store opens.
  const after = await startProductionServer(LOAD_SERVER_ENV);
  const list = await fetch(`${after.origin}/api/product/list`);
  expect(list.status).toBe(200);
  expect(await after.stop()).toBe(0);
  expect(log.failures).toEqual([]);
  expect(inFlightAtKill).toBeGreaterThan(0);
  console.log(
    `crash: ${ROUNDS} SIGKILLs with ${inFlightAtKill} shopper requests in flight in all, ` +
      `${log.acknowledged.length} acknowledged orders all intact, integrity_check and foreign_key_check clean`,
  );
});

// Load against the real production server (`node build/server-entry.js`): 50 shoppers at once, each doing a fixed amount
// of work (LOAD_ORDERS rounds of: read the catalogue, replace the cart, place a cash order). Afterwards every
// acknowledged order is stored exactly once with consistent amounts, no request failed (none with a busy
// database: every write is an immediate transaction under busy_timeout), and SQLite's checks pass.
// LOAD_SHOPPERS and LOAD_ORDERS make it bigger; nothing here depends on how fast the machine is.
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

const SHOPPERS = envCount("LOAD_SHOPPERS", 50);
const ORDERS = envCount("LOAD_ORDERS", 8);

it(`${SHOPPERS} shoppers at once, ${ORDERS} orders each: every acknowledged order stored once, nothing failed`, async () => {
  const products = await loadProducts();
  const server = await startProductionServer(LOAD_SERVER_ENV);
  const log = new LoadLog();
  try {
    const shoppers = Array.from(
      { length: SHOPPERS },
      (_, i) => new LoadShopper(`load-${i}-${Date.now()}@example.com`, log),
    );
    await Promise.all(
      shoppers.map(async (shopper) => {
        await shopper.signUp(server.origin);
        for (let round = 0; round < ORDERS; round++)
          expect(await shopper.shop(server.origin, products, round)).toBe(true);
      }),
    );
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(log.failures).toEqual([]);
  expect(log.acknowledged).toHaveLength(SHOPPERS * ORDERS);
  expect(server.lines().filter((line) => /SQLITE_BUSY|database is locked/i.test(line))).toEqual([]);
  await expectAcknowledgedOrders(log, products, { exact: true });
  expectSoundDatabase();
  console.log(
    `load: ${SHOPPERS} shoppers, ${log.requests} requests, ${log.acknowledged.length} orders acknowledged and stored once, ` +
      `statuses ${JSON.stringify(Object.fromEntries(log.statuses))}`,
  );
});

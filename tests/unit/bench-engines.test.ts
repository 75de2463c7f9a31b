import { describe, expect, it } from "vitest";
import { parseCopyOutput } from "../../bench/copy.ts";
import { combineLoadResults, type LoadResult, shareOf } from "../../bench/load.ts";
import { raceVerdict } from "../../bench/race.ts";

const run = (over: Partial<LoadResult>): LoadResult => ({
  requests: 100,
  seconds: 8,
  rps: 12.5,
  p50: 10,
  p99: 40,
  statuses: { "200": 100 },
  errors: 0,
  ...over,
});

describe("the load split over several servers", () => {
  it("shares the connections out as evenly as whole numbers allow", () => {
    expect([0, 1].map((i) => shareOf(8, 2, i))).toEqual([4, 4]);
    expect([0, 1, 2].map((i) => shareOf(8, 3, i))).toEqual([3, 3, 2]);
    expect(shareOf(8, 1, 0)).toBe(8);
  });

  it("adds requests, req/s and statuses; p50 weighted by requests, p99 the highest", () => {
    const combined = combineLoadResults([
      run({ requests: 300, rps: 37.5, p50: 10, p99: 50, statuses: { "200": 298, "500": 2 }, errors: 1 }),
      run({ requests: 100, rps: 12.5, p50: 30, p99: 45, seconds: 8.2, statuses: { "200": 100 } }),
    ]);
    expect(combined).toEqual({
      requests: 400,
      seconds: 8.2,
      rps: 50,
      p50: 15,
      p99: 50,
      statuses: { "200": 398, "500": 2 },
      errors: 1,
    });
  });

  it("gives a single run back as it is, and refuses none", () => {
    const one = run({});
    expect(combineLoadResults([one])).toBe(one);
    expect(() => combineLoadResults([])).toThrow();
  });
});

describe("the 200-for-5 verdict", () => {
  const right = {
    buyers: 200,
    units: 5,
    sold: 5,
    refused: 195,
    other: {},
    messages: { "Linen Shirt, M is sold out": 190, "Only 1 left of Linen Shirt, M": 5 },
    database: { stock: 0, unitsOrdered: 5, orders: 5 },
  };

  it("passes exactly 5 sold, 195 clear refusals and a database that agrees", () => {
    expect(raceVerdict(right)).toEqual({ ok: true, problems: [] });
  });

  it("fails an oversold size, a lost order, another answer or an unclear refusal", () => {
    expect(
      raceVerdict({ ...right, sold: 6, refused: 194, database: { stock: -1, unitsOrdered: 6, orders: 6 } }).ok,
    ).toBe(false);
    expect(raceVerdict({ ...right, database: { stock: 0, unitsOrdered: 4, orders: 4 } }).problems).toEqual([
      "4 units in orders, 5 sold",
      "4 orders stored, 5 acknowledged",
    ]);
    expect(raceVerdict({ ...right, refused: 194, other: { "500": 1 } }).problems).toEqual([
      "194 refused, not 195",
      "other answers: 1× 500",
    ]);
    expect(raceVerdict({ ...right, messages: { "Something went wrong": 195 } }).problems).toEqual([
      "unclear refusals: Something went wrong",
    ]);
  });
});

describe("the copy tool's figures", () => {
  it("reads rows, tables, seconds and peak memory from its closing line", () => {
    const stdout =
      "Copying /data/store.db into postgres://…/shop (9 migrations applied to it first)\n\n" +
      "Copied 912345 rows in 27 tables in 41.2 s; every count and checksum matches (55.0 s in all, at most 312 MB of memory).\n";
    expect(parseCopyOutput(stdout)).toEqual({
      rows: 912345,
      tables: 27,
      copySeconds: 41.2,
      toolSeconds: 55,
      peakMb: 312,
    });
  });

  it("refuses output without a complete copy", () => {
    expect(() => parseCopyOutput("The copy differs from the SQLite store (see DIFFERENT above)")).toThrow(
      /did not report a complete copy/,
    );
  });
});

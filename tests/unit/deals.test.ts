import { describe, expect, it } from "vitest";
import { currentDeals, DEALS, formatDealDate } from "#app/lib/deals.ts";

describe("the deals' dates", () => {
  it("run from today: every offer ends 10 to 41 days later, whatever the date", () => {
    for (const today of ["2025-11-20T08:00:00Z", "2026-02-28T23:59:59Z", "2031-12-31T00:00:00Z"]) {
      const now = new Date(today);
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const days = currentDeals(now).map(
        (deal) => (Date.parse(`${deal.validUntil}T00:00:00Z`) - midnight) / 86_400_000,
      );
      expect(Math.min(...days)).toBe(10);
      expect(Math.max(...days)).toBe(41);
    }
  });

  it("keep the spec's dates on the day the offers were written, and their texts and discounts", () => {
    const deals = currentDeals(new Date("2025-11-20T12:00:00Z"));
    expect(deals.map((deal) => deal.validUntil)).toEqual([
      "2025-12-15",
      "2025-12-10",
      "2025-12-31",
      "2025-12-05",
      "2025-12-20",
      "2025-11-30",
      "2025-12-24",
      "2025-12-12",
    ]);
    expect(deals.map((deal) => deal.discount)).toEqual(["33%", "25%", "50%", "30%", "40%", "20%", "35%", "20%"]);
    expect(deals.map(({ validUntil: _, ...deal }) => deal)).toEqual(DEALS);
    expect(formatDealDate(deals[2]!.validUntil)).toBe("December 31, 2025");
  });
});

// The drawing code itself (run by `npm run demo:draw`, never by the store): every view of every kind draws a
// piece on the studio's paper. Moved here from tests/integration/demo-catalogue.test.ts (decision 0265).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import { drawGarment, GARMENT_KINDS, viewsOf } from "./draw.ts";
import { studio } from "./studio.ts";

describe("the demo drawings", () => {
  it("draws every view of every kind of garment", async () => {
    expect(GARMENT_KINDS).toHaveLength(32);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.kind)).size).toBe(32);
    const pixels = async (svg: string) => {
      const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([96, 96]);
      return data;
    };
    const paper = await pixels(studio([], [], { id: "e", pixels: [96, 96] }));
    for (const kind of GARMENT_KINDS) {
      const views = viewsOf(kind);
      // The whole piece twice (front and back, or side) and a close-up.
      expect(views.length, kind).toBeGreaterThanOrEqual(3);
      expect(views, kind).toContain("detail");
      expect(
        views.some((v) => v === "back" || v === "side"),
        kind,
      ).toBe(true);
      for (const view of views) {
        const drawn = await pixels(
          await drawGarment({ kind, color: "#2563eb", accent: "#f59e0b" }, { view, size: 96 }),
        );
        // Something lies on the paper backdrop: a good part of the picture differs from the empty studio.
        let changed = 0;
        for (let i = 0; i < drawn.length; i += 3) {
          if (Math.abs(drawn[i]! - paper[i]!) + Math.abs(drawn[i + 2]! - paper[i + 2]!) > 40) changed++;
        }
        expect(changed, `${kind} ${view} shows the piece`).toBeGreaterThan(96 * 96 * 0.04);
      }
    }
  });
});

// Product photographs of garments and accessories, drawn as SVG by the project itself (nothing is
// downloaded). The seed rasterises them into product images; demo-art/art.ts composes them into the home
// page and deal illustrations. Every picture is taken in the same studio (studio.ts): an 800 × 800 canvas,
// a warm paper backdrop, light from the top left.

import { createHash } from "node:crypto";
import sharp from "sharp";
import type { GarmentKind, Look, View } from "#db/demo/looks.ts";
import { Brush } from "./brush.ts";
import type { KindDrawing } from "./kind.ts";
import { ACCESSORIES } from "./kinds/accessories.ts";
import { BOTTOMS } from "./kinds/bottoms.ts";
import { DRESSES } from "./kinds/dresses.ts";
import { FOOTWEAR } from "./kinds/footwear.ts";
import { TOPS } from "./kinds/tops.ts";
import { lightMapSvg, type Piece, studio } from "./studio.ts";

export type { Fabric, GarmentKind, Look, Pattern, View } from "#db/demo/looks.ts";
export { shade } from "./studio.ts";

const KINDS: Partial<Record<GarmentKind, KindDrawing>> = {
  ...TOPS,
  ...BOTTOMS,
  ...DRESSES,
  ...FOOTWEAR,
  ...ACCESSORIES,
} as Partial<Record<GarmentKind, KindDrawing>>;

function kindOf(kind: GarmentKind): KindDrawing {
  const drawing = KINDS[kind];
  if (!drawing) throw new Error(`No drawing for ${kind}`);
  return drawing;
}

export const GARMENT_KINDS = Object.keys(KINDS) as GarmentKind[];

/** The views a kind is photographed in, in the order a product shows them. */
export function viewsOf(kind: GarmentKind): readonly View[] {
  return kindOf(kind).views;
}

/** The pieces of one view and the definitions they use (for composing several looks in one picture). */
export function drawPieces(look: Look, view: View, id: string): { pieces: Piece[]; defs: string } {
  const kind = kindOf(look.kind);
  if (!kind.views.includes(view)) throw new Error(`A ${look.kind} has no ${view} view`);
  const detail = view === "detail";
  const brush = new Brush(
    look,
    id,
    look.fabric ?? kind.fabric,
    detail ? (kind.detailZoom ?? 1) : 1,
    kind.stripes,
    detail,
  );
  // The piece's own grain, once over all of it.
  const pieces = kind.draw(brush, view).map((piece) => ({
    ...piece,
    paint: `${piece.paint}<path d="${piece.outline}" fill="${brush.grain(piece.fabric)}"/>`,
    color: look.color,
  }));
  return { pieces, defs: brush.allDefs() };
}

/** Light maps already drawn in this process, by the hash of their SVG (products of one cut share them). */
const lightMaps = new Map<string, Promise<string>>();

/**
 * The light maps of pieces drawn at `pixels` per canvas unit, as PNG data URLs. They are drawn at half the
 * picture's resolution: light varies slowly, and its filters are the costly part of a picture.
 */
export function lightPieces(pieces: Piece[], pixels: number): Promise<string[]> {
  return Promise.all(
    pieces.map((piece) => {
      const svg = lightMapSvg(piece, (pixels / 2) * (piece.magnification ?? 1));
      const key = createHash("sha1").update(svg).digest("hex");
      let map = lightMaps.get(key);
      if (!map) {
        map = sharp(Buffer.from(svg))
          .png({ compressionLevel: 1 })
          .toBuffer()
          .then((png) => `data:image/png;base64,${png.toString("base64")}`);
        lightMaps.set(key, map);
      }
      return map;
    }),
  );
}

export type DrawOptions = {
  view?: View;
  /** Width and height in pixels. */
  size?: number;
  /** Prefix for the ids inside the drawing. */
  id?: string;
};

/**
 * One photograph of a product as an SVG document (800 × 800 canvas, `size` pixels square), ready to be
 * rasterised. Deterministic: the same look and options always give the same drawing.
 */
export async function drawGarment(
  look: Look,
  { view = "front", size = 800, id = "g" }: DrawOptions = {},
): Promise<string> {
  const { pieces, defs } = drawPieces(look, view, id);
  const maps = await lightPieces(pieces, size / 800);
  return studio(pieces, maps, { id, defs, pixels: [size, size] });
}

// What every garment drawing provides: its fabric, the views it can be photographed in, and the pieces of
// each view (see studio.ts).

import type { View } from "#db/demo/looks.ts";
import type { Brush } from "./brush.ts";
import type { Fabric, Piece } from "./studio.ts";

export type { View };

export type KindDrawing = {
  fabric: Fabric;
  /** The views in the order a product shows them (a product with n pictures gets the first n). */
  views: readonly View[];
  /** Stripes run across the piece (a Breton tee) or along it (a shirt). */
  stripes?: "across" | "along";
  /** How much bigger grain, print and stitches are drawn in the close-up (default 3). */
  detailZoom?: number;
  draw: (brush: Brush, view: View) => Piece[];
};

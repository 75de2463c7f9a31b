// Comparing decoded pictures: is one a different photograph, or the same drawing again, cropped or zoomed?
import sharp from "sharp";

/** A picture decoded to a small grey square, with its summed-area table for quick window averages. */
export type Grey = { size: number; sums: Float64Array };

export async function greyOf(file: string, size: number): Promise<Grey> {
  const pixels = await sharp(file).resize(size, size, { fit: "fill" }).greyscale().raw().toBuffer();
  // sums[(y * (size + 1)) + x] = sum of pixels above and left of (x, y).
  const sums = new Float64Array((size + 1) * (size + 1));
  for (let y = 0; y < size; y++) {
    let row = 0;
    for (let x = 0; x < size; x++) {
      row += pixels[y * size + x]!;
      sums[(y + 1) * (size + 1) + x + 1] = sums[y * (size + 1) + x + 1]! + row;
    }
  }
  return { size, sums };
}

/** A square window of a picture (left, top, side in its pixels) averaged down to `cells` × `cells`. */
function window(g: Grey, left: number, top: number, side: number, cells: number): Float64Array {
  const out = new Float64Array(cells * cells);
  const w = g.size + 1;
  const edge = (v: number) => Math.min(g.size, Math.round(v));
  for (let y = 0; y < cells; y++) {
    const y0 = edge(top + (y * side) / cells);
    const y1 = Math.max(y0 + 1, edge(top + ((y + 1) * side) / cells));
    for (let x = 0; x < cells; x++) {
      const x0 = edge(left + (x * side) / cells);
      const x1 = Math.max(x0 + 1, edge(left + ((x + 1) * side) / cells));
      const sum = g.sums[y1 * w + x1]! - g.sums[y0 * w + x1]! - g.sums[y1 * w + x0]! + g.sums[y0 * w + x0]!;
      out[y * cells + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

function meanDifference(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Mean absolute difference of two pictures with the same framing (0: identical, 255: opposite). */
export function difference(a: Grey, b: Grey, cells = 24): number {
  return meanDifference(window(a, 0, 0, a.size, cells), window(b, 0, 0, b.size, cells));
}

/**
 * How close `b` comes to being a magnified crop of `a` (1.5 to 4 times, anywhere in it): the smallest
 * mean absolute difference between `b` and such a window of `a`. A crop of the same drawing scores a few
 * units, the same drawing redrawn magnified about 7; a different photograph (a back, a close-up drawn on
 * its own) scores more than 10.
 */
export function closestCrop(a: Grey, b: Grey, cells = 16): number {
  const target = window(b, 0, 0, b.size, cells);
  let best = Number.POSITIVE_INFINITY;
  for (let scale = 1.5; scale <= 4; scale += 0.25) {
    const side = a.size / scale;
    const step = Math.max(1, side / 10);
    for (let top = 0; top + side <= a.size + 0.01; top += step) {
      for (let left = 0; left + side <= a.size + 0.01; left += step) {
        best = Math.min(best, meanDifference(window(a, left, top, side, cells), target));
      }
    }
  }
  return best;
}

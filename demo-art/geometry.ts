// Small vector helpers for the drawings (canvas units, y down).
export type Point = [number, number];

/** A number rounded for SVG output. */
export const f = (n: number) => (Math.round(n * 10) / 10).toString();
export const pt = ([x, y]: Point) => `${f(x)} ${f(y)}`;

export const add = (a: Point, b: Point): Point => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
export const mul = (a: Point, k: number): Point => [a[0] * k, a[1] * k];
export const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const len = (a: Point) => Math.hypot(a[0], a[1]);
export const unit = (a: Point): Point => mul(a, 1 / (len(a) || 1));
/** The vector turned a quarter clockwise (on screen, y down). */
export const perp = (a: Point): Point => [-a[1], a[0]];
/** Mirror across the picture's vertical centre line (x = 400 unless given). */
export const mirror = (a: Point, cx = 400): Point => [2 * cx - a[0], a[1]];

/** A point on a quadratic curve from a to b that bulges sideways by `bow` (positive: to the right of a→b). */
export function bowed(a: Point, b: Point, bow: number): Point {
  const m = lerp(a, b, 0.5);
  return add(m, mul(perp(unit(sub(b, a))), bow));
}

/** Path segment "Q c b" for a curve from the current point a to b bowed sideways. */
export function q(a: Point, b: Point, bow = 0): string {
  return `Q${pt(bowed(a, b, bow))} ${pt(b)}`;
}

/** Smooth curve through points (Catmull-Rom as cubic Béziers), optionally closed. */
export function smooth(points: Point[], closed = false, tension = 1): string {
  const n = points.length;
  const at = (i: number) => points[closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i))]!;
  let d = `M${pt(points[0]!)}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = add(p1, mul(sub(p2, p0), tension / 6));
    const c2 = sub(p2, mul(sub(p3, p1), tension / 6));
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return closed ? `${d}Z` : d;
}

/** Evenly spaced points from a to b (count of them, ends included). */
export function spaced(a: Point, b: Point, count: number): Point[] {
  return Array.from({ length: count }, (_, i) => lerp(a, b, count === 1 ? 0.5 : i / (count - 1)));
}

/** A deterministic pseudo-random sequence (same seed, same numbers). */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100_000) / 100_000;
  };
}

export const circle = ([x, y]: Point, r: number) =>
  `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;

export const ellipse = ([x, y]: Point, rx: number, ry: number) =>
  `M${f(x - rx)} ${f(y)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0Z`;

export const rect = (x: number, y: number, w: number, h: number, r = 0) =>
  r > 0
    ? `M${f(x + r)} ${f(y)}H${f(x + w - r)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + r)}V${f(y + h - r)}Q${f(x + w)} ${f(y + h)} ${f(x + w - r)} ${f(y + h)}H${f(x + r)}Q${f(x)} ${f(y + h)} ${f(x)} ${f(y + h - r)}V${f(y + r)}Q${f(x)} ${f(y)} ${f(x + r)} ${f(y)}Z`
    : `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + h)}H${f(x)}Z`;

/** The outline of a band of constant width along a smooth centre line (a strap, a scarf). */
export function band(points: Point[], width: number): string {
  const left: Point[] = [];
  const right: Point[] = [];
  for (let i = 0; i < points.length; i++) {
    const prev = points[Math.max(0, i - 1)]!;
    const next = points[Math.min(points.length - 1, i + 1)]!;
    const n = perp(unit(sub(next, prev)));
    left.push(add(points[i]!, mul(n, width / 2)));
    right.push(add(points[i]!, mul(n, -width / 2)));
  }
  const a = smooth(left);
  const b = smooth(right.reverse()).replace(/^M/, "L");
  return `${a}${b}Z`;
}

/**
 * The bounding box [x, y, width, height] of a path's points (control points included, so it may be a
 * little generous; arcs count their end points widened by their radii).
 */
export function outlineBox(d: string): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const see = (x: number, y: number, r = 0) => {
    minX = Math.min(minX, x - r);
    minY = Math.min(minY, y - r);
    maxX = Math.max(maxX, x + r);
    maxY = Math.max(maxY, y + r);
  };
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  for (const [, cmd, args] of d.matchAll(/([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g)) {
    const n = (args!.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    const rel = cmd === cmd!.toLowerCase();
    const C = cmd!.toUpperCase();
    const step = { M: 2, L: 2, T: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, A: 7, Z: 0 }[C]!;
    if (step === 0) {
      cx = sx;
      cy = sy;
      continue;
    }
    for (let i = 0; i + step <= n.length; i += step) {
      const g = n.slice(i, i + step);
      const bx = rel ? cx : 0;
      const by = rel ? cy : 0;
      if (C === "H") cx = g[0]! + bx;
      else if (C === "V") cy = g[0]! + by;
      else if (C === "A") {
        cx = g[5]! + bx;
        cy = g[6]! + by;
        see(cx, cy, Math.max(g[0]!, g[1]!) * 2);
      } else {
        for (let k = 0; k + 1 < step; k += 2) see(g[k]! + bx, g[k + 1]! + by);
        cx = g[step - 2]! + bx;
        cy = g[step - 1]! + by;
      }
      see(cx, cy);
      if (C === "M" && i === 0) {
        sx = cx;
        sy = cy;
      }
    }
  }
  return [minX, minY, maxX - minX, maxY - minY];
}

// The flat-lay outline shared by everything worn on the upper body: neck, shoulders, sleeves, body and hem,
// with the points that seams, folds and trims are drawn from.
import { f, type Point, pt } from "../brush.ts";
import { add, lerp, mirror, mul, q, random, smooth } from "../geometry.ts";
import { ridge, valley } from "../studio.ts";

export type TopSpec = {
  /** Half width of the neck opening, and the y of its corners. */
  neck: number;
  y: number;
  /** Depth of the front and back necklines below the corners. */
  drop: number;
  backDrop: number;
  /** Half width at the shoulder points and how far they drop. */
  shoulder: number;
  slope: number;
  /** Sleeves (none: sleeveless). Angle from hanging straight down, in degrees. */
  sleeve?: { length: number; angle: number; cuff: number; top?: number };
  /** Armpit depth below the shoulder point, half widths at chest, waist and hem, and the hem's y. */
  armhole: number;
  chest: number;
  waist?: number;
  hem: number;
  hemY: number;
  /** How far the hem curves down in its middle (a shirt tail), or up when negative. */
  curve?: number;
};

export type TopFrame = {
  spec: TopSpec;
  outline: string;
  /** The front (or back) neckline from the left corner to the right one. */
  neckline: string;
  /** The other side's neckline, seen through the opening from the front. */
  insideNeck: string;
  nl: Point;
  nr: Point;
  dip: Point;
  sl: Point;
  sr: Point;
  al: Point;
  ar: Point;
  hl: Point;
  hr: Point;
  /** Cuff corners, outer (top edge of the sleeve) and inner: left and right. */
  cl: [Point, Point] | null;
  cr: [Point, Point] | null;
  /** Direction of the left sleeve (unit vector). */
  sleeveDir: Point | null;
};

export function neckCurve(nl: Point, nr: Point, depth: number): string {
  const w = (nr[0] - nl[0]) / 2;
  const y = nl[1] + depth;
  return `C${f(nl[0] + w * 0.08)} ${f(nl[1] + depth * 0.6)} ${f(400 - w * 0.62)} ${f(y)} 400 ${f(y)}C${f(400 + w * 0.62)} ${f(y)} ${f(nr[0] - w * 0.08)} ${f(nr[1] + depth * 0.6)} ${pt(nr)}`;
}

export function topFrame(spec: TopSpec, view: "front" | "back"): TopFrame {
  const depth = view === "front" ? spec.drop : spec.backDrop;
  const nl: Point = [400 - spec.neck, spec.y];
  const nr = mirror(nl);
  const dip: Point = [400, spec.y + depth];
  const sl: Point = [400 - spec.shoulder, spec.y + spec.slope];
  const sr = mirror(sl);
  const al: Point = [400 - spec.chest, sl[1] + spec.armhole];
  const ar = mirror(al);
  const hl: Point = [400 - spec.hem, spec.hemY];
  const hr = mirror(hl);
  const waist = spec.waist ?? (spec.chest + spec.hem) / 2;
  const waistBow = (spec.chest + spec.hem) / 2 - waist;
  let cl: [Point, Point] | null = null;
  let cr: [Point, Point] | null = null;
  let sleeveDir: Point | null = null;
  let left = "";
  let right = "";
  if (spec.sleeve) {
    const a = (spec.sleeve.angle * Math.PI) / 180;
    const dir: Point = [-Math.sin(a), Math.cos(a)];
    sleeveDir = dir;
    const out = add(sl, mul(dir, spec.sleeve.length));
    const inner = add(out, mul([Math.cos(a), Math.sin(a)], spec.sleeve.cuff));
    cl = [out, inner];
    cr = [mirror(out), mirror(inner)];
    const top = spec.sleeve.top ?? -6;
    right = `${q(sr, cr[0], top)}${q(cr[0], cr[1], 2)}${q(cr[1], ar, 4)}`;
    left = `${q(al, cl[1], 4)}${q(cl[1], cl[0], 2)}${q(cl[0], sl, top)}`;
  } else {
    // Sleeveless: a curved armhole from the shoulder point to the armpit.
    right = `Q${pt([ar[0] - 6, sr[1] + spec.armhole * 0.75])} ${pt(ar)}`;
    left = `Q${pt([al[0] + 6, sl[1] + spec.armhole * 0.75])} ${pt(sl)}`;
  }
  const outline = `M${pt(nl)}${neckCurve(nl, nr, depth)}${q(nr, sr, -3)}${right}${q(ar, hr, waistBow * 2)}${q(hr, hl, -(spec.curve ?? 4) * 2)}${q(hl, al, waistBow * 2)}${left}${q(sl, nl, -3)}Z`;
  return {
    spec,
    outline,
    neckline: `M${pt(nl)}${neckCurve(nl, nr, depth)}`,
    insideNeck: `M${pt(nl)}${neckCurve(nl, nr, view === "front" ? spec.backDrop : spec.drop)}`,
    nl,
    nr,
    dip,
    sl,
    sr,
    al,
    ar,
    hl,
    hr,
    cl,
    cr,
    sleeveDir,
  };
}

/** The region between the neckline and a parallel line `width` outside it (a collar band). */
export function neckBand(fr: TopFrame, width: number): string {
  const { nl, nr } = fr;
  const depth = fr.dip[1] - nl[1];
  const ol: Point = [nl[0] - width * 0.9, nl[1] + width * 0.15];
  const or = mirror(ol);
  return `M${pt(ol)}${neckCurve(ol, or, depth + width * 0.85)}L${pt(nr)}${neckCurve(nr, nl, depth)}Z`;
}

/** A line parallel to the neckline, `width` outside it. */
export function neckLine(fr: TopFrame, width: number): string {
  const { nl } = fr;
  const depth = fr.dip[1] - nl[1];
  const ol: Point = [nl[0] - width * 0.9, nl[1] + width * 0.15];
  return `M${pt(ol)}${neckCurve(ol, mirror(ol), depth + width * 0.85)}`;
}

/** A line parallel to the hem, `inset` above it (for hem stitching and bands). */
export function hemLine(fr: TopFrame, inset: number): string {
  const { hl, hr, spec } = fr;
  const c = spec.curve ?? 4;
  const waistIn = inset * ((spec.chest - spec.hem) / (hl[1] - fr.al[1]));
  const a: Point = [hl[0] + 2 - waistIn, hl[1] - inset];
  const b: Point = [hr[0] - 2 + waistIn, hr[1] - inset];
  return `M${pt(a)}Q400 ${f(hl[1] - inset + c * 2)} ${pt(b)}`;
}

/** A band along the hem (waistband of a sweatshirt, rib hem). */
export function hemBand(fr: TopFrame, height: number): string {
  const { hl, hr, spec } = fr;
  const c = spec.curve ?? 4;
  const slopeIn = height * ((spec.chest - spec.hem) / (hl[1] - fr.al[1]));
  return `M${pt(hl)}Q400 ${f(hl[1] + c * 2)} ${pt(hr)}L${pt([hr[0] + slopeIn, hr[1] - height])}Q400 ${f(hl[1] - height + c * 2)} ${pt([hl[0] - slopeIn, hl[1] - height])}Z`;
}

/** The end of a sleeve from its cuff back `depth` along the sleeve: [left, right] regions. */
export function cuffBands(fr: TopFrame, depth: number): [string, string] | null {
  if (!fr.cl || !fr.cr || !fr.sleeveDir) return null;
  const back = mul(fr.sleeveDir, -depth);
  const band = (c: [Point, Point]) => `M${pt(c[0])}L${pt(c[1])}L${pt(add(c[1], back))}L${pt(add(c[0], back))}Z`;
  const left = band(fr.cl);
  const rd: Point = [-back[0], back[1]];
  const r = fr.cr;
  const right = `M${pt(r[0])}L${pt(r[1])}L${pt(add(r[1], rd))}L${pt(add(r[0], rd))}Z`;
  return [left, right];
}

/** Lines across the sleeves `depth` back from the cuffs. */
export function cuffLines(fr: TopFrame, depth: number): string {
  if (!fr.cl || !fr.cr || !fr.sleeveDir) return "";
  const back = mul(fr.sleeveDir, -depth);
  const rd: Point = [-back[0], back[1]];
  return `M${pt(add(fr.cl[0], back))}L${pt(add(fr.cl[1], back))}M${pt(add(fr.cr[0], rd))}L${pt(add(fr.cr[1], rd))}`;
}

/** The armhole seams (shoulder point to armpit). */
export function armholes(fr: TopFrame): string {
  return `M${pt(fr.sl)}${q(fr.sl, fr.al, 10)}M${pt(fr.sr)}${q(fr.sr, fr.ar, -10)}`;
}

/** Natural folds for a flat-laid top: from the armpits, across the sleeves, over the body and near the hem. */
export function topFolds(fr: TopFrame, seed: number, strength = 1): string {
  const r = random(seed);
  const { al, ar, hl, sl, sr } = fr;
  const s = (v: number) => v * strength;
  const height = hl[1] - al[1];
  const parts: string[] = [];
  // Drag lines from each armpit down into the body.
  for (const [a, side] of [
    [al, 1],
    [ar, -1],
  ] as const) {
    const start: Point = [a[0] + side * 10, a[1] + 4];
    const mid: Point = [a[0] + side * (30 + r() * 25), a[1] + height * 0.18];
    const end: Point = [a[0] + side * (60 + r() * 50), a[1] + height * (0.32 + r() * 0.15)];
    parts.push(ridge(smooth([start, mid, end]), 34, s(0.4)));
  }
  // A broad soft swell over the chest and a wave or two near the hem.
  const x = 400 + (r() - 0.5) * fr.spec.chest * 0.6;
  parts.push(
    ridge(
      smooth([
        [x - 40, al[1] + 10],
        [x, al[1] + height * 0.35],
        [x + 30 * (r() - 0.5), hl[1] - 60],
      ]),
      110,
      s(0.3),
    ),
  );
  {
    const y = hl[1] - 50 - r() * height * 0.3;
    const x0 = hl[0] + 40 + r() * 120;
    const x1 = x0 + 90 + r() * 110;
    const tilt = (r() - 0.5) * 60;
    parts.push(
      ridge(
        smooth([
          [x0, y + 10 - tilt / 2],
          [(x0 + x1) / 2, y - 6],
          [x1, y + 14 + tilt / 2],
        ]),
        40,
        s(0.36),
      ),
    );
  }
  // Across the sleeves.
  if (fr.cl && fr.cr && fr.sleeveDir) {
    for (const [shoulder, cuff, side] of [
      [sl, fr.cl, 1],
      [sr, fr.cr, -1],
    ] as const) {
      const mid = lerp(shoulder, lerp(cuff[0], cuff[1], 0.5), 0.4 + r() * 0.25);
      const across: Point = side === 1 ? [Math.cos(0.7), Math.sin(0.7)] : [-Math.cos(0.7), Math.sin(0.7)];
      parts.push(ridge(smooth([add(mid, mul(across, -38)), add(mid, [0, -6]), add(mid, mul(across, 36))]), 28, s(0.4)));
    }
  }
  // Shoulder hollows.
  parts.push(valley(smooth([lerp(fr.nl, sl, 0.5), [sl[0] + 36, sl[1] + 40], [sl[0] + 40, sl[1] + 90]]), 40, s(0.3)));
  parts.push(valley(smooth([lerp(fr.nr, sr, 0.5), [sr[0] - 36, sr[1] + 40], [sr[0] - 40, sr[1] + 90]]), 40, s(0.3)));
  return parts.join("");
}

/** Lines across both sleeves at t (0: armhole, 1: cuff). */
export function acrossSleeves(fr: TopFrame, t: number, bow = 4): string {
  if (!fr.cl || !fr.cr) return "";
  const a = lerp(fr.sl, fr.cl[0], t);
  const b = lerp(fr.al, fr.cl[1], t);
  const c = lerp(fr.sr, fr.cr[0], t);
  const d = lerp(fr.ar, fr.cr[1], t);
  return `M${pt(a)}${q(a, b, bow)}M${pt(c)}${q(c, d, -bow)}`;
}

/** Half width of the body at y (between armpit and hem, straight sides). */
export function halfWidthAt(fr: TopFrame, y: number): number {
  const t = Math.max(0, Math.min(1, (y - fr.al[1]) / (fr.hl[1] - fr.al[1])));
  return fr.spec.chest + (fr.spec.hem - fr.spec.chest) * t;
}

/** A line across the body at y, inset from the sides. */
export function acrossBody(fr: TopFrame, y: number, inset = 2, bow = 0): string {
  const w = halfWidthAt(fr, y) - inset;
  return `M${f(400 - w)} ${f(y)}Q400 ${f(y + bow * 2)} ${f(400 + w)} ${f(y)}`;
}

// Tops and jackets laid flat: t-shirts, polos, shirts, hoodies, sweaters, blouses, kurtas, Nehru jackets,
// puffers, blazers and coats.
import { type Brush, f, type Point, pt } from "../brush.ts";
import { rect, smooth } from "../geometry.ts";
import type { KindDrawing, View } from "../kind.ts";
import { type Piece, raised, ridge, valley } from "../studio.ts";
import { swatch } from "./details.ts";
import {
  acrossBody,
  acrossSleeves,
  armholes,
  cuffBands,
  cuffLines,
  halfWidthAt,
  hemBand,
  hemLine,
  neckBand,
  neckCurve,
  neckLine,
  type TopFrame,
  type TopSpec,
  topFolds,
  topFrame,
} from "./top-frame.ts";

/** Mirrors a path's absolute coordinates across x = 400 (paths made of M, L, H, V, Q, C, T and Z only). */
export function mirrorPath(d: string): string {
  return d.replace(/([MLHVQCT])([^MLHVQCTZ]*)/g, (_, cmd: string, args: string) => {
    const n = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === "V") return `V${n.map(f).join(" ")}`;
    if (cmd === "H") return `H${n.map((x) => f(800 - x)).join(" ")}`;
    const out: string[] = [];
    for (let i = 0; i + 1 < n.length; i += 2) out.push(`${f(800 - n[i]!)} ${f(n[i + 1]!)}`);
    return `${cmd}${out.join(" ")}`;
  });
}

/** Both halves: the path and its mirror image. */
const both = (d: string) => `${d}${mirrorPath(d)}`;

/** Inside of the back seen through a front neckline. */
export function insideBack(b: Brush, fr: TopFrame, label = true): string {
  const { nl, nr, spec } = fr;
  const region = `M${pt(nl)}${neckCurve(nl, nr, spec.backDrop)}L${pt(nr)}${neckCurve(nr, nl, spec.drop)}Z`;
  return `<path d="${region}" fill="${b.dark}"/><path d="${region}" fill="#000" fill-opacity="0.3"/>${label ? b.label([389, nl[1] + spec.backDrop + 4], 22, 13) : ""}`;
}

function hems(b: Brush, fr: TopFrame, inset = 20): string {
  return b.stitch(hemLine(fr, inset)) + b.stitch(hemLine(fr, inset + 6));
}

function ribCuffs(b: Brush, fr: TopFrame, depth: number, color = b.main): string {
  const cuffs = cuffBands(fr, depth);
  return cuffs ? b.rib(cuffs[0], color) + b.rib(cuffs[1], color) + b.seam(cuffLines(fr, depth), 1.4) : "";
}

function ribHem(b: Brush, fr: TopFrame, height: number, color = b.main): string {
  return b.rib(hemBand(fr, height), color) + b.seam(hemLine(fr, height), 1.6);
}

function piece(fr: TopFrame, paint: string, relief: string, b: Brush, seed: number, extra: Partial<Piece> = {}): Piece {
  return { outline: fr.outline, paint, relief: relief + topFolds(fr, seed), fabric: b.fabric, ...extra };
}

// ---- T-shirt ----

const TEE: TopSpec = {
  neck: 62,
  y: 160,
  drop: 46,
  backDrop: 16,
  shoulder: 182,
  slope: 26,
  sleeve: { length: 150, angle: 62, cuff: 118, top: -8 },
  armhole: 128,
  chest: 176,
  waist: 172,
  hem: 178,
  hemY: 664,
  curve: 5,
};

function tee(b: Brush, view: "front" | "back", seed: number): Piece {
  const fr = topFrame(TEE, view);
  const band = neckBand(fr, 15);
  const paint = [
    b.cloth(fr.outline),
    view === "front" ? insideBack(b, fr) : "",
    b.rib(band),
    b.seam(`M${pt(fr.nl)}L${pt(fr.sl)}M${pt(fr.nr)}L${pt(fr.sr)}`, 1.6),
    b.seam(armholes(fr), 1.4),
    b.stitch(neckLine(fr, 19), { width: 1.4 }),
    hems(b, fr),
    b.stitch(cuffLines(fr, 22)),
    b.seam(hemLine(fr, 30), 1.2),
  ].join("");
  return piece(fr, paint, raised(band, 0.18), b, seed);
}

// ---- Polo ----

const POLO: TopSpec = {
  neck: 50,
  y: 165,
  drop: 40,
  backDrop: 14,
  shoulder: 178,
  slope: 26,
  sleeve: { length: 135, angle: 60, cuff: 112, top: -8 },
  armhole: 124,
  chest: 172,
  waist: 168,
  hem: 174,
  hemY: 660,
  curve: 3,
};

const POLO_LEAF = "M352 158L312 176Q318 224 344 262L398 214Q378 192 360 172Z";

function polo(b: Brush, view: "front" | "back", seed: number): Piece {
  const fr = topFrame(POLO, view);
  const cuffs = cuffBands(fr, 26);
  const tipping = (d: string) => b.stitch(d, { color: b.accent, width: 3, dash: 100, opacity: 0.9 });
  const common = [
    b.seam(`M${pt(fr.nl)}L${pt(fr.sl)}M${pt(fr.nr)}L${pt(fr.sr)}`, 1.6),
    b.seam(armholes(fr), 1.4),
    cuffs ? b.rib(cuffs[0]) + b.rib(cuffs[1]) + b.seam(cuffLines(fr, 26), 1.4) : "",
    b.stitch(cuffLines(fr, 8), { color: b.accent, width: 3, dash: 100 }),
    hems(b, fr, 18),
    // Side vents.
    b.seam(
      `M${f(fr.hl[0] + 3)} ${f(fr.hl[1])}V${f(fr.hl[1] - 36)}M${f(fr.hr[0] - 3)} ${f(fr.hr[1])}V${f(fr.hr[1] - 36)}`,
      2,
    ),
  ];
  if (view === "back") {
    const collar = "M336 170Q400 146 464 170L466 190Q400 170 334 190Z";
    return piece(
      fr,
      [
        b.cloth(fr.outline),
        ...common,
        b.rib(collar),
        tipping("M338 187Q400 168 462 187"),
        b.edgeShadow("M334 190Q400 170 466 190", 8),
      ].join(""),
      raised(collar, 0.3),
      b,
      seed,
    );
  }
  const placket = rect(385, 196, 30, 108);
  const leaves = both(POLO_LEAF);
  const paint = [
    b.cloth(fr.outline),
    insideBack(b, fr, false),
    ...common,
    b.cloth(placket),
    b.seam(placket, 1.6),
    b.stitch("M389 300H411"),
    b.button([400, 236], 7),
    b.button([400, 276], 7),
    b.edgeShadow(both("M312 176Q318 224 344 262L398 214"), 10, 0.3),
    b.rib(leaves),
    tipping(both("M318 180Q323 224 346 254")),
    b.seam(leaves, 1.2),
  ].join("");
  return piece(fr, paint, raised(leaves, 0.35) + raised(placket, 0.12), b, seed);
}

// ---- Shirt ----

const SHIRT: TopSpec = {
  neck: 46,
  y: 150,
  drop: 52,
  backDrop: 12,
  shoulder: 176,
  slope: 22,
  sleeve: { length: 420, angle: 17, cuff: 64, top: -10 },
  armhole: 150,
  chest: 178,
  waist: 170,
  hem: 178,
  hemY: 690,
  curve: 16,
};

const SHIRT_LEAF = "M354 148L314 164Q318 212 340 254L396 200Q376 178 358 160Z";

function shirtCuffs(b: Brush, fr: TopFrame): string {
  const cuffs = cuffBands(fr, 58);
  if (!cuffs || !fr.cl || !fr.cr) return "";
  const mid = (c: [Point, Point], k: number): Point => [(c[0][0] + c[1][0]) / 2 + k * 10, (c[0][1] + c[1][1]) / 2 - 30];
  return (
    b.cloth(cuffs[0]) +
    b.cloth(cuffs[1]) +
    b.seam(cuffLines(fr, 58), 1.6) +
    b.stitch(cuffLines(fr, 52)) +
    b.button(mid(fr.cl, 1), 6, "#f4f1ea") +
    b.button(mid(fr.cr, -1), 6, "#f4f1ea")
  );
}

function shirt(b: Brush, view: "front" | "back", seed: number): Piece {
  const fr = topFrame(SHIRT, view);
  const common = [b.seam(armholes(fr), 1.6), shirtCuffs(b, fr), b.stitch(hemLine(fr, 8))];
  if (view === "back") {
    const yoke = "M226 210Q400 228 574 210";
    const collar = "M346 150Q400 138 454 150L460 178Q400 166 340 178Z";
    const paint = [
      b.cloth(fr.outline),
      ...common,
      b.seam(yoke, 1.8),
      b.stitch("M228 204Q400 222 572 204"),
      b.seam("M384 221L392 300M416 221L408 300", 1.4),
      b.cloth(collar),
      b.stitch("M344 172Q400 160 456 172"),
      b.edgeShadow("M340 178Q400 166 460 178", 8),
      // Locker loop.
      `<path d="M394 220q6 16 12 0" fill="none" stroke="${b.dark}" stroke-width="4"/>`,
    ].join("");
    return piece(fr, paint, raised(collar, 0.3) + valley(yoke, 6, 0.2), b, seed);
  }
  const placket = `M386 ${fr.dip[1] - 4}H414V${f(fr.hl[1] + 28)}H386Z`;
  const pocket = "M436 268H506V334L471 350L436 334Z";
  const leaves = both(SHIRT_LEAF);
  const paint = [
    b.cloth(fr.outline),
    insideBack(b, fr, false),
    ...common,
    b.cloth(placket),
    b.seam(`M386 ${fr.dip[1]}V${f(fr.hl[1] + 24)}`, 1.6),
    b.stitch(`M410 ${fr.dip[1]}V${f(fr.hl[1] + 22)}M390 ${fr.dip[1]}V${f(fr.hl[1] + 22)}`),
    b.cloth(pocket),
    b.seam(pocket, 1.4),
    b.stitch("M440 280H502"),
    ...[232, 302, 372, 442, 512, 582, 648].map((y) => b.button([400, y], 6.5, "#f4f1ea")),
    b.edgeShadow(both("M314 164Q318 212 340 254L396 200"), 10, 0.3),
    b.cloth(leaves),
    b.stitch(both("M320 168Q324 210 342 244")),
    b.seam(leaves, 1.2),
  ].join("");
  return piece(fr, paint, raised(leaves, 0.35) + raised(placket, 0.1) + raised(pocket, 0.1), b, seed);
}

// ---- Hoodie ----

const HOODIE: TopSpec = {
  neck: 60,
  y: 178,
  drop: 34,
  backDrop: 14,
  shoulder: 186,
  slope: 26,
  sleeve: { length: 325, angle: 25, cuff: 72, top: -10 },
  armhole: 150,
  chest: 184,
  waist: 182,
  hem: 178,
  hemY: 680,
  curve: 2,
};

const HOOD = "M300 196C270 120 320 66 400 62C480 66 530 120 500 196Z";
const HOOD_OPENING = "M334 190C322 130 356 96 400 94C444 96 478 130 466 190Q400 226 334 190Z";

function cord(b: Brush, [x, y]: Point, length: number, sway: number): string {
  const end: Point = [x + sway, y + length];
  const d = smooth([[x, y], [x + sway * 0.2, y + length * 0.5], end]);
  return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="9" transform="translate(2 3)"/><path d="${d}" fill="none" stroke="${b.accent}" stroke-width="7" stroke-linecap="round"/><rect x="${f(end[0] - 4.5)}" y="${f(end[1] - 2)}" width="9" height="22" rx="3" fill="${b.metal("silver")}"/>`;
}

function hoodie(b: Brush, view: "front" | "back", seed: number, zip: boolean): Piece {
  const fr = topFrame(HOODIE, view);
  const common = [
    b.seam(armholes(fr), 1.6),
    ribCuffs(b, fr, 40),
    ribHem(b, fr, 46),
    b.seam(`M${pt(fr.nl)}L${pt(fr.sl)}M${pt(fr.nr)}L${pt(fr.sr)}`, 1.6),
  ];
  if (view === "back") {
    // The hood lies down over the upper back.
    const hood = "M330 182C296 262 326 350 400 356C474 350 504 262 470 182Q400 204 330 182Z";
    const paint = [
      b.cloth(fr.outline),
      ...common,
      b.edgeShadow("M330 182C296 262 326 350 400 356C474 350 504 262 470 182", 14, 0.35),
      b.cloth(hood),
      b.seam("M400 196V354", 1.8),
      b.stitch("M392 198V350M408 198V350"),
      b.stitch("M336 190C306 262 332 340 400 346C468 340 494 262 464 190"),
    ].join("");
    return piece(fr, paint, raised(hood, 0.3), b, seed);
  }
  const pocket = zip ? "M262 470H386V600H246ZM414 470H538L554 600H414Z" : "M300 468H500L548 600H252Z";
  const outline = `${fr.outline}${HOOD}`;
  const paint = [
    b.cloth(HOOD),
    b.cloth(fr.outline),
    ...common,
    `<path d="${HOOD_OPENING}" fill="${b.dark}"/><path d="${HOOD_OPENING}" fill="#000" fill-opacity="0.35"/>`,
    b.stitch("M340 188C330 134 360 104 400 102C440 104 470 134 460 188"),
    b.seam("M400 98V120", 1.5),
    b.cloth(pocket),
    b.edgeShadow(zip ? "M386 470V600M414 470V600" : "M300 468L252 600M500 468L548 600", 10, 0.3),
    b.seam(pocket, 1.4),
    b.stitch(zip ? "M270 478H380M420 478H530" : "M304 476H496"),
    zip ? b.zip(`M400 ${fr.dip[1] + 4}V${f(fr.hl[1] - 2)}`) + b.puller([400, fr.dip[1] + 18], 34) : "",
    `<circle cx="376" cy="206" r="6" fill="${b.metal("silver", true)}"/><circle cx="424" cy="206" r="6" fill="${b.metal("silver", true)}"/><circle cx="376" cy="206" r="3" fill="${b.dark}"/><circle cx="424" cy="206" r="3" fill="${b.dark}"/>`,
    zip ? "" : cord(b, [376, 206], 120, -8) + cord(b, [424, 206], 132, 10),
  ].join("");
  return piece({ ...fr, outline }, paint, raised(HOOD, 0.25) + raised(pocket, 0.15), b, seed);
}

// ---- Sweater ----

const SWEATER: TopSpec = {
  neck: 56,
  y: 165,
  drop: 32,
  backDrop: 12,
  shoulder: 184,
  slope: 28,
  sleeve: { length: 340, angle: 23, cuff: 68, top: -10 },
  armhole: 150,
  chest: 182,
  waist: 178,
  hem: 176,
  hemY: 675,
  curve: 0,
};

function cables(b: Brush, fr: TopFrame): { paint: string; relief: string } {
  const top = fr.dip[1] + 40;
  const bottom = fr.hl[1] - 58;
  let paint = "";
  let relief = "";
  for (const x of [300, 400, 500]) {
    paint += `<path d="M${x - 24} ${top}V${bottom}M${x + 24} ${top}V${bottom}" stroke="#000" stroke-opacity="0.22" stroke-width="6"/>`;
    for (let y = top; y + 40 <= bottom; y += 40) {
      const s1 = `M${x - 13} ${y}C${x - 13} ${y + 20} ${x + 13} ${y + 20} ${x + 13} ${y + 40}`;
      const s2 = `M${x + 13} ${y}C${x + 13} ${y + 20} ${x - 13} ${y + 20} ${x - 13} ${y + 40}`;
      paint += `<path d="${s2}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="13"/><path d="${s2}" fill="none" stroke="${b.main}" stroke-width="10"/><path d="${s1}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="15"/><path d="${s1}" fill="none" stroke="${b.main}" stroke-width="11"/><path d="${s1}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="3" transform="translate(-2 -2)"/>`;
      relief += ridge(s1, 12, 0.45) + ridge(s2, 10, 0.3);
    }
    relief += valley(`M${x - 24} ${top}V${bottom}M${x + 24} ${top}V${bottom}`, 8, 0.35);
  }
  // Seed-stitch panels between the cables.
  for (const x of [350, 450])
    paint += b.stitch(`M${x} ${top}V${bottom}`, { color: b.dark, width: 3, dash: 3, opacity: 0.5 });
  return { paint, relief };
}

function fairIsle(b: Brush, fr: TopFrame): string {
  const light = "#f4efe4";
  const band = (y: number, motif: "diamond" | "star" | "dots", color: string) => {
    const w = halfWidthAt(fr, y) - 2;
    let m = "";
    for (let x = 400 - w + 10; x < 400 + w - 10; x += motif === "star" ? 44 : 22) {
      if (motif === "diamond")
        m += `<path d="M${f(x)} ${y - 9}L${f(x + 9)} ${y}L${f(x)} ${y + 9}L${f(x - 9)} ${y}Z" fill="${color}"/>`;
      else if (motif === "dots") m += `<rect x="${f(x - 3)}" y="${y - 3}" width="6" height="6" fill="${color}"/>`;
      else
        m += `<path d="M${f(x)} ${y - 16}V${y + 16}M${f(x - 16)} ${y}H${f(x + 16)}M${f(x - 11)} ${y - 11}L${f(x + 11)} ${y + 11}M${f(x + 11)} ${y - 11}L${f(x - 11)} ${y + 11}" stroke="${color}" stroke-width="5"/>`;
    }
    return m;
  };
  const stripe = (y: number, h: number, color: string) => {
    const w = halfWidthAt(fr, y) - 1;
    return `<rect x="${f(400 - w)}" y="${y}" width="${f(2 * w)}" height="${h}" fill="${color}"/>`;
  };
  return [
    stripe(262, 6, light),
    band(282, "dots", b.accent),
    stripe(296, 6, light),
    band(330, "star", light),
    stripe(360, 6, light),
    band(374, "diamond", b.accent),
    stripe(390, 6, light),
    stripe(560, 5, light),
    band(578, "dots", b.accent),
    stripe(592, 5, light),
  ].join("");
}

function sweater(b: Brush, view: "front" | "back", seed: number, style?: string): Piece {
  const fr = topFrame(SWEATER, view);
  const band = neckBand(fr, 18);
  const pattern = view === "front" && style === "cable" ? cables(b, fr) : { paint: "", relief: "" };
  const clip = b.clip("body", fr.outline);
  const paint = [
    b.cloth(fr.outline),
    style === "fair-isle" ? `<g clip-path="${clip}">${fairIsle(b, fr)}</g>` : "",
    pattern.paint,
    view === "front" ? insideBack(b, fr, false) : "",
    b.rib(band),
    b.seam(armholes(fr), 1.8),
    ribCuffs(b, fr, 48),
    ribHem(b, fr, 56),
  ].join("");
  return piece(fr, paint, raised(band, 0.25) + pattern.relief, b, seed);
}

// ---- Women's top ----

const TOP: TopSpec = {
  neck: 64,
  y: 178,
  drop: 58,
  backDrop: 22,
  shoulder: 150,
  slope: 22,
  sleeve: { length: 92, angle: 60, cuff: 82, top: -6 },
  armhole: 112,
  chest: 150,
  waist: 128,
  hem: 150,
  hemY: 590,
  curve: 4,
};

function ruffle(fr: TopFrame): string {
  const y = fr.hl[1] - 8;
  const w = fr.spec.hem + 8;
  let d = `M${f(400 - w + 6)} ${y}H${f(400 + w - 6)}L${f(400 + w + 14)} ${y + 62}`;
  const waves = 9;
  const step = (2 * w + 28) / waves;
  for (let i = 0; i < waves; i++) {
    const x = 400 + w + 14 - step * (i + 1);
    d += `Q${f(x + step / 2)} ${y + (i % 2 ? 48 : 78)} ${f(x)} ${y + 62}`;
  }
  return `${d}Z`;
}

function top(b: Brush, view: "front" | "back", seed: number, style?: string): Piece {
  const fr = topFrame(TOP, view);
  const ribbed = style !== "ruffle";
  const band = neckBand(fr, 9);
  const frill = style === "ruffle" ? ruffle(fr) : "";
  let ribs = "";
  let ribRelief = "";
  if (ribbed) {
    for (let x = 400 - 170; x <= 400 + 170; x += 11) {
      ribs += `<path d="M${x} 150V700" stroke="#000" stroke-opacity="0.09" stroke-width="4"/>`;
      ribRelief += `<path d="M${x} 150V700" stroke="#fff" stroke-opacity="0.22" stroke-width="5"/>`;
    }
  }
  const clip = b.clip("body", fr.outline);
  const paint = [
    frill ? b.cloth(frill) : "",
    b.cloth(fr.outline),
    ribs ? `<g clip-path="${clip}">${ribs}</g>` : "",
    view === "front" ? insideBack(b, fr) : "",
    b.rib(band, ribbed ? b.main : b.accent),
    b.seam(armholes(fr), 1.4),
    b.stitch(cuffLines(fr, 12)),
    frill
      ? b.seam(`M${f(fr.hl[0] + 2)} ${fr.hl[1] - 8}H${f(fr.hr[0] - 2)}`, 2) +
        b.stitch(`M${f(fr.hl[0] + 6)} ${fr.hl[1] - 2}H${f(fr.hr[0] - 6)}`, { color: b.accent })
      : hems(b, fr, 14),
  ].join("");
  let frillRelief = "";
  if (frill)
    for (let x = 260; x <= 540; x += 31)
      frillRelief += ridge(`M${x} ${fr.hl[1]}L${x + (x - 400) * 0.06} ${fr.hl[1] + 56}`, 14, 0.5);
  const outline = frill ? `${fr.outline}${frill}` : fr.outline;
  const relief = `<g clip-path="${clip}">${ribRelief}</g>${raised(band, 0.2)}${frillRelief}`;
  return piece({ ...fr, outline }, paint, relief, b, seed);
}

// ---- Kurta ----

const KURTA: TopSpec = {
  neck: 44,
  y: 132,
  drop: 30,
  backDrop: 10,
  shoulder: 160,
  slope: 22,
  sleeve: { length: 330, angle: 20, cuff: 58, top: -8 },
  armhole: 140,
  chest: 162,
  waist: 160,
  hem: 186,
  hemY: 748,
  curve: 6,
};

function embroideredBorder(b: Brush, d: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${b.accent}" stroke-width="${width}"/><path d="${d}" fill="none" stroke="${b.main}" stroke-opacity="0.5" stroke-width="${width * 0.25}" stroke-dasharray="2 6"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${width * 0.14}" stroke-dasharray="6 4" transform="translate(0 ${-width * 0.3})"/>`;
}

function kurta(b: Brush, view: "front" | "back", seed: number): Piece {
  const fr = topFrame(KURTA, view);
  const collar = "M352 136Q400 124 448 136L450 156Q400 144 350 156Z";
  const slits = `M${f(fr.hl[0] + 2)} ${fr.hl[1]}V${fr.hl[1] - 110}M${f(fr.hr[0] - 2)} ${fr.hr[1]}V${fr.hr[1] - 110}`;
  const cuffs = cuffLines(fr, 16);
  const paint = [
    b.cloth(fr.outline),
    view === "front" ? insideBack(b, fr, false) : "",
    b.seam(armholes(fr), 1.5),
    b.seam(slits, 3),
    embroideredBorder(b, hemLine(fr, 18), 16),
    cuffs ? embroideredBorder(b, cuffs, 10) : "",
    b.cloth(collar, { color: b.accent, print: false }),
    b.stitch("M354 148Q400 136 446 148", { color: b.main }),
    b.edgeShadow("M350 156Q400 144 450 156", 6),
  ];
  if (view === "front") {
    paint.push(
      b.cloth("M390 156H410V300H390Z"),
      b.seam("M390 156V300H410V156", 1.4),
      ...[186, 222, 258].map((y) => b.stud([400, y], 5, "gold")),
    );
  }
  return piece(fr, paint.join(""), raised(collar, 0.3), b, seed);
}

// ---- Nehru jacket ----

const NEHRU: TopSpec = {
  neck: 46,
  y: 140,
  drop: 36,
  backDrop: 10,
  shoulder: 150,
  slope: 26,
  armhole: 150,
  chest: 170,
  waist: 160,
  hem: 170,
  hemY: 640,
  curve: -4,
};

function nehru(b: Brush, view: "front" | "back", seed: number): Piece {
  const fr = topFrame(NEHRU, view);
  const collar = "M350 142Q400 128 450 142L454 168Q400 154 346 168Z";
  const paint = [
    b.cloth(fr.outline),
    b.seam(`M${pt(fr.nl)}L${pt(fr.sl)}M${pt(fr.nr)}L${pt(fr.sr)}`, 1.6),
    b.stitch(hemLine(fr, 10)),
    b.cloth(collar),
    b.stitch("M352 160Q400 146 448 160"),
    b.edgeShadow("M346 168Q400 154 454 168", 6),
  ];
  let relief = raised(collar, 0.3);
  if (view === "front") {
    const welt = (x: number, y: number, w: number) => rect(x, y, w, 10, 2);
    paint.push(
      b.seam(`M404 ${fr.dip[1]}V${f(fr.hl[1] - 2)}`, 2.2),
      ...[200, 270, 340, 410, 480, 550].map((y) => b.stud([416, y], 7.5, "gold")),
      ...[welt(300, 300, 64), welt(266, 500, 86), welt(448, 500, 86)].map((w) => b.cloth(w) + b.seam(w, 1.4)),
    );
    relief += valley(`M404 ${fr.dip[1]}V${f(fr.hl[1] - 2)}`, 5, 0.3);
  } else {
    paint.push(
      b.seam(`M400 ${fr.dip[1]}V${fr.hl[1] - 2}`, 1.8),
      b.seam("M320 330Q316 450 326 560M480 330Q484 450 474 560", 1.2),
    );
  }
  return piece(fr, paint.join(""), relief, b, seed);
}

// ---- Puffer jacket ----

function pufferSpec(long: boolean): TopSpec {
  return {
    neck: 56,
    y: 150,
    drop: 22,
    backDrop: 10,
    shoulder: 188,
    slope: 24,
    sleeve: { length: long ? 330 : 340, angle: 24, cuff: 74, top: -12 },
    armhole: 150,
    chest: 190,
    waist: 186,
    hem: long ? 194 : 188,
    hemY: long ? 770 : 650,
    curve: 0,
  };
}

function puffer(b: Brush, view: "front" | "back", seed: number, long: boolean): Piece {
  const fr = topFrame(pufferSpec(long), view);
  const collar = "M342 152L344 104Q400 94 456 104L458 152Q400 168 342 152Z";
  const step = 62;
  let quilting = "";
  let relief = "";
  const first = fr.dip[1] + 40;
  for (let y = first; y < fr.hl[1] - 30; y += step) {
    quilting += b.seam(acrossBody(fr, y, 3, 4), 2.2);
    relief += valley(acrossBody(fr, y, 0, 4), 10, 0.3);
  }
  for (let y = first - step / 2; y < fr.hl[1] - 20; y += step)
    relief += ridge(acrossBody(fr, y, 16, 4), step * 0.9, 0.28);
  for (const t of [0.22, 0.42, 0.62, 0.82]) {
    quilting += b.seam(acrossSleeves(fr, t), 2.2);
    relief += valley(acrossSleeves(fr, t), 10, 0.3);
    relief += ridge(acrossSleeves(fr, t - 0.1), 40, 0.3);
  }
  const cuffs = cuffBands(fr, 18);
  const paint = [
    b.cloth(fr.outline),
    quilting,
    b.seam(armholes(fr), 2),
    cuffs ? b.rib(cuffs[0], shade18(b)) + b.rib(cuffs[1], shade18(b)) : "",
    b.rib(hemBand(fr, 16), shade18(b)),
    b.cloth(collar),
    b.seam("M344 128Q400 118 456 128", 2),
    view === "front"
      ? b.zip(`M400 98V${f(fr.hl[1] - 2)}`, { color: b.dark }) + b.puller([400, 112], 40, "gunmetal")
      : "",
    view === "back" ? b.label([384, 176], 32, 14, b.dark, b.light) : "",
  ].join("");
  const outline = `${fr.outline}${collar}`;
  return { ...piece({ ...fr, outline }, paint, relief + raised(collar, 0.3), b, seed), lift: 1.5 };
}

function shade18(b: Brush): string {
  return b.dark;
}

// ---- Blazer and overcoat ----

function coatSpec(long: boolean): TopSpec {
  return {
    neck: 50,
    y: 140,
    drop: 240,
    backDrop: 12,
    shoulder: 184,
    slope: 20,
    sleeve: { length: 360, angle: 20, cuff: 70, top: -10 },
    armhole: 150,
    chest: 184,
    waist: long ? 182 : 166,
    hem: long ? 196 : 186,
    hemY: long ? 760 : 640,
    curve: long ? 0 : -6,
  };
}

const LAPEL = "M350 140L318 160L316 206L334 214L306 226L392 384L398 378Q370 260 358 150Z";

function coat(b: Brush, view: "front" | "back", seed: number, long: boolean): Piece {
  const fr = topFrame(coatSpec(long), view);
  const cuffButtons = (side: number) => {
    const cuff = side < 0 ? fr.cl : fr.cr;
    if (!cuff) return "";
    const [x, y] = cuff[1];
    return [0, 1, 2].map((i) => b.button([x - side * (6 + i * 3), y - 22 - i * 14], 4.5, b.dark)).join("");
  };
  if (view === "back") {
    const collar = "M344 140Q400 128 456 140L466 178Q400 166 334 178Z";
    const paint = [
      b.cloth(fr.outline),
      b.seam(armholes(fr), 1.8),
      b.seam(`M400 170V${fr.hl[1] - (long ? 120 : 2)}`, 1.8),
      long ? b.seam(`M400 ${fr.hl[1] - 120}L412 ${fr.hl[1] - 110}V${fr.hl[1]}`, 1.8) : "",
      b.cloth(collar),
      b.stitch("M344 170Q400 158 456 170"),
      b.edgeShadow("M334 178Q400 166 466 178", 8),
      cuffButtons(-1),
      cuffButtons(1),
    ].join("");
    return { ...piece(fr, paint, raised(collar, 0.3), b, seed), lift: 1.3 };
  }
  const lining = shadeLining(b);
  const opening = `M${pt(fr.nl)}${neckCurve(fr.nl, fr.nr, 30)}L${pt(fr.nr)}L400 392Z`;
  const lapels = both(LAPEL);
  const flap = (x: number, y: number, w: number) => `M${x} ${y}H${x + w}L${x + w - 2} ${y + 30}H${x + 2}Z`;
  const flaps = [flap(258, 520, 94), flap(448, 520, 94)];
  const flapEdges = "M260 550H350M450 550H540";
  const buttons = long
    ? [370, 430].flatMap((x) => [420, 500, 580].map((y) => b.button([x, y], 9, b.dark)))
    : [b.button([410, 420], 9.5, b.dark), b.button([410, 500], 9.5, b.dark)];
  const paint = [
    b.cloth(fr.outline),
    `<path d="${opening}" fill="${lining}"/><path d="${opening}" fill="#000" fill-opacity="0.2"/>`,
    b.seam(armholes(fr), 1.8),
    b.seam(long ? "M400 392V760" : `M400 392L404 ${fr.hl[1]}`, 2.2),
    b.edgeShadow(both("M306 226L392 384"), 10, 0.35),
    b.cloth(lapels),
    b.stitch(both("M322 162L320 204M312 228L390 372")),
    b.seam(both("M316 206L334 214"), 1.6),
    b.edgeShadow(flapEdges, 6),
    ...flaps.map((d) => b.cloth(d) + b.seam(d, 1.4)),
    b.cloth(rect(448, 290, 66, 12, 2)),
    b.seam(rect(448, 290, 66, 12, 2), 1.4),
    ...buttons,
    cuffButtons(-1),
    cuffButtons(1),
    b.stitch(hemLine(fr, 8)),
  ].join("");
  return { ...piece(fr, paint, raised(lapels, 0.35) + flaps.map((d) => raised(d, 0.2)).join(""), b, seed), lift: 1.3 };
}

function shadeLining(b: Brush): string {
  return b.accent;
}

// ---- Folded (a fourth view for knits and sweatshirts) ----

function folded(b: Brush, opts: { hood?: boolean; ribbed?: boolean; neck: "crew" | "scoop" }): Piece {
  const outline = "M230 250Q232 236 246 234H554Q568 236 570 250L576 600Q576 616 560 616H240Q224 616 224 600Z";
  const neck = opts.neck === "scoop" ? "M322 234Q400 300 478 234" : "M340 234Q400 276 460 234";
  const paint = [
    b.cloth(outline),
    `<path d="${neck}Z" fill="${b.dark}"/><path d="${neck}Z" fill="#000" fill-opacity="0.3"/>`,
    b.rib(`${neck}L${opts.neck === "scoop" ? "488 234Q400 316 312 234" : "472 234Q400 292 328 234"}Z`),
    // The sleeves folded behind show as diagonal edges near the sides.
    b.edgeShadow("M262 236L300 420M538 236L500 420", 10, 0.25),
    b.seam("M262 236L300 420M538 236L500 420", 1.6),
    opts.ribbed ? b.rib("M226 570H574L576 600Q576 616 560 616H240Q224 616 224 600Z") : b.stitch("M230 596H570"),
    opts.hood
      ? b.edgeShadow("M300 236C290 330 330 380 400 384C470 380 510 330 500 236", 12, 0.3) +
        b.cloth("M300 236C290 330 330 380 400 384C470 380 510 330 500 236Z") +
        b.seam("M400 240V382", 1.6) +
        cord(b, [376, 250], 150, -10) +
        cord(b, [424, 250], 160, 12)
      : "",
  ].join("");
  let relief = "";
  relief += ridge("M250 330Q400 350 550 320", 60, 0.25) + ridge("M260 520Q380 500 540 530", 50, 0.2);
  relief += ridge("M232 240V600M568 240V600", 22, 0.35);
  if (opts.hood) relief += raised("M300 236C290 330 330 380 400 384C470 380 510 330 500 236Z", 0.3);
  return {
    outline,
    paint,
    relief,
    fabric: b.fabric,
    lift: 1.6,
    transform: "translate(400 430) scale(1.3) translate(-400 -425)",
  };
}

// ---- the kinds ----

const front = (v: View): "front" | "back" => (v === "back" ? "back" : "front");

export const TOPS: Record<string, KindDrawing> = {
  tshirt: {
    fabric: "jersey",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["neckline"], "none");
      return [tee(b, front(view), view === "back" ? 11 : 7)];
    },
  },
  polo: {
    fabric: "pique",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["buttons", "label"], "rib");
      return [polo(b, front(view), view === "back" ? 12 : 5)];
    },
  },
  shirt: {
    fabric: "poplin",
    stripes: "along",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["buttons", "pocket"]);
      return [shirt(b, front(view), view === "back" ? 21 : 3)];
    },
  },
  hoodie: {
    fabric: "fleece",
    views: ["front", "back", "detail", "folded"],
    draw: (b, view) => {
      if (view === "folded") return [folded(b, { hood: true, ribbed: true, neck: "crew" })];
      if (view === "detail") return swatch(b, [b.style === "zip" ? "zip" : "eyelet"], "rib");
      return [hoodie(b, front(view), view === "back" ? 14 : 9, b.style === "zip")];
    },
  },
  sweater: {
    fabric: "knit",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["motif"], "rib");
      return [sweater(b, front(view), view === "back" ? 15 : 4, b.style)];
    },
  },
  top: {
    fabric: "jersey",
    views: ["front", "back", "detail", "folded"],
    draw: (b, view) => {
      if (view === "folded") return [folded(b, { ribbed: false, neck: "scoop" })];
      if (view === "detail")
        return b.style === "ruffle" ? swatch(b, ["label"], "ruffle") : swatch(b, ["neckline"], "none");
      return [top(b, front(view), view === "back" ? 16 : 8, b.style)];
    },
  },
  kurta: {
    fabric: "poplin",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["border"]);
      return [kurta(b, front(view), view === "back" ? 17 : 2)];
    },
  },
  nehru: {
    fabric: "wool",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["studs", "pocket"]);
      return [nehru(b, front(view), view === "back" ? 18 : 6)];
    },
  },
  puffer: {
    fabric: "nylon",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["quilt", "zip"], "none");
      return [puffer(b, front(view), view === "back" ? 19 : 10, b.style === "longline")];
    },
  },
  coat: {
    fabric: "wool",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["buttons", "pocket"]);
      return [coat(b, front(view), view === "back" ? 20 : 13, b.style === "overcoat")];
    },
  },
};

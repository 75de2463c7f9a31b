// Dresses, frocks, rompers and the festive pieces: lehenga and saree.
import { type Brush, f } from "../brush.ts";
import { ellipse, random, rect } from "../geometry.ts";
import type { KindDrawing, View } from "../kind.ts";
import { type Piece, raised, ridge, valley } from "../studio.ts";
import { swatch } from "./details.ts";
import { armholes, cuffLines, neckBand, type TopSpec, topFrame } from "./top-frame.ts";
import { insideBack, mirrorPath } from "./tops.ts";

const both = (d: string) => `${d}${mirrorPath(d)}`;

type SkirtSpec = { waistY: number; waist: number; hemY: number; hem: number; curve?: number; scallops?: number };

function skirtOutline(s: SkirtSpec): string {
  const c = s.curve ?? 24;
  if (!s.scallops) {
    return `M${400 - s.waist} ${s.waistY}H${400 + s.waist}L${400 + s.hem} ${s.hemY}Q400 ${s.hemY + c * 2} ${400 - s.hem} ${s.hemY}Z`;
  }
  const n = s.scallops;
  let d = `M${400 - s.waist} ${s.waistY}H${400 + s.waist}L${400 + s.hem} ${s.hemY}`;
  for (let i = 0; i < n; i++) {
    const x0 = 400 + s.hem - (2 * s.hem * i) / n;
    const x1 = 400 + s.hem - (2 * s.hem * (i + 1)) / n;
    const t0 = (x0 - 400) / s.hem;
    const t1 = (x1 - 400) / s.hem;
    const y0 = s.hemY + c * (1 - t0 * t0);
    const y1 = s.hemY + c * (1 - t1 * t1);
    d += `Q${f((x0 + x1) / 2)} ${f((y0 + y1) / 2 + 30)} ${f(x1)} ${f(y1)}`;
  }
  return `${d}Z`;
}

/** Soft vertical folds fanning from the waist to the hem. */
function skirtFolds(s: SkirtSpec, count: number, seed: number, strength = 0.35): { paint: string; relief: string } {
  const r = random(seed);
  let paint = "";
  let relief = "";
  for (let i = 1; i < count; i++) {
    const t = i / count + (r() - 0.5) * 0.04;
    const xTop = 400 - s.waist + 2 * s.waist * t;
    const xHem = 400 - s.hem + 2 * s.hem * t;
    const yHem = s.hemY + (s.curve ?? 24) * (1 - (2 * t - 1) ** 2) - 6;
    const d = `M${f(xTop)} ${s.waistY + 14}Q${f((xTop + xHem) / 2 + (r() - 0.5) * 20)} ${f((s.waistY + yHem) / 2)} ${f(xHem)} ${f(yHem)}`;
    if (i % 2) relief += ridge(d, 20 + (s.hem / count) * 0.9, strength);
    else relief += valley(d, 12, strength * 0.8);
    if (i % 2 === 0) paint += `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="8"/>`;
  }
  return { paint, relief };
}

// ---- Dresses ----

type DressStyle = "wrap" | "sundress" | "party" | "anarkali";

function dressSpecs(style: DressStyle): { bodice: TopSpec; skirt: SkirtSpec } {
  const base: TopSpec = {
    neck: 52,
    y: 118,
    drop: 70,
    backDrop: 26,
    shoulder: 118,
    slope: 16,
    armhole: 112,
    chest: 124,
    waist: 110,
    hem: 108,
    hemY: 338,
    curve: 0,
  };
  switch (style) {
    case "wrap":
      return {
        bodice: { ...base, drop: 150, sleeve: { length: 70, angle: 58, cuff: 78, top: -4 } },
        skirt: { waistY: 330, waist: 110, hemY: 730, hem: 212, curve: 16 },
      };
    case "sundress":
      return {
        bodice: { ...base, neck: 62, drop: 60, shoulder: 92, slope: 12, armhole: 130, chest: 122 },
        skirt: { waistY: 330, waist: 110, hemY: 700, hem: 250, curve: 30 },
      };
    case "party":
      return {
        bodice: {
          ...base,
          neck: 58,
          drop: 50,
          backDrop: 20,
          shoulder: 100,
          slope: 14,
          armhole: 120,
          chest: 122,
          waist: 104,
          hem: 102,
        },
        skirt: { waistY: 330, waist: 104, hemY: 660, hem: 220, curve: 20, scallops: 9 },
      };
    default:
      return {
        bodice: { ...base, y: 100, drop: 56, hemY: 300, sleeve: { length: 300, angle: 16, cuff: 52, top: -6 } },
        skirt: { waistY: 292, waist: 108, hemY: 750, hem: 300, curve: 30 },
      };
  }
}

function dress(b: Brush, view: "front" | "back", seed: number): Piece {
  const style = (["wrap", "sundress", "party", "anarkali"].includes(b.style ?? "") ? b.style : "wrap") as DressStyle;
  const { bodice, skirt } = dressSpecs(style);
  const fr = topFrame(bodice, view);
  const sk = skirtOutline(skirt);
  const outline = `${fr.outline}${sk}`;
  const folds = skirtFolds(skirt, style === "anarkali" ? 16 : 10, seed, style === "anarkali" ? 0.45 : 0.35);
  const paint: string[] = [b.cloth(sk), folds.paint, b.cloth(fr.outline)];
  let relief = folds.relief;
  const waist = `M${400 - skirt.waist - 2} ${skirt.waistY - 12}H${400 + skirt.waist + 2}V${skirt.waistY + 14}H${400 - skirt.waist - 2}Z`;
  if (view === "front") {
    paint.push(insideBack(b, fr, false));
  }
  switch (style) {
    case "wrap":
      paint.push(b.seam(armholes(fr), 1.4), b.stitch(cuffLines(fr, 10)));
      if (view === "front") {
        paint.push(b.edgeShadow("M348 130Q380 250 452 330", 10, 0.3), b.seam("M348 130Q380 250 452 330", 1.6));
        paint.push(b.edgeShadow("M452 340Q470 520 560 716", 10, 0.25), b.seam("M452 340Q470 520 560 716", 1.6));
        relief += ridge("M452 340Q470 520 560 716", 30, 0.3);
      }
      paint.push(b.cloth(waist), b.seam(waist, 1.2));
      if (view === "front") {
        const tie = `M452 336C500 330 520 350 512 372C500 392 470 372 452 352Z`;
        const ends =
          "M470 350C480 420 470 480 488 540L506 536C492 480 500 420 486 350ZM460 352C440 420 452 470 430 520L448 526C470 474 464 420 474 356Z";
        paint.push(b.edgeShadow(ends, 10, 0.3), b.cloth(ends), b.cloth(tie), b.seam(tie, 1.2));
        relief += raised(tie, 0.4) + raised(ends, 0.3);
      }
      break;
    case "sundress": {
      // Thin straps over the shoulders, a smocked back.
      const straps = both("M344 118L356 118L344 210L330 206Z");
      paint.push(b.cloth(straps), b.seam(straps, 1));
      paint.push(b.stitch(`M${400 - 118} ${skirt.waistY - 4}H${400 + 118}`, { color: b.accent }));
      if (view === "back") {
        for (let y = 200; y < 326; y += 12)
          paint.push(b.stitch(`M${400 - 116} ${y}H${400 + 116}`, { color: b.dark, width: 1.2, dash: 3 }));
      }
      break;
    }
    case "party":
      paint.push(b.seam(armholes(fr), 1.4), b.cloth(waist, { color: b.accent, print: false }), b.seam(waist, 1.2));
      if (view === "front") paint.push(b.stud([400, skirt.waistY + 1], 9, "silver"));
      else paint.push(b.zip(`M400 ${fr.dip[1] + 4}V${skirt.waistY + 120}`, { width: 5, color: b.dark }));
      break;
    default: {
      // Anarkali: a gold border at the hem and the cuffs, a yoke across the chest.
      paint.push(b.seam(armholes(fr), 1.4));
      const hem = `M${400 - skirt.hem + 6} ${skirt.hemY - 22}Q400 ${skirt.hemY + 2 * (skirt.curve ?? 24) - 22} ${400 + skirt.hem - 6} ${skirt.hemY - 22}`;
      paint.push(
        `<path d="${hem}" fill="none" stroke="${b.accent}" stroke-width="26"/><path d="${hem}" fill="none" stroke="${b.dark}" stroke-width="4" stroke-dasharray="3 7"/>`,
      );
      const cuffs = cuffLines(fr, 12);
      paint.push(`<path d="${cuffs}" stroke="${b.accent}" stroke-width="14"/>`);
      paint.push(b.cloth(waist, { color: b.accent, print: false }), b.seam(waist, 1.2));
      if (view === "front") paint.push(b.stitch(neckBand(fr, 12), { color: b.accent, width: 3 }));
    }
  }
  relief += raised(waist, 0.2);
  return { outline, paint: paint.join(""), relief, fabric: b.fabric };
}

// ---- Frock (girls) ----

function frock(b: Brush, view: "front" | "back", seed: number): Piece {
  const bodice: TopSpec = {
    neck: 44,
    y: 190,
    drop: 30,
    backDrop: 12,
    shoulder: 96,
    slope: 14,
    sleeve: { length: 54, angle: 58, cuff: 70, top: -16 },
    armhole: 86,
    chest: 100,
    waist: 94,
    hem: 92,
    hemY: 360,
    curve: 0,
  };
  const skirt: SkirtSpec = {
    waistY: 352,
    waist: 92,
    hemY: 630,
    hem: 230,
    curve: 26,
    scallops: b.style === "party" ? 0 : 0,
  };
  const fr = topFrame(bodice, view);
  const sk = skirtOutline(skirt);
  const folds = skirtFolds(skirt, 14, seed, 0.45);
  const sash = `M${400 - 96} ${skirt.waistY - 10}H${400 + 96}V${skirt.waistY + 16}H${400 - 96}Z`;
  const paint = [b.cloth(sk), folds.paint, b.cloth(fr.outline), b.seam(armholes(fr), 1.2)];
  let relief = folds.relief;
  // A layer of tulle under a party frock's hem.
  let outline = `${fr.outline}${sk}`;
  if (b.style === "party") {
    const tulle = skirtOutline({ ...skirt, hemY: skirt.hemY + 22, hem: skirt.hem + 14, scallops: 14, curve: 30 });
    outline = `${tulle}${outline}`;
    paint.unshift(`<path d="${tulle}" fill="${b.accent}"/><path d="${tulle}" fill="${b.grain("mesh")}"/>`);
  }
  // Peter Pan collar and puff sleeves.
  if (view === "front") {
    const collar =
      both("M400 222C380 222 356 212 356 194L400 200Z") +
      both("M400 222C372 240 340 236 330 210C338 198 350 192 356 194C360 210 380 220 400 222Z");
    paint.push(
      b.edgeShadow(both("M400 222C372 240 340 236 330 210"), 8, 0.3),
      b.cloth(collar, { color: b.accent, print: false }),
      b.seam(collar, 1),
    );
    relief += raised(collar, 0.3);
    for (const y of [252, 290]) paint.push(b.button([400, y], 5, b.accent));
  } else {
    paint.push(b.zip("M400 206V350", { width: 4, color: b.dark }));
  }
  const cuffs = cuffLines(fr, 8);
  paint.push(b.stitch(cuffs, { color: b.accent, width: 3, dash: 4 }));
  for (const x of [0.2, 0.4, 0.6, 0.8]) relief += ridge(`M${400 - 180 + 360 * x} 240V250`, 16, 0.2);
  paint.push(b.cloth(sash, { color: b.accent, print: false }), b.seam(sash, 1));
  relief += raised(sash, 0.2);
  if (view === "front") {
    const bow =
      "M470 338C500 316 524 326 520 342C524 358 500 368 470 346ZM470 338C440 316 420 326 424 342C420 358 440 368 470 346Z";
    const tails = "M466 348L450 420L466 414L472 350ZM474 348L496 412L480 418L468 350Z";
    paint.push(
      b.edgeShadow(tails, 8, 0.3),
      b.cloth(tails, { color: b.accent, print: false }),
      b.edgeShadow(bow, 8, 0.3),
      b.cloth(bow, { color: b.accent, print: false }),
      `<ellipse cx="470" cy="342" rx="9" ry="11" fill="${b.accent}"/>`,
      b.seam(bow, 1),
    );
    relief += raised(bow, 0.5) + raised(tails, 0.3);
  }
  paint.push(
    b.stitch(
      `M${400 - skirt.hem + 10} ${skirt.hemY - 14}Q400 ${skirt.hemY + 2 * (skirt.curve ?? 24) - 14} ${400 + skirt.hem - 10} ${skirt.hemY - 14}`,
    ),
  );
  return { outline, paint: paint.join(""), relief, fabric: b.fabric };
}

// ---- Romper and sleepsuit (babies) ----

function romper(b: Brush, view: "front" | "back", seed: number): Piece {
  const sleep = b.style === "sleepsuit";
  const spec: TopSpec = {
    neck: 44,
    y: 150,
    drop: 30,
    backDrop: 12,
    shoulder: 112,
    slope: 14,
    sleeve: sleep ? { length: 200, angle: 34, cuff: 50, top: -8 } : { length: 70, angle: 60, cuff: 74, top: -8 },
    armhole: 92,
    chest: 116,
    waist: 118,
    hem: 124,
    hemY: 470,
    curve: 0,
  };
  const fr = topFrame(spec, view);
  // Legs below the body: short with snaps, or long with feet.
  const legs = sleep
    ? "M276 460H524L530 640Q532 700 490 704Q446 706 440 660L420 520H380L360 660Q354 706 310 704Q268 700 270 640Z"
    : "M276 460H524L540 560Q500 574 452 566L420 520H380L348 566Q300 574 260 560Z";
  const outline = `${fr.outline}${legs}`;
  const paint = [b.cloth(legs), b.cloth(fr.outline), b.seam(armholes(fr), 1.2), b.rib(neckBand(fr, 10), b.accent)];
  let relief = ridge("M320 300Q360 380 340 450", 40, 0.3) + ridge("M470 260Q440 360 470 440", 34, 0.25);
  const cuffs = cuffLines(fr, 12);
  paint.push(sleep ? `<path d="${cuffs}" stroke="${b.accent}" stroke-width="14"/>` : b.stitch(cuffs));
  if (sleep) {
    paint.push(
      b.cloth("M272 640Q270 700 310 704Q354 706 360 660L362 640Z", { color: b.accent, print: false, fabric: "jersey" }),
    );
    paint.push(
      b.cloth(mirrorPath("M272 640Q270 700 310 704Q354 706 360 660L362 640Z"), {
        color: b.accent,
        print: false,
        fabric: "jersey",
      }),
    );
  } else {
    paint.push(
      `<path d="M264 552Q300 564 348 558M452 558Q500 564 536 552" fill="none" stroke="${b.accent}" stroke-width="10"/>`,
    );
  }
  if (view === "front") {
    const snaps = sleep ? [230, 290, 350, 410, 470, 515] : [220, 270, 320];
    const placket = `M392 ${fr.dip[1]}H408V${snaps[snaps.length - 1]! + 14}H392Z`;
    paint.push(b.cloth(placket), b.seam(placket, 1));
    for (const y of snaps) paint.push(b.stud([400, y], 6, "silver"));
    if (!sleep) {
      // An appliqué on the chest.
      const patch = ellipse([460, 350], 28, 26);
      paint.push(
        b.cloth(patch, { color: "#fff7ed", print: false }),
        b.stitch(ellipse([460, 350], 24, 22), { color: b.accent, width: 1.4, dash: 3 }),
      );
      paint.push(
        `<circle cx="450" cy="344" r="4" fill="#3b3b3b"/><circle cx="470" cy="344" r="4" fill="#3b3b3b"/><path d="M448 360Q460 370 472 360" fill="none" stroke="#3b3b3b" stroke-width="3" stroke-linecap="round"/>`,
      );
      relief += raised(patch, 0.2);
    }
  } else {
    paint.push(b.stitch("M280 470H520"), b.label([388, 166], 24, 14));
    if (!sleep) {
      // Frills across the seat, the classic back of a baby romper.
      for (const [y, w] of [
        [440, 96],
        [476, 106],
        [512, 116],
      ] as const) {
        let frill = `M${400 - w} ${y}H${400 + w}L${400 + w + 4} ${y + 26}`;
        for (let x = 400 + w; x > 400 - w; x -= 16) frill += `Q${x - 8} ${y + 36} ${x - 16} ${y + 26}`;
        frill += "Z";
        paint.push(
          b.edgeShadow(`M${400 - w} ${y + 34}H${400 + w}`, 8, 0.3),
          b.cloth(frill, { color: b.accent, print: false }),
        );
        relief += raised(frill, 0.3);
      }
    }
  }
  relief += sleep ? valley("M400 520V700", 10, 0.3) : "";
  void seed;
  return { outline, paint: paint.join(""), relief, fabric: b.fabric };
}

// ---- Lehenga choli ----

function lehenga(b: Brush, view: "front" | "back", seed: number): Piece[] {
  const skirt: SkirtSpec = { waistY: 300, waist: 112, hemY: 730, hem: 290, curve: 28 };
  const sk = skirtOutline(skirt);
  const folds = skirtFolds(skirt, 18, seed, 0.5);
  const border = `M${400 - skirt.hem + 8} ${skirt.hemY - 30}Q400 ${skirt.hemY + 2 * 28 - 30} ${400 + skirt.hem - 8} ${skirt.hemY - 30}`;
  const r = random(seed);
  let motifs = "";
  for (let i = 0; i < 46; i++) {
    const t = r();
    const y = 340 + r() * 330;
    const w = 112 + ((y - 300) / 430) * 178;
    const x = 400 - w + 2 * w * t;
    motifs += `<g transform="translate(${f(x)} ${f(y)})"><circle r="5" fill="${b.accent}"/><circle r="2" fill="${b.metal("gold", true)}"/></g>`;
  }
  const skirtPiece: Piece = {
    outline: sk,
    paint: [
      b.cloth(sk),
      folds.paint,
      `<g clip-path="${b.clip("skirt", sk)}">${motifs}</g>`,
      `<path d="${border}" fill="none" stroke="${b.accent}" stroke-width="44"/>`,
      `<path d="${border}" fill="none" stroke="${b.metal("gold")}" stroke-width="6" stroke-dasharray="10 6" transform="translate(0 -12)"/>`,
      `<path d="${border}" fill="none" stroke="${b.dark}" stroke-width="3" stroke-dasharray="2 5" transform="translate(0 10)"/>`,
      b.cloth(`M${400 - 114} 296H${400 + 114}V326H${400 - 114}Z`, { color: b.accent, print: false }),
      view === "front"
        ? `<path d="M408 326C420 380 404 420 418 470" fill="none" stroke="${b.accent}" stroke-width="5"/><circle cx="418" cy="476" r="8" fill="${b.metal("gold", true)}"/>`
        : "",
    ].join(""),
    relief: folds.relief + raised(`M${400 - 114} 296H${400 + 114}V326H${400 - 114}Z`, 0.2),
    fabric: b.fabric,
  };
  const choliSpec: TopSpec = {
    neck: 56,
    y: 92,
    drop: view === "front" ? 60 : 70,
    backDrop: 70,
    shoulder: 112,
    slope: 16,
    sleeve: { length: 80, angle: 50, cuff: 64, top: -6 },
    armhole: 96,
    chest: 118,
    waist: 112,
    hem: 110,
    hemY: 262,
    curve: -6,
  };
  const fr = topFrame(choliSpec, view);
  const choli: Piece = {
    outline: fr.outline,
    paint: [
      b.cloth(fr.outline),
      b.seam(armholes(fr), 1.2),
      `<path d="${cuffLines(fr, 10)}" stroke="${b.accent}" stroke-width="12"/>`,
      `<path d="M${400 - 110} 252Q400 ${252 + 12} ${400 + 110} 252" fill="none" stroke="${b.accent}" stroke-width="12"/>`,
      b.stitch(neckBand(fr, 8), { color: b.metal("gold"), width: 3 }),
      view === "back"
        ? `<path d="M390 ${92 + 70}Q370 200 384 240M410 ${92 + 70}Q430 200 416 240" fill="none" stroke="${b.accent}" stroke-width="4"/>`
        : "",
    ].join(""),
    relief: ridge("M330 170Q360 200 350 240M470 170Q440 200 450 240", 24, 0.3),
    fabric: b.fabric,
    transform: "translate(0 -30)",
  };
  return [skirtPiece, choli];
}

// ---- Saree ----

function sareeBody(b: Brush, d: string, clip: string, seed: number): string {
  const r = random(seed);
  let motifs = "";
  for (let i = 0; i < 30; i++) {
    const x = 180 + r() * 460;
    const y = 160 + r() * 480;
    motifs += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 60 - 30)})"><path d="M0 -9C7 -9 9 -1 4 6C1 10 -5 10 -7 5C-9 1 -4 -3 0 -9Z" fill="${b.accent}" fill-opacity="0.9"/></g>`;
  }
  return `<path d="${d}" fill="${b.main}"/><path d="${d}" fill="${b.print() ?? "none"}"/><g clip-path="${clip}">${b.pattern === "plain" ? motifs : ""}</g>`;
}

function border(b: Brush, d: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${b.accent}" stroke-width="${width}"/><path d="${d}" fill="none" stroke="${b.metal("gold")}" stroke-width="${width * 0.25}" stroke-dasharray="${width * 0.3} ${width * 0.2}"/><path d="${d}" fill="none" stroke="${b.dark}" stroke-opacity="0.5" stroke-width="2" transform="translate(0 ${width * 0.38})"/>`;
}

function saree(b: Brush, view: View): Piece[] {
  if (view === "folded") {
    // Folded into a neat stack, the pallu's end on top, with the blouse piece beside it.
    const stack = rect(210, 230, 380, 300, 10);
    const top = rect(200, 210, 400, 300, 12);
    const blouse = rect(470, 470, 170, 120, 8);
    return [
      {
        outline: stack,
        paint: b.cloth(stack) + border(b, "M214 520H586", 26),
        relief: ridge("M220 300H580", 20, 0.2),
        fabric: b.fabric,
        lift: 2,
      },
      {
        outline: top,
        paint:
          sareeBody(b, top, b.clip("fold", top), 5) +
          border(b, "M204 228H596", 30) +
          border(b, "M204 492H596", 30) +
          b.edgeShadow("M200 380H600", 10, 0.2),
        relief: ridge("M210 380H590", 30, 0.3) + valley("M210 384H590", 8, 0.3),
        fabric: b.fabric,
        lift: 1.5,
      },
      {
        outline: blouse,
        paint:
          b.cloth(blouse, { color: b.accent, print: false }) + b.stitch(rect(476, 476, 158, 108, 6), { color: b.main }),
        relief: ridge("M480 530H630", 20, 0.3),
        fabric: b.fabric,
        lift: 1.5,
      },
    ];
  }
  // Spread out: the body of the saree in soft pleats and the pallu fanned across it.
  const body = "M150 230Q300 200 470 214L640 232Q660 420 650 640Q420 676 160 640Q140 430 150 230Z";
  const pallu =
    view === "back"
      ? "M420 190L660 220Q700 420 680 690L440 700Q470 460 420 190Z"
      : "M300 160L560 140Q620 300 650 420Q540 520 480 700L260 680Q330 420 300 160Z";
  const clip = b.clip("body", body);
  const clipP = b.clip("pallu", pallu);
  const pleats = Array.from(
    { length: 7 },
    (_, i) => `M${190 + i * 60} 226Q${200 + i * 58} 420 ${176 + i * 64} 650`,
  ).join("");
  const palluStripes = Array.from({ length: 5 }, (_, i) => {
    const y = view === "back" ? 560 + i * 22 : 520 + i * 26;
    return `<path d="M200 ${y}Q450 ${y - 40} 700 ${y + 30}" fill="none" stroke="${i % 2 ? b.metal("gold") : b.accent}" stroke-width="${i % 2 ? 8 : 16}"/>`;
  }).join("");
  return [
    {
      outline: body,
      paint: [
        sareeBody(b, body, clip, 3),
        `<g clip-path="${clip}">${border(b, "M150 250Q300 220 470 234L650 252", 34)}${border(b, "M150 620Q420 656 660 620", 34)}</g>`,
      ].join(""),
      relief:
        Array.from({ length: 7 }, (_, i) =>
          ridge(`M${190 + i * 60} 226Q${200 + i * 58} 420 ${176 + i * 64} 650`, 30, 0.3),
        ).join("") + valley(pleats, 6, 0.2),
      fabric: b.fabric,
    },
    {
      outline: pallu,
      paint: [
        sareeBody(b, pallu, clipP, 9),
        `<g clip-path="${clipP}">${palluStripes}${border(b, view === "back" ? "M420 190Q470 460 440 700" : "M300 160Q330 420 260 680", 30)}</g>`,
      ].join(""),
      relief:
        ridge(view === "back" ? "M500 260Q540 460 520 680" : "M380 200Q420 400 360 660", 50, 0.35) +
        ridge(view === "back" ? "M600 240Q640 460 620 680" : "M480 180Q540 320 560 460", 40, 0.3),
      fabric: b.fabric,
      lift: 1.3,
    },
  ];
}

const front = (v: View): "front" | "back" => (v === "back" ? "back" : "front");

export const DRESSES: Record<string, KindDrawing> = {
  dress: {
    fabric: "poplin",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") {
        if (b.style === "party") return swatch(b, ["label"], "scallop");
        return b.style === "anarkali" ? swatch(b, ["border"]) : swatch(b, ["bow"]);
      }
      return [dress(b, front(view), view === "back" ? 8 : 2)];
    },
  },
  frock: {
    fabric: "poplin",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["bow"], "scallop");
      return [frock(b, front(view), view === "back" ? 9 : 3)];
    },
  },
  romper: {
    fabric: "jersey",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["snaps", "label"], "rib");
      return [romper(b, front(view), view === "back" ? 10 : 4)];
    },
  },
  lehenga: {
    fabric: "silk",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["border"]);
      return lehenga(b, front(view), view === "back" ? 11 : 5);
    },
  },
  saree: {
    fabric: "poplin",
    views: ["front", "detail", "back", "folded"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["border"], "fringe");
      return saree(b, view);
    },
  },
};

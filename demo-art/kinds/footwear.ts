// Shoes: sneakers, boots, heels and sandals, photographed in profile, from above, from behind and sole up.
import { type Brush, f, type Point, pt } from "../brush.ts";
import { add, ellipse, lerp, mul, perp, rect, smooth, spaced, sub, unit } from "../geometry.ts";
import type { KindDrawing, View } from "../kind.ts";
import { type Fabric, type Piece, raised, ridge, shade, valley } from "../studio.ts";
import { closeUp } from "./details.ts";

/** A shoe seen from above (toe up) as points around its outline, for a length and width. */
function footPoints([cx, cy]: Point, length: number, width: number, pointed = false, mirrored = false): Point[] {
  const L = length / 2;
  const W = width / 2;
  const s = mirrored ? -1 : 1;
  const pts: Point[] = [
    [cx + s * W * (pointed ? 0.05 : 0.12), cy - L],
    [cx + s * W * 0.78, cy - L * 0.72],
    [cx + s * W, cy - L * 0.3],
    [cx + s * W * 0.86, cy + L * 0.15],
    [cx + s * W * 0.78, cy + L * 0.6],
    [cx + s * W * 0.3, cy + L * 0.98],
    [cx - s * W * 0.34, cy + L * 0.98],
    [cx - s * W * 0.8, cy + L * 0.6],
    [cx - s * W * 0.7, cy + L * 0.12],
    [cx - s * W * 0.86, cy - L * 0.4],
    [cx - s * W * (pointed ? 0.4 : 0.62), cy - L * 0.8],
  ];
  return pts;
}

const footOutline = (c: Point, length: number, width: number, pointed = false, mirrored = false) =>
  smooth(footPoints(c, length, width, pointed, mirrored), true);

/** A pair in profile: enlarged a little about the middle of the shoes (which are drawn around x 410, y 440). */
const PAIR_FRAME = "translate(400 430) scale(1.04) translate(-410 -440)";

// ---- Sneakers ----

type SneakerStyle = "canvas" | "runner" | "high-top" | "kids";

const SOLE = "M150 552L640 552Q690 556 688 584Q684 602 650 602L170 602Q134 602 134 578Q134 554 150 552Z";

function sneakerUpper(style: SneakerStyle): string {
  if (style === "high-top")
    return "M146 556C136 440 140 320 150 252C154 236 168 230 184 232L300 236C312 226 326 218 340 220L350 246C372 320 420 392 470 430C540 470 620 496 666 522C674 534 674 548 670 556Z";
  return "M146 556C138 480 142 420 164 392C176 378 196 376 212 384C250 404 280 414 316 410L346 352C356 340 372 338 380 348L396 376C440 410 500 440 560 470C620 496 664 512 670 540L670 556Z";
}

function laces(b: Brush, from: Point, to: Point, count: number, color: string): string {
  const pts = spaced(from, to, count);
  const dir = unit(sub(to, from));
  const across = perp(dir);
  let out = "";
  for (const p of pts) {
    const a = add(p, mul(across, 16));
    const c = add(p, mul(across, -4));
    out += `<path d="M${pt(c)}L${pt(a)}" stroke="#000" stroke-opacity="0.25" stroke-width="8" stroke-linecap="round" transform="translate(1.5 2)"/><path d="M${pt(c)}L${pt(a)}" stroke="${color}" stroke-width="7" stroke-linecap="round"/>`;
    out += `<circle cx="${f(p[0])}" cy="${f(p[1])}" r="5" fill="${b.metal("silver", true)}"/><circle cx="${f(p[0])}" cy="${f(p[1])}" r="2.4" fill="#222"/>`;
  }
  return out;
}

function sneakerSide(b: Brush, style: SneakerStyle, dx = 0, dy = 0, behind = false): Piece {
  const upper = sneakerUpper(style);
  const chunky = style === "runner" || style === "kids";
  const sole = chunky
    ? "M150 540L640 540Q694 546 690 580Q686 604 650 604L170 604Q132 604 132 574Q132 542 150 540Z"
    : SOLE;
  const soleColor = style === "runner" ? "#f5f5f4" : style === "kids" ? "#f8fafc" : "#f7f5f0";
  const paint: string[] = [b.cloth(upper)];
  let relief = ridge("M200 420Q300 470 420 430", 40, 0.25) + ridge("M470 460Q560 500 640 520", 30, 0.3);
  const lacesFrom: Point = style === "high-top" ? [350, 250] : [392, 378];
  const lacesTo: Point = [540, 462];
  if (style === "canvas" || style === "high-top") {
    const toe = "M560 470C620 496 664 512 670 540L670 556L604 556C596 520 580 494 560 470Z";
    paint.push(b.cloth(toe, { color: soleColor, print: false, fabric: "rubber" }), b.seam(toe, 1.2));
    paint.push(b.seam(style === "high-top" ? "M300 236Q280 400 330 556" : "M316 410Q300 480 330 556", 1.6));
    paint.push(b.stitch(style === "high-top" ? "M292 240Q272 400 322 556" : "M308 414Q292 480 322 556"));
    if (style === "high-top") {
      const patch = ellipse([226, 330], 34, 34);
      paint.push(
        b.cloth(patch, { color: "#f8fafc", print: false, fabric: "canvas" }),
        b.stitch(ellipse([226, 330], 29, 29), { color: b.main, width: 1.2 }),
      );
      paint.push(
        `<path d="M226 306L233 322L250 323L237 334L241 351L226 342L211 351L215 334L202 323L219 322Z" fill="${b.main}"/>`,
      );
      relief += raised(patch, 0.2);
    }
  } else if (style === "runner") {
    const swoosh = "M220 500Q380 420 610 466Q420 466 236 530Z";
    paint.push(
      b.cloth(swoosh, { color: b.accent, print: false, fabric: "leather" }),
      b.stitch("M236 504Q380 440 590 468", { color: shade(b.accent, -0.3) }),
    );
    const counter = "M146 556C138 480 142 430 158 404L232 430Q240 500 226 556Z";
    paint.push(b.cloth(counter, { color: shade(b.main, -0.25), print: false, fabric: "leather" }));
    relief += raised(swoosh, 0.25) + raised(counter, 0.2);
  } else {
    for (const [x, w] of [
      [390, 44],
      [460, 44],
    ] as const) {
      const strap = `M${x} ${360 + (x - 390) * 0.6}L${x + w} ${390 + (x - 390) * 0.6}L${x + w - 26} ${500 + (x - 390) * 0.3}L${x - 30} ${470 + (x - 390) * 0.3}Z`;
      paint.push(
        b.edgeShadow(strap, 6),
        b.cloth(strap, { color: b.accent, print: false, fabric: "canvas" }),
        b.stitch(strap, { color: shade(b.accent, -0.35), width: 1.2 }),
      );
      relief += raised(strap, 0.3);
    }
  }
  // Collar padding, heel tab, and the sole with its foxing stripe.
  const collar = style === "high-top" ? "M152 254Q156 240 184 240L298 244" : "M160 396Q176 382 210 390Q260 414 314 414";
  paint.push(
    `<path d="${collar}" fill="none" stroke="${shade(b.main, -0.4)}" stroke-width="9" stroke-linecap="round"/>`,
  );
  const tab = style === "high-top" ? rect(140, 240, 18, 50, 4) : rect(140, 392, 18, 44, 4);
  paint.push(b.cloth(tab, { color: b.accent, print: false, fabric: "leather" }));
  if (style !== "kids") {
    paint.push(laces(b, lacesFrom, lacesTo, style === "high-top" ? 8 : 5, style === "runner" ? "#f8fafc" : "#faf7f0"));
  }
  if (style === "kids") paint.push(laces(b, [396, 380], [420, 392], 1, "#faf7f0"));
  paint.push(b.cloth(sole, { color: soleColor, print: false, fabric: "rubber" }));
  if (style === "canvas" || style === "high-top") {
    paint.push(
      `<path d="M140 566H682" stroke="${b.accent}" stroke-width="6"/>`,
      `<path d="M134 590H688" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`,
    );
  } else if (style === "runner") {
    paint.push(
      `<path d="M150 572Q260 556 360 576T560 572T686 566" fill="none" stroke="${b.accent}" stroke-width="5"/>`,
    );
  } else {
    paint.push(
      `<path d="M160 572H660" stroke="#22d3ee" stroke-width="10" stroke-linecap="round"/><path d="M160 572H660" stroke="#ecfeff" stroke-width="3" stroke-linecap="round"/>`,
    );
  }
  paint.push(b.seam("M146 554H672", 1.6));
  relief += raised(sole, 0.35) + valley("M146 554H672", 6, 0.4);
  const outline = `${upper}${sole}${tab}`;
  return {
    outline,
    paint: behind ? `${paint.join("")}<path d="${outline}" fill="#000" fill-opacity="0.1"/>` : paint.join(""),
    relief,
    fabric: b.fabric,
    lift: 2.2,
    transform: `translate(${dx} ${dy}) ${PAIR_FRAME}`,
  };
}

/** A shoe from above: upper, opening, laces, and (for sneakers) the sole's rim around it. */
function shoeTop(
  b: Brush,
  c: Point,
  mirrored: boolean,
  opts: {
    length: number;
    width: number;
    pointed?: boolean;
    laces?: number;
    open?: "heel" | "pump";
    rim?: string;
    fabric?: Fabric;
  },
): Piece {
  const { length, width } = opts;
  const outer = footOutline(c, length + 16, width + 14, opts.pointed, mirrored);
  const upper = footOutline(c, length, width, opts.pointed, mirrored);
  const opening =
    opts.open === "pump"
      ? footOutline([c[0], c[1] + length * 0.16], length * 0.62, width * 0.7, opts.pointed, mirrored)
      : ellipse([c[0], c[1] + length * 0.3], width * 0.3, length * 0.2);
  const paint = [
    opts.rim ? `<path d="${outer}" fill="${opts.rim}"/><path d="${outer}" fill="${b.grain("rubber")}"/>` : "",
    b.cloth(upper, { fabric: opts.fabric }),
    `<path d="${opening}" fill="${shade(b.main, -0.55)}"/><path d="${opening}" fill="#000" fill-opacity="0.25"/>`,
    b.edgeShadow(opening, 8, 0.3),
  ];
  if (opts.laces) {
    const top: Point = [c[0], c[1] - length * 0.16];
    const bottom: Point = [c[0], c[1] + length * 0.12];
    const tongue = ellipse([c[0], c[1] - length * 0.02], width * 0.17, length * 0.22);
    paint.push(b.cloth(tongue), b.seam(tongue, 1.2));
    for (const p of spaced(top, bottom, opts.laces)) {
      const w = width * 0.2;
      paint.push(
        `<path d="M${f(p[0] - w)} ${f(p[1])}L${f(p[0] + w)} ${f(p[1] + 6)}" stroke="#000" stroke-opacity="0.25" stroke-width="8" stroke-linecap="round" transform="translate(1 2)"/><path d="M${f(p[0] - w)} ${f(p[1])}L${f(p[0] + w)} ${f(p[1] + 6)}" stroke="#faf7f0" stroke-width="6.5" stroke-linecap="round"/>`,
      );
      paint.push(
        `<circle cx="${f(p[0] - w - 4)}" cy="${f(p[1])}" r="4" fill="${b.metal("silver", true)}"/><circle cx="${f(p[0] + w + 4)}" cy="${f(p[1] + 6)}" r="4" fill="${b.metal("silver", true)}"/>`,
      );
    }
  }
  const d = opts.rim ? outer : upper;
  return {
    outline: d,
    paint: paint.join(""),
    relief: raised(upper, 0.2) + ridge(`M${f(c[0])} ${f(c[1] - length * 0.4)}V${f(c[1])}`, width * 0.5, 0.3),
    fabric: b.fabric,
    lift: 1.8,
  };
}

function sole(
  b: Brush,
  c: Point,
  opts: {
    length: number;
    width: number;
    pointed?: boolean;
    tread: "zigzag" | "lugs" | "pods" | "leather";
    color: string;
  },
): Piece {
  const outline = footOutline(c, opts.length, opts.width, opts.pointed, true);
  const clip = b.clip("sole", outline);
  let tread = "";
  const [cx, cy] = c;
  const top = cy - opts.length / 2;
  const bottom = cy + opts.length / 2;
  const left = cx - opts.width / 2;
  if (opts.tread === "zigzag") {
    for (let y = top; y < bottom; y += 14)
      tread += `<path d="M${left} ${y}${Array.from({ length: 12 }, (_, i) => `L${f(left + (i + 1) * (opts.width / 12))} ${y + (i % 2 ? 0 : 8)}`).join("")}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="3.5"/>`;
  } else if (opts.tread === "lugs") {
    for (let y = top + 10; y < bottom; y += 34) {
      for (let x = left + 6; x < left + opts.width; x += 38) {
        const lug = `M${x} ${y}l26 6l-4 20l-26 -6z`;
        tread += `<path d="${lug}" fill="${shade(opts.color, 0.12)}"/><path d="${lug}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>`;
      }
    }
  } else if (opts.tread === "pods") {
    for (let y = top + 10; y < bottom; y += 30) {
      for (let x = left + ((y / 30) % 2) * 15; x < left + opts.width; x += 30)
        tread += `<path d="${ellipse([x, y], 11, 11)}" fill="${shade(opts.color, -0.1)}" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`;
    }
  } else {
    tread += b.stitch(footOutline(c, opts.length - 20, opts.width - 18, opts.pointed, true), {
      color: shade(opts.color, -0.35),
      width: 1.4,
    });
  }
  const heel =
    opts.tread === "leather" ? ellipse([cx, bottom - opts.length * 0.13], opts.width * 0.3, opts.length * 0.1) : "";
  return {
    outline,
    paint: [
      `<path d="${outline}" fill="${opts.color}"/><path d="${outline}" fill="${b.grain(opts.tread === "leather" ? "leather" : "rubber")}"/>`,
      `<g clip-path="${clip}">${tread}</g>`,
      heel ? `<path d="${heel}" fill="#2b2522"/><path d="${heel}" fill="${b.grain("rubber")}"/>` : "",
      b.label([cx - 24, cy - 6], 48, 22, shade(opts.color, -0.15), shade(opts.color, -0.45)),
    ].join(""),
    relief: `<g clip-path="${clip}">${tread.replaceAll('stroke="#000"', 'stroke="#fff"')}</g>${ridge(`M${cx} ${top + 20}V${bottom - 20}`, opts.width * 0.6, 0.25)}`,
    fabric: "rubber",
    lift: 1.6,
  };
}

function sneakers(b: Brush, view: View): Piece[] {
  const style = (["canvas", "runner", "high-top", "kids"].includes(b.style ?? "") ? b.style : "canvas") as SneakerStyle;
  const rimColor = style === "canvas" || style === "high-top" ? "#f7f5f0" : "#f5f5f4";
  switch (view) {
    case "front":
      return [
        shoeTop(b, [300, 410], true, { length: 500, width: 170, laces: 5, rim: rimColor }),
        shoeTop(b, [500, 410], false, { length: 500, width: 170, laces: 5, rim: rimColor }),
      ];
    case "back":
      return [heelBack(b, [310, 420], "sneaker", rimColor), heelBack(b, [490, 420], "sneaker", rimColor)];
    case "detail":
      return [
        closeUp(
          sole(b, [400, 400], {
            length: 560,
            width: 200,
            tread: style === "runner" ? "pods" : style === "kids" ? "pods" : "zigzag",
            color: style === "kids" ? "#e9d5ff" : rimColor,
          }),
          [400, 430],
          1.25,
        ),
      ];
    default:
      return [sneakerSide(b, style, 30, -44, true), sneakerSide(b, style, -24, 16)];
  }
}

/** A pair's heel seen from behind. */
function heelBack(b: Brush, [cx, cy]: Point, kind: "sneaker" | "boot" | "pump" | "stiletto", rim: string): Piece {
  const tall = kind === "boot";
  const top = cy - (tall ? 300 : kind === "sneaker" ? 110 : 90);
  const w = kind === "sneaker" ? 80 : kind === "boot" ? 76 : 62;
  const base = cy + 120;
  const upper = `M${cx - w} ${base}C${cx - w - 6} ${cy} ${cx - w + 4} ${top + 40} ${cx - w * 0.7} ${top + 6}Q${cx} ${top - 14} ${cx + w * 0.7} ${top + 6}C${cx + w - 4} ${top + 40} ${cx + w + 6} ${cy} ${cx + w} ${base}Z`;
  const paint = [b.cloth(upper), b.seam(`M${cx} ${top - 4}V${base}`, 1.6)];
  let outline = upper;
  let relief = ridge(`M${cx - w * 0.5} ${top + 20}V${base - 10}`, 30, 0.3);
  if (kind === "sneaker" || kind === "boot") {
    const soleD = rect(cx - w - 6, base - 8, 2 * w + 12, kind === "boot" ? 54 : 42, 12);
    const tab = rect(cx - 14, top - 18, 28, 56, 6);
    paint.push(b.cloth(tab, { color: kind === "boot" ? b.dark : b.accent, print: false, fabric: "leather" }));
    paint.push(
      `<path d="${soleD}" fill="${kind === "boot" ? "#2b2522" : rim}"/><path d="${soleD}" fill="${b.grain("rubber")}"/>`,
    );
    if (kind === "sneaker")
      paint.push(`<path d="M${cx - w - 6} ${base + 6}H${cx + w + 6}" stroke="${b.accent}" stroke-width="5"/>`);
    outline += soleD + tab;
    relief += raised(soleD, 0.3);
  } else {
    const heel =
      kind === "pump"
        ? `M${cx - 26} ${base - 4}H${cx + 26}L${cx + 20} ${base + 90}H${cx - 20}Z`
        : `M${cx - 14} ${base - 4}H${cx + 14}L${cx + 5} ${base + 110}H${cx - 5}Z`;
    paint.push(
      b.cloth(heel, { color: shade(b.main, -0.2), print: false, fabric: "leather" }),
      `<path d="M${cx - (kind === "pump" ? 20 : 5)} ${base + 82}h${kind === "pump" ? 40 : 10}v${kind === "pump" ? 8 : 28}h-${kind === "pump" ? 40 : 10}z" fill="#1f1b1a"/>`,
    );
    outline += heel;
    relief += raised(heel, 0.3);
  }
  return { outline, paint: paint.join(""), relief, fabric: b.fabric, lift: 2.4 };
}

// ---- Boots ----

type BootStyle = "chelsea" | "hiking";

function bootSide(b: Brush, style: BootStyle, dx = 0, dy = 0, behind = false): Piece {
  const hiking = style === "hiking";
  const upper = hiking
    ? "M168 580C160 480 162 360 176 262Q186 244 214 246L320 250Q334 246 338 262C344 330 360 390 400 430C470 480 600 500 660 536Q676 556 672 580Z"
    : "M172 592C156 540 160 470 172 420C180 340 174 260 178 190L326 186C330 270 346 360 392 418C450 466 540 486 600 500C650 512 676 540 672 592Z";
  const soleD = hiking
    ? "M150 572L660 572Q694 578 690 604Q686 628 650 628L170 628Q140 628 138 604Q138 574 150 572Z"
    : "M160 588L656 588Q684 592 680 602Q676 612 650 612L262 612L258 620L164 620Z";
  const paint: string[] = [b.cloth(upper)];
  let relief =
    ridge("M200 300Q230 420 210 540", 36, 0.3) +
    ridge("M420 450Q520 500 620 530", 40, 0.3) +
    valley("M340 300Q360 380 400 430", 10, 0.3);
  if (hiking) {
    const mudguard = "M166 520Q300 540 420 520Q540 520 668 560L672 580L168 580Z";
    const toe = "M560 500C620 514 660 530 672 560L672 580L600 580C596 546 584 520 560 500Z";
    paint.push(
      b.cloth(mudguard, { color: shade(b.main, -0.35), print: false, fabric: "leather" }),
      b.stitch("M170 530Q300 548 420 530Q540 530 664 566", { color: b.accent }),
    );
    paint.push(b.cloth(toe, { color: "#2b2522", print: false, fabric: "rubber" }));
    const collar = "M174 262Q186 236 214 240L322 246Q340 244 340 262L336 292Q270 280 176 296Z";
    paint.push(b.cloth(collar, { color: b.accent, print: false, fabric: "nylon" }), b.seam(collar, 1.2));
    relief += raised(collar, 0.45) + raised(mudguard, 0.15);
    // Speed hooks and laces.
    for (const [x, y] of [
      [344, 280],
      [352, 320],
      [362, 358],
      [378, 396],
      [404, 428],
      [440, 452],
    ] as const) {
      paint.push(
        `<path d="M${x} ${y}l16 -8" stroke="${b.accent}" stroke-width="6" stroke-linecap="round"/><circle cx="${x}" cy="${y}" r="6" fill="${b.metal("brass", true)}"/>`,
      );
    }
    paint.push(b.stitch("M190 300Q200 420 194 520", { color: b.accent }));
  } else {
    const gusset = "M236 190L300 188L282 372L254 372Z";
    let ribs = "";
    for (let x = 240; x < 300; x += 6)
      ribs += `<path d="M${x} 190L${268 + (x - 268) * 0.4} 372" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>`;
    paint.push(
      b.cloth(gusset, { color: b.accent, print: false, fabric: "jersey" }),
      ribs,
      b.stitch("M230 190L248 376M306 188L288 376", { color: shade(b.main, 0.3) }),
    );
    const tab = "M178 192L176 140Q192 132 206 140L206 192Z";
    paint.push(b.cloth(tab, { color: b.accent, print: false, fabric: "canvas" }));
    relief += valley(gusset, 4, 0.3);
    paint.push(b.stitch("M180 560Q300 574 420 566Q540 566 664 584", { color: shade(b.main, 0.3) }));
  }
  paint.push(
    b.cloth(soleD, { color: hiking ? "#2b2522" : "#3b2a20", print: false, fabric: hiking ? "rubber" : "leather" }),
  );
  if (hiking) {
    for (let x = 160; x < 680; x += 22)
      paint.push(`<path d="M${x} 628V612" stroke="#000" stroke-opacity="0.5" stroke-width="8"/>`);
    paint.push(`<path d="M150 586H686" stroke="${b.accent}" stroke-width="3"/>`);
  } else {
    paint.push(
      `<path d="M164 604H262" stroke="#000" stroke-opacity="0.3" stroke-width="2"/><path d="M164 612H262" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>`,
    );
  }
  relief += raised(soleD, 0.3);
  const outline = hiking ? `${upper}${soleD}` : `${upper}${soleD}M178 192L176 140Q192 132 206 140L206 192Z`;
  return {
    outline,
    paint: behind ? `${paint.join("")}<path d="${outline}" fill="#000" fill-opacity="0.1"/>` : paint.join(""),
    relief,
    fabric: b.fabric,
    lift: 2.4,
    transform: `translate(${dx} ${dy}) ${PAIR_FRAME}`,
  };
}

function boots(b: Brush, view: View): Piece[] {
  const style: BootStyle = b.style === "hiking" ? "hiking" : "chelsea";
  switch (view) {
    case "front":
      return [
        shoeTop(b, [300, 420], true, {
          length: 480,
          width: 172,
          laces: style === "hiking" ? 4 : 0,
          open: "heel",
          rim: style === "hiking" ? "#2b2522" : "#3b2a20",
        }),
        shoeTop(b, [500, 420], false, {
          length: 480,
          width: 172,
          laces: style === "hiking" ? 4 : 0,
          open: "heel",
          rim: style === "hiking" ? "#2b2522" : "#3b2a20",
        }),
      ];
    case "back":
      return [heelBack(b, [312, 470], "boot", "#2b2522"), heelBack(b, [488, 470], "boot", "#2b2522")];
    case "detail":
      return style === "hiking"
        ? [closeUp(sole(b, [400, 400], { length: 560, width: 200, tread: "lugs", color: "#2f2a27" }), [400, 430], 1.25)]
        : [
            closeUp(
              sole(b, [400, 400], { length: 560, width: 200, tread: "leather", color: "#6b4a33" }),
              [400, 430],
              1.25,
            ),
          ];
    default:
      return [bootSide(b, style, 36, -40, true), bootSide(b, style, -20, 16)];
  }
}

// ---- Heels ----

function heelSide(b: Brush, stiletto: boolean, dx = 0, dy = 0, behind = false): Piece {
  const shoe =
    "M222 470C200 500 196 540 212 566L252 566C330 566 420 604 520 614L640 618C684 616 694 592 674 574C634 540 560 520 500 516C430 512 380 500 330 470C290 452 250 452 222 470Z";
  const heel = stiletto
    ? "M212 566L250 566C238 604 234 640 234 660L226 660C224 630 220 600 212 566Z"
    : "M208 566L266 566L260 660L220 660Z";
  const tip = stiletto ? "M225 652h10v10h-10z" : "M219 650h42v10h-42z";
  const insole = "M236 474C300 460 350 480 400 500C450 518 500 522 540 524";
  const paint = [
    b.cloth(heel, { color: shade(b.main, -0.1) }),
    `<path d="${tip}" fill="#1f1b1a"/>`,
    b.cloth(shoe),
    `<path d="M214 566C300 566 420 608 520 618L644 622" fill="none" stroke="#1f1b1a" stroke-width="5"/>`,
    `<path d="${insole}" fill="none" stroke="${b.accent}" stroke-width="8" stroke-linecap="round"/>`,
    b.stitch("M232 480C280 466 330 486 380 500", { color: shade(b.main, 0.3), width: 1.2 }),
  ];
  const outline = `${shoe}${heel}${tip}`;
  return {
    outline,
    paint: behind ? `${paint.join("")}<path d="${outline}" fill="#000" fill-opacity="0.1"/>` : paint.join(""),
    relief: ridge("M240 500Q380 520 520 570", 40, 0.35) + raised(heel, 0.2),
    fabric: b.fabric,
    lift: 2.4,
    transform: `translate(${dx} ${dy}) ${PAIR_FRAME}`,
  };
}

function heels(b: Brush, view: View): Piece[] {
  const stiletto = b.style === "stiletto";
  switch (view) {
    case "front":
      return [
        shoeTop(b, [310, 410], true, { length: 480, width: 150, pointed: true, open: "pump" }),
        shoeTop(b, [490, 410], false, { length: 480, width: 150, pointed: true, open: "pump" }),
      ];
    case "back":
      return [
        heelBack(b, [320, 400], stiletto ? "stiletto" : "pump", ""),
        heelBack(b, [480, 400], stiletto ? "stiletto" : "pump", ""),
      ];
    case "detail":
      return [
        closeUp(
          sole(b, [400, 400], { length: 560, width: 180, pointed: true, tread: "leather", color: "#3b2a20" }),
          [400, 430],
          1.25,
        ),
      ];
    default:
      return [heelSide(b, stiletto, 36, -50, true), heelSide(b, stiletto, -20, 10)];
  }
}

// ---- Sandals ----

function sandalTop(b: Brush, c: Point, mirrored: boolean, flipFlop: boolean): Piece {
  const length = 470;
  const width = 170;
  const bed = footOutline(c, length, width, false, mirrored);
  const inner = footOutline(c, length - 22, width - 20, false, mirrored);
  const s = mirrored ? -1 : 1;
  const [cx, cy] = c;
  const paint = [
    `<path d="${bed}" fill="${shade(b.main, -0.25)}"/><path d="${bed}" fill="${b.grain("rubber")}"/>`,
    flipFlop ? `<path d="${inner}" fill="${b.main}"/>` : `<path d="${inner}" fill="${shade(b.main, 0.15)}"/>`,
    `<path d="${inner}" fill="${b.grain(flipFlop ? "rubber" : "leather")}"/>`,
    `<path d="${ellipse([cx - s * 6, cy + length * 0.3], width * 0.24, length * 0.13)}" fill="#000" fill-opacity="0.08"/>`,
    `<path d="${ellipse([cx + s * 8, cy - length * 0.22], width * 0.3, length * 0.14)}" fill="#000" fill-opacity="0.07"/>`,
  ];
  let relief = raised(bed, 0.15) + valley(ellipse([cx - s * 6, cy + length * 0.3], width * 0.2, length * 0.1), 20, 0.2);
  let outline = bed;
  if (flipFlop) {
    const post: Point = [cx + s * 14, cy - length * 0.3];
    const left: Point = [cx - width * 0.47, cy - length * 0.02];
    const right: Point = [cx + width * 0.47, cy - length * 0.05];
    const straps = `M${pt(post)}Q${pt(lerp(post, left, 0.5))} ${pt(left)}M${pt(post)}Q${pt(lerp(post, right, 0.5))} ${pt(right)}`;
    paint.push(
      `<path d="${straps}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="26" stroke-linecap="round" transform="translate(4 6)"/>`,
    );
    paint.push(`<path d="${straps}" fill="none" stroke="${b.main}" stroke-width="22" stroke-linecap="round"/>`);
    paint.push(
      `<path d="${straps}" fill="none" stroke="${b.accent}" stroke-width="22" stroke-dasharray="7 7" stroke-linecap="butt"/>`,
    );
    paint.push(`<circle cx="${f(post[0])}" cy="${f(post[1])}" r="11" fill="${b.accent}"/>`);
    relief += `<path d="${straps}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="20" stroke-linecap="round"/>`;
  } else {
    const strap = `M${f(cx - width * 0.58)} ${f(cy - length * 0.2)}Q${f(cx)} ${f(cy - length * 0.3)} ${f(cx + width * 0.58)} ${f(cy - length * 0.2)}L${f(cx + width * 0.56)} ${f(cy + length * 0.02)}Q${f(cx)} ${f(cy - length * 0.06)} ${f(cx - width * 0.56)} ${f(cy + length * 0.02)}Z`;
    paint.push(b.edgeShadow(strap, 14, 0.35), b.cloth(strap, { color: b.accent, print: false, fabric: "leather" }));
    paint.push(
      b.stitch(
        `M${f(cx - width * 0.52)} ${f(cy - length * 0.17)}Q${f(cx)} ${f(cy - length * 0.26)} ${f(cx + width * 0.52)} ${f(cy - length * 0.17)}`,
        { color: shade(b.accent, 0.4) },
      ),
    );
    paint.push(b.label([cx - 22, cy - length * 0.14], 44, 14, shade(b.accent, 0.2), shade(b.accent, 0.5)));
    relief += raised(strap, 0.5);
    outline += strap;
  }
  return { outline, paint: paint.join(""), relief, fabric: "leather", lift: 1.4 };
}

function sandalSide(b: Brush, flipFlop: boolean): Piece {
  const bed = "M140 560Q140 530 180 528L640 520Q690 522 690 552Q690 580 640 582L180 590Q140 590 140 560Z";
  const strap = flipFlop
    ? "M440 526Q470 470 520 468L536 474Q490 490 466 524Z"
    : "M380 528Q420 400 520 406Q580 420 600 522Z";
  const paint = [
    `<path d="${bed}" fill="${shade(b.main, -0.25)}"/><path d="${bed}" fill="${b.grain("rubber")}"/>`,
    `<path d="M144 548Q400 540 686 538" stroke="${shade(b.main, 0.2)}" stroke-width="6"/>`,
    b.cloth(strap, { color: b.accent, print: false, fabric: "leather" }),
  ];
  return {
    outline: `${bed}${strap}`,
    paint: paint.join(""),
    relief: raised(bed, 0.3) + raised(strap, 0.4),
    fabric: "leather",
    lift: 1.6,
  };
}

function sandals(b: Brush, view: View): Piece[] {
  const flipFlop = b.style === "flip-flop";
  switch (view) {
    case "side":
      return [sandalSide(b, flipFlop)];
    case "detail":
      return [
        closeUp(
          sole(b, [400, 400], {
            length: 560,
            width: 200,
            tread: flipFlop ? "pods" : "zigzag",
            color: shade(b.main, -0.2),
          }),
          [400, 430],
          1.25,
        ),
      ];
    default:
      return [sandalTop(b, [300, 410], true, flipFlop), sandalTop(b, [500, 410], false, flipFlop)];
  }
}

export const FOOTWEAR: Record<string, KindDrawing> = {
  // Their close-ups are soles drawn at the canvas's scale.
  sneaker: { fabric: "canvas", views: ["side", "front", "back", "detail"], detailZoom: 1, draw: sneakers },
  boot: { fabric: "leather", views: ["side", "front", "back", "detail"], detailZoom: 1, draw: boots },
  heel: { fabric: "leather", views: ["side", "front", "back", "detail"], detailZoom: 1, draw: heels },
  sandal: { fabric: "leather", views: ["front", "side", "detail"], detailZoom: 1, draw: sandals },
};

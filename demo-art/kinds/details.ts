// Close-ups: the third photograph of most products. Each is its own drawing, not a crop of the front:
// the cloth fills the frame with its threads or loops showing (the brush draws grain, print and stitches
// three times bigger), its hem runs across the bottom, and the detail a shopper wants to see lies on it:
// buttons, a zip, a rivet, an eyelet, an embroidered border, quilting, a clasp...
import { type Brush, f, type Point } from "../brush.ts";
import { circle, ellipse, rect, smooth } from "../geometry.ts";
import { type Piece, raised, ridge, shade, valley } from "../studio.ts";

/**
 * A close-up: the piece magnified around a point placed at the canvas centre. (Not turned: librsvg places
 * a filter's image input in unturned pixels, so the light map would slide off a turned piece.)
 */
export function closeUp(piece: Piece, [x, y]: Point, scale: number): Piece {
  const half = 400 / scale + 4;
  const own = piece.transform ? ` ${piece.transform}` : "";
  return {
    ...piece,
    transform: `translate(400 400) scale(${scale}) translate(${-x} ${-y})${own}`,
    region: [x - half, y - half, 2 * half, 2 * half],
    magnification: scale,
  };
}

type Part = { paint: string; relief?: string; over?: string };

export type Feature =
  | "buttons"
  | "pocket"
  | "neckline"
  | "eyelet"
  | "zip"
  | "quilt"
  | "rivet"
  | "waistband"
  | "drawstring"
  | "pleats"
  | "bow"
  | "snaps"
  | "border"
  | "motif"
  | "label"
  | "logo"
  | "clasp"
  | "studs";

type Edge = "hem" | "fringe" | "ruffle" | "scallop" | "rib" | "none";

/** The cloth's bottom edge, from the right side of the frame to the left (the cloth lies above it). */
const EDGE = "M820 658C640 710 420 630 220 676C120 698 40 710 -20 700";

function edgeOf(kind: Edge): { outline: string; paint: (b: Brush) => string; relief: string } {
  if (kind === "none") return { outline: "M-20 -20H820V820H-20Z", paint: () => "", relief: "" };
  const top = "M-20 -20H820V658";
  if (kind === "fringe") {
    return {
      outline: `${top}C640 710 420 630 220 676C120 698 40 710 -20 700Z`,
      paint: (b) => {
        let strands = "";
        for (let x = -10; x < 820; x += 22) {
          const y = 676 + Math.sin(x / 90) * 24 - (x > 400 ? (x - 400) * 0.05 : 0);
          const d = smooth([
            [x, y - 10],
            [x + 6, y + 60],
            [x - 4, y + 130],
          ]);
          strands += `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="16" transform="translate(5 7)"/><path d="${d}" fill="none" stroke="${b.main}" stroke-width="13" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.2" stroke-width="3" transform="translate(-3 0)"/>`;
        }
        return strands;
      },
      relief: "",
    };
  }
  if (kind === "ruffle" || kind === "scallop") {
    let d = top;
    const n = kind === "ruffle" ? 6 : 5;
    for (let i = 0; i < n; i++) {
      const x0 = 820 - (840 / n) * i;
      const x1 = 820 - (840 / n) * (i + 1);
      d += `Q${f((x0 + x1) / 2)} ${kind === "ruffle" ? (i % 2 ? 670 : 770) : 790} ${f(x1)} 670`;
    }
    let folds = "";
    if (kind === "ruffle") for (let x = 40; x < 800; x += 70) folds += ridge(`M${x} 540L${x + 10} 710`, 40, 0.5);
    return { outline: `${d}Z`, paint: () => "", relief: folds };
  }
  return { outline: `${top}${EDGE.slice(EDGE.indexOf("C"))}Z`, paint: () => "", relief: "" };
}

/** The hem: a folded band along the edge, with its stitching. */
function hem(b: Brush, kind: Edge): Part {
  if (kind === "fringe" || kind === "scallop" || kind === "none") return { paint: "" };
  const line = (dy: number) => `<g transform="translate(0 ${dy})">${b.stitch(EDGE, { width: 1.8 })}</g>`;
  if (kind === "rib") {
    const band = `M-20 530C300 510 520 570 820 510V658C640 710 420 630 220 676C120 698 40 710 -20 700Z`;
    return { paint: b.rib(band) + b.seam("M-20 530C300 510 520 570 820 510", 3), relief: raised(band, 0.2) };
  }
  return {
    paint: b.seam(`M820 570C640 622 420 542 220 588C120 610 40 622 -20 612`, 3) + line(-36) + line(-56),
    relief: raised(
      `M-20 612C40 622 120 610 220 588C420 542 640 622 820 570V658C640 710 420 630 220 676C120 698 40 710 -20 700Z`,
      0.15,
    ),
  };
}

// ---- features ----

function buttons(b: Brush, studs = false): Part {
  const placket = "M330 -20H470V520H330Z";
  const thread = b.thread;
  const hole = (y: number) =>
    `<path d="M400 ${y - 46}V${y + 46}" stroke="${shade(b.main, -0.5)}" stroke-width="8" stroke-linecap="round"/><path d="M400 ${y - 52}V${y + 52}" stroke="${thread}" stroke-width="20" stroke-dasharray="3 3" fill="none" stroke-opacity="0.8"/>`;
  return {
    paint: `${b.edgeShadow("M470 -20V520", 16, 0.3)}${b.cloth(placket)}${b.seam("M330 -20V520M470 -20V520", 3)}${b.stitch("M348 -20V520M452 -20V520")}${hole(400)}`,
    relief: raised(placket, 0.18),
    over: studs ? `${b.stud([400, 130], 46, "gold")}${b.stud([400, 400], 46, "gold")}` : `${b.button([400, 130], 52)}`,
  };
}

function pocket(b: Brush): Part {
  const d = "M520 200H840V620H520Z";
  return {
    paint: `${b.edgeShadow("M520 200V620M520 200H840", 16, 0.3)}${b.cloth(d)}${b.seam("M520 200V620M520 200H840", 3)}${b.stitch("M540 220H840M540 220V620")}${b.stitch("M520 260H840", { width: 1.4 })}`,
    relief: raised(d, 0.15),
  };
}

function neckline(b: Brush): Part {
  const band = "M-20 120C200 240 600 240 820 120V250C600 380 200 380 -20 250Z";
  const inside = "M-20 -20H820V120C600 240 200 240 -20 120Z";
  return {
    paint: `<path d="${inside}" fill="${b.dark}"/><path d="${inside}" fill="#000" fill-opacity="0.3"/>${b.rib(band)}${b.seam("M-20 250C200 380 600 380 820 250", 3)}${b.stitch("M-20 272C200 402 600 402 820 272")}${b.stitch("M-20 294C200 424 600 424 820 294")}${b.label([330, 40], 140, 96)}`,
    relief: raised(band, 0.2) + valley("M-20 120C200 240 600 240 820 120", 20, 0.4),
  };
}

function eyelet(b: Brush): Part {
  const cord = smooth([
    [330, 250],
    [310, 420],
    [360, 560],
    [340, 700],
  ]);
  return {
    paint: `<path d="M-20 170C200 230 600 230 820 170" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="80"/>${b.stitch("M-20 130C200 190 600 190 820 130")}${b.stitch("M-20 214C200 274 600 274 820 214")}`,
    relief: ridge("M-20 170C200 230 600 230 820 170", 90, 0.4),
    over: `<circle cx="336" cy="240" r="40" fill="${b.metal("silver", true)}"/><circle cx="336" cy="240" r="22" fill="${b.dark}"/><path d="${cord}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="34" transform="translate(8 10)"/><path d="${cord}" fill="none" stroke="${b.accent}" stroke-width="30" stroke-linecap="round"/><path d="${cord}" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="30" stroke-dasharray="6 6"/><rect x="320" y="680" width="40" height="90" rx="10" fill="${b.metal("silver")}"/>`,
  };
}

function zip(b: Brush): Part {
  return {
    paint: `${b.zip("M420 -20V520", { color: b.dark, width: 9 })}${b.seam("M390 -20V520M450 -20V520", 3)}`,
    over: b.puller([420, 220], 150, "gunmetal"),
  };
}

function quilt(b: Brush): Part {
  let paint = "";
  let relief = "";
  for (const y of [60, 300]) {
    paint +=
      b.seam(`M-20 ${y}C300 ${y + 30} 500 ${y - 20} 820 ${y + 10}`, 4) +
      b.stitch(`M-20 ${y}C300 ${y + 30} 500 ${y - 20} 820 ${y + 10}`, { width: 1.6 });
    relief += valley(`M-20 ${y}C300 ${y + 30} 500 ${y - 20} 820 ${y + 10}`, 24, 0.7);
  }
  relief += ridge("M-20 180C300 210 500 160 820 190", 190, 0.55) + ridge("M-20 420C300 450 500 400 820 430", 160, 0.5);
  return { paint, relief };
}

function rivet(b: Brush): Part {
  const thread = "#d9a441";
  const opening = "M-20 200C200 220 380 300 470 520";
  return {
    paint: `${b.edgeShadow(opening, 20, 0.35)}${b.seam(opening, 4)}<g transform="translate(14 -10)">${b.stitch(opening, { color: thread, width: 2 })}</g><g transform="translate(30 -20)">${b.stitch(opening, { color: thread, width: 2 })}</g>${b.stitch("M600 -20V520", { color: thread, width: 2 })}${b.stitch("M626 -20V520", { color: thread, width: 2 })}`,
    relief: valley(opening, 20, 0.4),
    over: b.stud([150, 226], 30, "copper"),
  };
}

function waistband(b: Brush, cord = false): Part {
  const band = "M-20 -20H820V200C600 230 200 230 -20 200Z";
  let gathers = "";
  if (cord)
    for (let x = 0; x < 820; x += 28)
      gathers += `<path d="M${x} -20V${200 + Math.sin(x) * 4}" stroke="#000" stroke-opacity="0.16" stroke-width="8"/>`;
  const loop = rect(560, -20, 70, 250, 10);
  return {
    paint: `${b.cloth(band)}${gathers}${b.seam("M-20 200C200 230 600 230 820 200", 3)}${b.stitch("M-20 180C200 210 600 210 820 180")}${cord ? "" : b.edgeShadow("M630 -20V230", 14, 0.3) + b.cloth(loop) + b.stitch("M595 -10V220")}`,
    relief: raised(band, 0.2) + (cord ? "" : raised(loop, 0.35)),
    over: cord
      ? `<path d="${smooth([
          [360, 100],
          [330, 300],
          [380, 520],
        ])}" fill="none" stroke="${b.accent}" stroke-width="26" stroke-linecap="round"/><path d="${smooth([
          [440, 100],
          [470, 320],
          [430, 540],
        ])}" fill="none" stroke="${b.accent}" stroke-width="26" stroke-linecap="round"/><circle cx="360" cy="100" r="28" fill="${b.metal("silver", true)}"/><circle cx="440" cy="100" r="28" fill="${b.metal("silver", true)}"/>`
      : b.button([330, 90], 48, b.accent),
  };
}

function pleats(_b: Brush): Part {
  let paint = "";
  let relief = "";
  for (let x = 60; x < 800; x += 150) {
    paint += `<path d="M${x} 180L${x - 30} 620" stroke="#000" stroke-opacity="0.22" stroke-width="6"/>`;
    relief += valley(`M${x} 180L${x - 30} 620`, 20, 0.6) + ridge(`M${x + 40} 180L${x + 20} 620`, 70, 0.45);
  }
  return { paint, relief };
}

function bow(b: Brush): Part {
  const loops =
    "M420 300C520 200 640 230 620 300C640 370 520 400 420 320ZM420 300C320 200 200 230 220 300C200 370 320 400 420 320Z";
  const tails = "M410 320L330 620L380 600L430 330ZM430 320L540 600L490 624L416 330Z";
  const band = "M-20 250H820V350H-20Z";
  return {
    paint: `${b.cloth(band, { color: b.accent, print: false })}${b.seam("M-20 250H820M-20 350H820", 3)}${b.edgeShadow(tails, 20, 0.35)}${b.cloth(tails, { color: b.accent, print: false })}${b.edgeShadow(loops, 20, 0.35)}${b.cloth(loops, { color: b.accent, print: false })}<ellipse cx="420" cy="308" rx="40" ry="50" fill="${b.accent}"/><path d="${ellipse([420, 308], 40, 50)}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>`,
    relief: raised(band, 0.2) + raised(loops, 0.5) + raised(tails, 0.3) + ridge("M300 300Q420 250 560 300", 60, 0.4),
  };
}

function snaps(b: Brush): Part {
  const placket = "M340 -20H460V520H340Z";
  return {
    paint: `${b.cloth(placket)}${b.seam("M340 -20V520M460 -20V520", 3)}`,
    relief: raised(placket, 0.15),
    over: `${b.stud([400, 120], 34, "silver")}${b.stud([400, 360], 34, "silver")}`,
  };
}

function border(b: Brush): Part {
  let motifs = "";
  for (let x = -20; x < 840; x += 90) {
    motifs += `<g transform="translate(${x} 430)"><path d="M0 -34C30 -34 40 0 20 26C8 40 -20 40 -28 22C-36 6 -16 -8 0 -2C12 4 6 20 -6 16" fill="none" stroke="${b.metal("gold")}" stroke-width="7"/><circle cx="40" cy="0" r="8" fill="${b.metal("gold", true)}"/></g>`;
  }
  const bandD = "M-20 340H820V520H-20Z";
  return {
    paint: `${b.cloth(bandD, { color: b.accent, print: false })}<path d="M-20 356H820M-20 504H820" stroke="${b.metal("gold")}" stroke-width="12" stroke-dasharray="20 8"/>${motifs}${b.seam("M-20 340H820", 3)}`,
    relief: raised(bandD, 0.2) + valley("M-20 340H820", 10, 0.4),
  };
}

function motif(b: Brush): Part {
  // A knitted motif: snowflakes (mittens), a fair isle band or cables (sweaters).
  if (b.style === "cable") {
    let paint = "";
    let relief = "";
    for (const x of [240, 560]) {
      for (let y = -60; y < 560; y += 120) {
        const s1 = `M${x - 40} ${y}C${x - 40} ${y + 60} ${x + 40} ${y + 60} ${x + 40} ${y + 120}`;
        const s2 = `M${x + 40} ${y}C${x + 40} ${y + 60} ${x - 40} ${y + 60} ${x - 40} ${y + 120}`;
        paint += `<path d="${s2}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="40"/><path d="${s2}" fill="none" stroke="${b.main}" stroke-width="32"/><path d="${s1}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="46"/><path d="${s1}" fill="none" stroke="${b.main}" stroke-width="36"/>`;
        relief += ridge(s1, 40, 0.6) + ridge(s2, 32, 0.4);
      }
      paint += `<path d="M${x - 76} -20V520M${x + 76} -20V520" stroke="#000" stroke-opacity="0.25" stroke-width="14"/>`;
      relief += valley(`M${x - 76} -20V520M${x + 76} -20V520`, 24, 0.5);
    }
    return { paint, relief };
  }
  const light = b.style === "fair-isle" ? "#f4efe4" : b.accent;
  let paint = "";
  for (const [x, y, r] of [
    [220, 170, 80],
    [560, 280, 96],
    [330, 430, 60],
  ] as const) {
    for (let a = 0; a < 6; a++) {
      const t = (a * Math.PI) / 3;
      const ex = x + Math.cos(t) * r;
      const ey = y + Math.sin(t) * r;
      paint += `<path d="M${x} ${y}L${f(ex)} ${f(ey)}" stroke="${light}" stroke-width="16" stroke-linecap="round"/><path d="M${f(x + Math.cos(t) * r * 0.6)} ${f(y + Math.sin(t) * r * 0.6)}l${f(Math.cos(t + 0.8) * r * 0.3)} ${f(Math.sin(t + 0.8) * r * 0.3)}M${f(x + Math.cos(t) * r * 0.6)} ${f(y + Math.sin(t) * r * 0.6)}l${f(Math.cos(t - 0.8) * r * 0.3)} ${f(Math.sin(t - 0.8) * r * 0.3)}" stroke="${light}" stroke-width="12" stroke-linecap="round"/>`;
    }
  }
  return { paint };
}

function label(b: Brush): Part {
  return { paint: "", over: b.label([560, 360], 170, 90) };
}

function logo(b: Brush): Part {
  const mark = "M300 330L380 210L420 270L460 210L540 330Z";
  let stitches = "";
  for (let x = 300; x < 540; x += 8)
    stitches += `M${x} ${330 - Math.min(Math.abs(x - 380), Math.abs(x - 460)) * 1.4}L${x + 4} 330`;
  return {
    paint: `<path d="${mark}" fill="${b.accent}"/><path d="${stitches}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/><path d="M290 350H550" stroke="${b.accent}" stroke-width="14"/>`,
    relief: raised(mark, 0.4),
    over: `<circle cx="160" cy="120" r="26" fill="${b.dark}"/><circle cx="160" cy="120" r="26" fill="none" stroke="${b.thread}" stroke-width="8" stroke-dasharray="4 3"/>`,
  };
}

function clasp(b: Brush): Part {
  const flap = "M-20 -20H820V300Q400 400 -20 300Z";
  return {
    paint: `${b.edgeShadow("M-20 300Q400 400 820 300", 24, 0.4)}${b.cloth(flap)}${b.stitch("M-20 270Q400 366 820 270")}`,
    relief: raised(flap, 0.3),
    over: `<rect x="300" y="260" width="200" height="150" rx="30" fill="#000" fill-opacity="0.3" transform="translate(10 14)"/><rect x="300" y="260" width="200" height="150" rx="30" fill="${b.metal("gold")}"/><circle cx="400" cy="335" r="44" fill="${b.metal("gold", true)}" stroke="#000" stroke-opacity="0.3" stroke-width="4"/><rect x="384" y="300" width="32" height="70" rx="10" fill="${b.metal("gold")}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
  };
}

const FEATURES: Record<Feature, (b: Brush) => Part> = {
  buttons: (b) => buttons(b),
  studs: (b) => buttons(b, true),
  pocket,
  neckline,
  eyelet,
  zip,
  quilt,
  rivet,
  waistband: (b) => waistband(b),
  drawstring: (b) => waistband(b, true),
  pleats,
  bow,
  snaps,
  border,
  motif,
  label,
  logo,
  clasp,
};

/** A close-up of cloth: its edge across the bottom of the frame and the given details on it. */
export function swatch(b: Brush, features: Feature[], edge: Edge = "hem"): Piece[] {
  const e = edgeOf(edge);
  // Details are drawn a little larger than they are laid out: a close-up is about them.
  const big = (markup = "") =>
    markup ? `<g transform="translate(400 370) scale(1.3) translate(-400 -300)">${markup}</g>` : "";
  const parts = [
    hem(b, edge),
    ...features.map((name) => {
      const part = FEATURES[name](b);
      return { paint: big(part.paint), relief: big(part.relief), over: big(part.over) };
    }),
  ];
  return [
    {
      outline: e.outline,
      paint: `${b.cloth(e.outline)}<g clip-path="${b.clip("swatch", e.outline)}">${parts.map((p) => p.paint).join("")}</g>${e.paint(b)}`,
      relief:
        ridge("M120 -20C200 200 160 400 260 600", 220, 0.22) +
        ridge("M620 -20C560 200 640 400 600 600", 180, 0.18) +
        e.relief +
        parts.map((p) => p.relief ?? "").join(""),
      over: parts.map((p) => p.over ?? "").join(""),
      fabric: b.fabric,
      lift: 0.8,
    },
  ];
}

/** A close-up of hardware on its own: a watch dial, a buckle, a hinge. */
export function hardwareCloseUp(b: Brush, kind: "dial" | "buckle" | "hinge"): Piece[] {
  if (kind === "dial") {
    const ticks = Array.from({ length: 60 }, (_, i) => {
      const a = (i * Math.PI) / 30;
      const r0 = i % 5 ? 300 : 270;
      return `<path d="M${f(360 + Math.sin(a) * r0)} ${f(430 - Math.cos(a) * r0)}L${f(360 + Math.sin(a) * 322)} ${f(430 - Math.cos(a) * 322)}" stroke="#2a2a2a" stroke-width="${i % 5 ? 3 : 12}"/>`;
    }).join("");
    const caseD = circle([360, 430], 400);
    return [
      {
        outline: `${caseD}M720 380h90v100h-90z`,
        paint: `<path d="${caseD}" fill="${b.metal("silver", true)}"/><circle cx="360" cy="430" r="352" fill="${shade(b.accent, 0.3)}"/>${ticks}<rect x="560" y="410" width="80" height="44" rx="4" fill="#fff" stroke="#333" stroke-width="3"/><path d="M586 424h10v18h-10zM604 424h14v4h-10v5h10v9h-14v-4h10v-5h-10z" fill="#222"/><path d="M360 430L360 170" stroke="#1f1f1f" stroke-width="22" stroke-linecap="round"/><path d="M360 430L560 530" stroke="#1f1f1f" stroke-width="18" stroke-linecap="round"/><path d="M360 470L300 120" stroke="#b91c1c" stroke-width="6"/><circle cx="360" cy="430" r="22" fill="${b.metal("silver", true)}"/><rect x="720" y="380" width="90" height="100" rx="14" fill="${b.metal("silver")}"/><path d="M740 380v100M760 380v100M780 380v100" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>`,
        relief: `${raised(caseD, 0.4)}<circle cx="360" cy="430" r="352" fill="#000" fill-opacity="0.25"/>`,
        over: `<path d="M120 200Q300 80 520 160L480 220Q300 160 160 260Z" fill="#fff" fill-opacity="0.18"/>`,
        fabric: "metal",
        lift: 2,
      },
    ];
  }
  if (kind === "buckle") {
    const strap = "M-20 250H820V560H-20Z";
    let holes = "";
    for (const x of [540, 650, 760])
      holes += `<ellipse cx="${x}" cy="405" rx="18" ry="24" fill="#150f0c"/><ellipse cx="${x}" cy="401" rx="18" ry="20" fill="#000" fill-opacity="0.4"/>`;
    return [
      {
        outline: strap,
        paint: `${b.cloth(strap, { fabric: "leather" })}${b.stitch("M-20 282H820M-20 528H820", { color: shade(b.main, 0.4) })}${holes}`,
        relief: ridge("M-20 405H820", 200, 0.3),
        over: `<rect x="80" y="180" width="300" height="450" rx="60" fill="#000" fill-opacity="0.3" transform="translate(14 20)"/><rect x="80" y="180" width="300" height="450" rx="60" fill="none" stroke="${b.metal("silver")}" stroke-width="56"/><path d="M140 405H470" stroke="#000" stroke-opacity="0.3" stroke-width="36" transform="translate(8 10)"/><path d="M140 405H470" stroke="${b.metal("silver")}" stroke-width="30" stroke-linecap="round"/>`,
        fabric: "leather",
        lift: 1.5,
      },
    ];
  }
  // hinge: the corner of a frame, the hinge with its screw, and the temple folding away.
  const frameD = "M-20 200H520Q620 200 640 300L660 420H560L540 330Q530 300 500 300H-20Z";
  const lens = "M-20 300H500Q530 300 540 330L600 760H-20Z";
  const tint = b.def(
    "lens",
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(b.style === "aviator" ? b.main : b.accent, -0.3)}"/><stop offset="1" stop-color="${shade(b.style === "aviator" ? b.main : b.accent, 0.3)}"/></linearGradient>`,
  );
  const frame = b.style === "aviator" ? b.metal("gold") : b.main;
  return [
    {
      outline: `${frameD}${lens}M600 300L820 240V320L640 380Z`,
      paint: `<path d="${lens}" fill="${tint}" fill-opacity="0.92"/><path d="M80 360L260 340L120 700Z" fill="#fff" fill-opacity="0.16"/><path d="${frameD}" fill="${frame}"/><path d="M600 300L820 240V320L640 380Z" fill="${frame}"/>`,
      relief: raised(frameD, 0.4) + raised("M600 300L820 240V320L640 380Z", 0.4),
      over: `<rect x="560" y="270" width="90" height="70" rx="10" fill="${b.metal("silver")}"/><circle cx="605" cy="305" r="20" fill="${b.metal("silver", true)}" stroke="#333" stroke-width="3"/><path d="M592 305h26" stroke="#333" stroke-width="5"/>`,
      fabric: b.style === "aviator" ? "metal" : "leather",
      lift: 1.8,
    },
  ];
}

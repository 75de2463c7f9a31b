// Trousers, jeans, shorts and skirts laid flat.
import { type Brush, f } from "../brush.ts";
import { rect, smooth } from "../geometry.ts";
import type { KindDrawing, View } from "../kind.ts";
import { type Piece, raised, ridge, valley } from "../studio.ts";
import { swatch } from "./details.ts";
import { mirrorPath } from "./tops.ts";

type LegSpec = {
  /** Top of the waistband, half width of the waist and of the hips (at hipY). */
  top: number;
  waist: number;
  hip: number;
  hipY: number;
  /** The crotch point's y, the hem's y, the legs' outer and inner x offsets at the hem (from the centre). */
  crotch: number;
  hemY: number;
  outer: number;
  inner: number;
};

const _both = (d: string) => `${d}${mirrorPath(d)}`;

/** Markup shifted by (dx, dy). */
const moved = (markup: string, dx: number, dy: number) => `<g transform="translate(${dx} ${dy})">${markup}</g>`;

function legsOutline(s: LegSpec): string {
  const L = 400 - s.waist;
  const R = 400 + s.waist;
  return `M${L} ${s.top}H${R}Q${400 + s.hip + 4} ${(s.top + s.hipY) / 2} ${400 + s.hip} ${s.hipY}L${400 + s.outer} ${s.hemY}Q${400 + (s.outer + s.inner) / 2} ${s.hemY + 4} ${400 + s.inner} ${s.hemY}L404 ${s.crotch}Q400 ${s.crotch - 4} 396 ${s.crotch}L${400 - s.inner} ${s.hemY}Q${400 - (s.outer + s.inner) / 2} ${s.hemY + 4} ${400 - s.outer} ${s.hemY}L${400 - s.hip} ${s.hipY}Q${400 - s.hip - 4} ${(s.top + s.hipY) / 2} ${L} ${s.top}Z`;
}

/** Folds of a pair of trousers: at the knees, the hems and across the hips. */
function legFolds(s: LegSpec, seed: number): string {
  const kneeY = s.crotch + (s.hemY - s.crotch) * 0.45;
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const k = ((seed * 7 + side * 3 + 11) % 9) * 7 - 28;
    const mid = 400 + side * (s.outer + s.inner) * 0.5;
    const half = (s.outer - s.inner) * 0.42;
    out.push(
      ridge(
        `M${mid - half} ${kneeY + k + side * 14}Q${mid} ${kneeY + k - 6} ${mid + half} ${kneeY + k - side * 16}`,
        34,
        0.32,
      ),
    );
    out.push(
      ridge(
        `M${mid - half} ${s.hemY - 70 - k / 2}Q${mid + 10} ${s.hemY - 50} ${mid + half} ${s.hemY - 80 + k / 2}`,
        30,
        0.26,
      ),
    );
    out.push(
      valley(
        `M${400 + side * 30} ${s.crotch - 20}Q${400 + side * 70} ${s.crotch + 20} ${400 + side * 90} ${s.crotch + 80}`,
        24,
        0.3,
      ),
    );
    out.push(
      ridge(
        `M${mid + side * 10} ${s.crotch + 30}Q${mid + side * 16} ${kneeY} ${mid + side * 6} ${s.hemY - 90}`,
        44,
        0.2,
      ),
    );
  }
  return out.join("");
}

type TrouserStyle = "chinos" | "jeans" | "wide";

function trouserSpec(style: TrouserStyle, shorts: boolean): LegSpec {
  if (shorts) return { top: 200, waist: 150, hip: 172, hipY: 320, crotch: 410, hemY: 560, outer: 188, inner: 14 };
  if (style === "wide")
    return { top: 110, waist: 140, hip: 168, hipY: 250, crotch: 330, hemY: 740, outer: 212, inner: 8 };
  if (style === "jeans")
    return { top: 110, waist: 148, hip: 166, hipY: 250, crotch: 320, hemY: 740, outer: 152, inner: 20 };
  return { top: 110, waist: 146, hip: 162, hipY: 250, crotch: 320, hemY: 740, outer: 132, inner: 22 };
}

function trousers(b: Brush, view: "front" | "back", style: TrouserStyle, seed: number, shorts = false): Piece {
  const s = trouserSpec(style, shorts);
  const outline = legsOutline(s);
  const jeans = style === "jeans" || b.fabric === "denim";
  const drawstring = b.style === "drawstring";
  const thread = jeans ? "#d9a441" : b.thread;
  const band = `M${400 - s.waist} ${s.top}H${400 + s.waist}L${400 + s.waist + 1} ${s.top + 34}H${400 - s.waist - 1}Z`;
  const hemStitch = `M${400 - s.outer + 4} ${s.hemY - 16}H${400 - s.inner - 4}M${400 + s.inner + 4} ${s.hemY - 16}H${400 + s.outer - 4}`;
  const paint: string[] = [b.cloth(outline)];
  let relief = legFolds(s, seed);
  if (jeans) {
    // Fading: lighter over the thighs and knees, whiskers at the hips.
    const fade = b.def(
      "fade",
      (id) =>
        `<radialGradient id="${id}" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    for (const side of [-1, 1]) {
      const mid = 400 + side * (s.outer + s.inner) * 0.5;
      paint.push(`<ellipse cx="${mid}" cy="${s.crotch + 60}" rx="70" ry="130" fill="${fade}"/>`);
      if (view === "front") {
        for (let i = 0; i < 4; i++) {
          const y = s.crotch - 30 + i * 16;
          paint.push(
            `<path d="M${400 + side * 24} ${y}Q${400 + side * 60} ${y + 4} ${400 + side * (100 - i * 8)} ${y - 10}" fill="none" stroke="#fff" stroke-opacity="0.1" stroke-width="6" stroke-linecap="round"/>`,
          );
        }
      }
    }
  }
  paint.push(b.stitch(hemStitch, { color: thread }));
  paint.push(
    b.seam(
      `M${400 - s.outer + 3} ${s.hemY - 22}H${400 - s.inner - 3}M${400 + s.inner + 3} ${s.hemY - 22}H${400 + s.outer - 3}`,
      1.2,
    ),
  );
  if (drawstring) {
    const waist = `M${400 - s.waist} ${s.top}H${400 + s.waist}L${400 + s.waist + 1} ${s.top + 44}H${400 - s.waist - 1}Z`;
    let gathers = "";
    for (let x = 400 - s.waist + 8; x < 400 + s.waist; x += 9)
      gathers += `<path d="M${x} ${s.top + 3}V${s.top + 41}" stroke="#000" stroke-opacity="0.14" stroke-width="3"/>`;
    paint.push(b.cloth(waist), gathers, b.seam(`M${400 - s.waist} ${s.top + 44}H${400 + s.waist}`, 2));
    relief += raised(waist, 0.2);
    if (view === "front") {
      paint.push(
        `<circle cx="388" cy="${s.top + 24}" r="5" fill="${b.metal("silver", true)}"/><circle cx="412" cy="${s.top + 24}" r="5" fill="${b.metal("silver", true)}"/>`,
        `<path d="${smooth([
          [388, s.top + 24],
          [376, s.top + 70],
          [384, s.top + 130],
        ])}${smooth([
          [412, s.top + 24],
          [426, s.top + 76],
          [416, s.top + 140],
        ])}" fill="none" stroke="${b.accent}" stroke-width="6" stroke-linecap="round"/>`,
      );
    }
  } else {
    paint.push(
      b.cloth(band),
      b.seam(`M${400 - s.waist} ${s.top + 34}H${400 + s.waist}`, 1.8),
      b.stitch(
        `M${400 - s.waist + 2} ${s.top + 6}H${400 + s.waist - 2}M${400 - s.waist + 2} ${s.top + 29}H${400 + s.waist - 2}`,
        { color: thread },
      ),
    );
    relief += raised(band, 0.15);
    const loops = [-0.9, -0.5, 0.5, 0.9].map((t) => 400 + t * s.waist);
    if (view === "back") loops.push(400);
    for (const x of loops) {
      const loop = rect(x - 5, s.top - 4, 10, 44, 2);
      paint.push(
        b.edgeShadow(`M${x + 5} ${s.top}V${s.top + 40}`, 4),
        b.cloth(loop),
        b.stitch(`M${x} ${s.top}V${s.top + 38}`, { color: thread, width: 1.2 }),
      );
      relief += raised(loop, 0.25);
    }
  }
  if (view === "front") {
    // Fly and pockets.
    paint.push(
      b.stitch(`M386 ${s.top + 36}V${s.crotch - 46}Q386 ${s.crotch - 20} 404 ${s.crotch - 14}`, { color: thread }),
    );
    paint.push(b.seam(`M400 ${s.top + 34}V${s.crotch - 8}`, 1.8));
    if (!drawstring)
      paint.push(jeans ? b.stud([400, s.top + 17], 8, "copper") : b.button([400, s.top + 17], 8, shadeOf(b)));
    const pocket = jeans
      ? `M${400 - s.waist + 14} ${s.top + 34}Q${400 - s.waist + 70} ${s.top + 44} ${400 - s.waist + 86} ${s.top + 34}`
      : `M${400 - s.waist + 30} ${s.top + 34}L${400 - s.hip + 6} ${s.top + 130}`;
    const pocketR = mirrorPath(pocket);
    paint.push(
      b.edgeShadow(pocket + pocketR, 8, 0.3),
      b.seam(pocket + pocketR, 2),
      moved(b.stitch(`${pocket}${pocketR}`, { color: thread }), 0, 7),
    );
    relief += valley(pocket + pocketR, 6, 0.3);
    if (jeans) {
      const coin = rect(400 + s.waist - 70, s.top + 40, 34, 30, 2);
      paint.push(
        b.seam(coin, 1.2),
        b.stitch(`M${400 + s.waist - 68} ${s.top + 46}H${400 + s.waist - 38}`, { color: thread }),
      );
      paint.push(
        b.stud([400 - s.waist + 88, s.top + 38], 4, "copper"),
        b.stud([400 + s.waist - 88, s.top + 38], 4, "copper"),
      );
    }
    if (!jeans && !shorts) {
      // Pressed creases.
      for (const side of [-1, 1]) {
        const mid = 400 + side * (s.outer + s.inner) * 0.5;
        paint.push(
          `<path d="M${400 + side * s.hip * 0.5} ${s.top + 40}L${mid} ${s.hemY - 4}" stroke="#fff" stroke-opacity="0.14" stroke-width="3"/>`,
        );
        relief += ridge(`M${400 + side * s.hip * 0.5} ${s.top + 40}L${mid} ${s.hemY - 4}`, 8, 0.35);
      }
    }
  } else {
    paint.push(b.seam(`M400 ${s.top + 34}V${s.crotch - 6}`, 2));
    if (jeans) {
      const yoke = `M${400 - s.waist - 2} ${s.top + 70}L400 ${s.top + 100}L${400 + s.waist + 2} ${s.top + 70}`;
      paint.push(b.seam(yoke, 2), moved(b.stitch(yoke, { color: thread }), 0, 7));
      for (const side of [-1, 1]) {
        const x = 400 + side * 78;
        const pocket = `M${x - 52} ${s.top + 100}L${x + 52} ${s.top + 92}L${x + 48} ${s.top + 200}L${x} ${s.top + 222}L${x - 46} ${s.top + 206}Z`;
        paint.push(
          b.edgeShadow(pocket, 6, 0.25),
          b.cloth(pocket),
          b.seam(pocket, 1.4),
          b.stitch(
            `M${x - 40} ${s.top + 140}Q${x - 20} ${s.top + 165} ${x} ${s.top + 140}Q${x + 20} ${s.top + 165} ${x + 40} ${s.top + 136}`,
            { color: thread },
          ),
        );
        relief += raised(pocket, 0.15);
      }
      const patch = rect(400 + s.waist - 96, s.top + 4, 56, 26, 3);
      paint.push(
        b.cloth(patch, { color: "#8b5a2b", print: false, fabric: "leather" }),
        b.stitch(rect(400 + s.waist - 93, s.top + 7, 50, 20, 2), { color: "#f0d9b5", width: 1 }),
      );
    } else if (!drawstring) {
      for (const side of [-1, 1]) {
        const welt = rect(400 + side * 80 - 40, s.top + 80, 80, 10, 2);
        paint.push(b.cloth(welt), b.seam(welt, 1.4), b.button([400 + side * 80, s.top + 100], 5.5, shadeOf(b)));
      }
    } else {
      const pocket = rect(400 + 40, s.top + 80, 90, 96, 6);
      paint.push(b.edgeShadow(pocket, 6), b.cloth(pocket), b.stitch(rect(400 + 44, s.top + 84, 82, 88, 5)));
      relief += raised(pocket, 0.15);
    }
  }
  return { outline, paint: paint.join(""), relief, fabric: b.fabric };
}

function shadeOf(b: Brush): string {
  return b.accent;
}

// ---- Skirt ----

function skirt(b: Brush, view: "front" | "back", seed: number): Piece {
  const top = 170;
  const hem = 650;
  const outline = `M300 ${top}H500L600 ${hem - 20}Q400 ${hem + 36} 200 ${hem - 20}Z`;
  const band = `M300 ${top}H500L503 ${top + 40}H297Z`;
  const paint = [b.cloth(outline)];
  let relief = "";
  const pleats = 12;
  for (let i = 1; i < pleats; i++) {
    const t = i / pleats;
    const xTop = 300 + 200 * t;
    const xHem = 200 + 400 * t;
    const yHem = hem - 20 + Math.sin(t * Math.PI) * 26;
    const d = `M${f(xTop)} ${top + 40}L${f(xHem)} ${f(yHem)}`;
    paint.push(`<path d="${d}" stroke="#000" stroke-opacity="0.16" stroke-width="3"/>`);
    relief += valley(d, 10, 0.45) + ridge(`M${f(xTop + 8)} ${top + 40}L${f(xHem + 16)} ${f(yHem)}`, 22, 0.3);
  }
  paint.push(b.cloth(band), b.seam(`M297 ${top + 40}H503`, 1.8));
  if (view === "front") paint.push(b.button([480, top + 20], 7));
  else
    paint.push(
      b.zip(`M400 ${top + 42}V${top + 210}`, { width: 5, color: b.dark }),
      b.puller([400, top + 50], 24, "gold"),
    );
  paint.push(b.stitch(`M214 ${hem - 32}Q400 ${hem + 22} 586 ${hem - 32}`));
  relief += raised(band, 0.2) + ridge(`M260 ${hem - 120}Q330 ${hem - 100 - seed} 380 ${hem - 130}`, 40, 0.2);
  return { outline, paint: paint.join(""), relief, fabric: b.fabric };
}

const front = (v: View): "front" | "back" => (v === "back" ? "back" : "front");

function trouserStyle(b: Brush): TrouserStyle {
  if (b.style === "jeans" || b.fabric === "denim") return "jeans";
  if (b.style === "wide") return "wide";
  return "chinos";
}

export const BOTTOMS: Record<string, KindDrawing> = {
  trousers: {
    fabric: "twill",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      const style = trouserStyle(b);
      if (view === "detail") return swatch(b, style === "jeans" ? ["waistband", "rivet"] : ["waistband", "pocket"]);
      return [trousers(b, front(view), style, view === "back" ? 3 : 1)];
    },
  },
  shorts: {
    fabric: "twill",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, b.style === "drawstring" ? ["drawstring"] : ["waistband", "rivet"]);
      return [trousers(b, front(view), trouserStyle(b), view === "back" ? 4 : 2, true)];
    },
  },
  skirt: {
    fabric: "poplin",
    views: ["front", "back", "detail"],
    draw: (b, view) => {
      if (view === "detail") return swatch(b, ["pleats", "waistband"]);
      return [skirt(b, front(view), view === "back" ? 12 : 4)];
    },
  },
};

// The storefront's pictures (hero, category tiles, outfit ideas, deals), composed from the product
// drawings as flat lays in the same studio, and written as WebP to public/art (committed, so the store
// needs no build step for them). Run `node --import tsx demo-art/art.ts` after changing a drawing.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawPieces, type Look, lightPieces, viewsOf } from "./draw.ts";
import type { View } from "./kind.ts";
import { type Piece, studio } from "./studio.ts";

/** A look laid in a scene: its 800-unit drawing placed at (x, y), `scale` times its size. */
type Placed = Look & { x: number; y: number; scale: number; view?: View };

type Scene = {
  width: number;
  height: number;
  items: Placed[];
  /** Centre-lit on a backdrop whose edges are exactly `edge`, so the page around it shows no seam. */
  edge?: string;
};

/** The hero's backdrop colour at its edges; the home page's hero section has the same background. */
export const HERO_EDGE = "#e7e1d8";

async function render(scene: Scene, widths: number[]): Promise<Buffer[]> {
  const pieces: Piece[] = [];
  const defs: string[] = [];
  scene.items.forEach((item, i) => {
    const drawn = drawPieces(item, item.view ?? viewsOf(item.kind)[0]!, `a${i}`);
    defs.push(drawn.defs);
    for (const piece of drawn.pieces) {
      pieces.push({
        ...piece,
        transform: `translate(${item.x} ${item.y}) scale(${item.scale})${piece.transform ? ` ${piece.transform}` : ""}`,
        magnification: item.scale * (piece.magnification ?? 1),
      });
    }
  });
  return Promise.all(
    widths.map(async (pixelWidth) => {
      const pixels = pixelWidth / scene.width;
      const maps = await lightPieces(pieces, pixels);
      const svg = studio(pieces, maps, {
        id: "s",
        width: scene.width,
        height: scene.height,
        pixels: [pixelWidth, Math.round(scene.height * pixels)],
        defs: defs.join("\n"),
        ...(scene.edge ? { backdrop: ["#f5f2ed", scene.edge] as [string, string], glow: "centre" as const } : {}),
      });
      return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
    }),
  );
}

// ---- the home page ----

/** The hero beside the text on wide screens: an outfit laid out, centre-lit. */
const HERO_WIDE: Scene = {
  width: 1200,
  height: 1000,
  edge: HERO_EDGE,
  items: [
    {
      kind: "shirt",
      color: "#f8fafc",
      accent: "#bfdbfe",
      pattern: "stripes",
      fabric: "poplin",
      x: -10,
      y: 60,
      scale: 0.64,
    },
    { kind: "coat", color: "#9f1239", accent: "#fecdd3", x: 310, y: 10, scale: 0.72 },
    { kind: "trousers", color: "#c8a97e", accent: "#78350f", style: "chinos", x: 640, y: 250, scale: 0.8 },
    { kind: "sunglasses", color: "#334155", accent: "#d4a017", style: "aviator", x: 800, y: 0, scale: 0.46 },
    { kind: "handbag", color: "#92400e", accent: "#fcd34d", style: "tote", x: 60, y: 470, scale: 0.58 },
    { kind: "sneaker", color: "#f8fafc", accent: "#dc2626", style: "canvas", x: 370, y: 540, scale: 0.6 },
    { kind: "watch", color: "#44403c", accent: "#d6d3d1", x: 880, y: 690, scale: 0.36 },
  ],
};

/** The hero above the text on phones: a wider, shallower flat lay. */
const HERO_PHONE: Scene = {
  width: 1200,
  height: 780,
  edge: HERO_EDGE,
  items: [
    {
      kind: "shirt",
      color: "#f8fafc",
      accent: "#bfdbfe",
      pattern: "stripes",
      fabric: "poplin",
      x: -20,
      y: 0,
      scale: 0.66,
    },
    { kind: "coat", color: "#9f1239", accent: "#fecdd3", x: 330, y: -20, scale: 0.7 },
    { kind: "handbag", color: "#92400e", accent: "#fcd34d", style: "tote", x: 780, y: 0, scale: 0.56 },
    { kind: "sunglasses", color: "#334155", accent: "#d4a017", style: "aviator", x: 60, y: 420, scale: 0.42 },
    { kind: "sneaker", color: "#f8fafc", accent: "#dc2626", style: "canvas", x: 680, y: 330, scale: 0.58 },
  ],
};

/** One product for each category tile (by the category's URL slug). */
const CATEGORY_ART: Record<string, Look> = {
  men: { kind: "shirt", color: "#b91c1c", accent: "#111827", pattern: "checks", fabric: "wool" },
  women: { kind: "dress", color: "#2563eb", accent: "#fef3c7", pattern: "dots", style: "sundress" },
  footwear: { kind: "sneaker", color: "#f8fafc", accent: "#dc2626", style: "canvas" },
  accessories: { kind: "handbag", color: "#92400e", accent: "#fcd34d", style: "tote" },
  kids: { kind: "romper", color: "#fcd34d", accent: "#f97316" },
  ethnic: { kind: "kurta", color: "#0e7490", accent: "#fcd34d" },
  winter: { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff" },
};

const INSPIRATION: Record<string, Placed[]> = {
  "look-weekend": [
    { kind: "tshirt", color: "#1e40af", accent: "#f8fafc", pattern: "stripes", x: 20, y: 10, scale: 0.6 },
    {
      kind: "trousers",
      color: "#1d4ed8",
      accent: "#fbbf24",
      fabric: "denim",
      style: "jeans",
      x: 250,
      y: 160,
      scale: 0.68,
    },
    { kind: "sneaker", color: "#f8fafc", accent: "#dc2626", style: "canvas", x: 0, y: 470, scale: 0.42 },
    { kind: "cap", color: "#0ea5e9", accent: "#f8fafc", x: 380, y: 0, scale: 0.3 },
  ],
  "look-office": [
    { kind: "shirt", color: "#bfdbfe", accent: "#f8fafc", x: 10, y: 0, scale: 0.56 },
    { kind: "trousers", color: "#1f2937", accent: "#e5e7eb", style: "wide", x: 190, y: 160, scale: 0.68 },
    { kind: "heel", color: "#111827", accent: "#e5e7eb", style: "stiletto", x: 0, y: 480, scale: 0.4 },
    { kind: "watch", color: "#44403c", accent: "#d6d3d1", x: 400, y: 10, scale: 0.26 },
  ],
  "look-festive": [
    { kind: "lehenga", color: "#dc2626", accent: "#fbbf24", fabric: "silk", x: 120, y: 40, scale: 0.66 },
    { kind: "handbag", color: "#eab308", accent: "#9d174d", style: "crossbody", x: 0, y: 460, scale: 0.34 },
    { kind: "sandal", color: "#b45309", accent: "#fde047", style: "slide", x: 330, y: 480, scale: 0.34 },
  ],
  "look-winter": [
    { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff", x: 110, y: 120, scale: 0.62 },
    {
      kind: "beanie",
      color: "#1e3a8a",
      accent: "#bfdbfe",
      pattern: "stripes",
      style: "pompom",
      x: 0,
      y: 0,
      scale: 0.3,
    },
    { kind: "scarf", color: "#b91c1c", accent: "#fef2f2", x: 380, y: 20, scale: 0.28 },
    { kind: "boot", color: "#78350f", accent: "#292524", style: "chelsea", x: 0, y: 480, scale: 0.38 },
    { kind: "mittens", color: "#0369a1", accent: "#f0f9ff", x: 370, y: 500, scale: 0.3 },
  ],
};

/** Deal pictures, by deal id (see app/lib/deals.ts). */
const DEAL_ART: Record<string, Placed[]> = {
  "womens-tops": [
    { kind: "top", color: "#f472b6", accent: "#be185d", style: "ruffle", fabric: "poplin", x: 60, y: 20, scale: 0.6 },
    { kind: "top", color: "#14b8a6", accent: "#f0fdfa", style: "rib", x: 380, y: 30, scale: 0.58 },
  ],
  "tee-fest": [
    { kind: "tshirt", color: "#1e3a8a", accent: "#93c5fd", x: 0, y: 40, scale: 0.5 },
    { kind: "tshirt", color: "#f8fafc", accent: "#1e40af", pattern: "stripes", x: 260, y: 20, scale: 0.5 },
    { kind: "tshirt", color: "#22c55e", accent: "#facc15", pattern: "dots", x: 520, y: 50, scale: 0.48 },
  ],
  "winter-clearance": [
    { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff", x: 20, y: 10, scale: 0.6 },
    { kind: "sweater", color: "#991b1b", accent: "#fef3c7", style: "fair-isle", x: 360, y: 40, scale: 0.56 },
    { kind: "beanie", color: "#1e3a8a", accent: "#bfdbfe", x: 620, y: 0, scale: 0.26 },
  ],
  "step-up-footwear": [
    {
      kind: "sneaker",
      color: "#0ea5e9",
      accent: "#facc15",
      pattern: "dots",
      fabric: "mesh",
      style: "runner",
      x: 20,
      y: 90,
      scale: 0.5,
    },
    { kind: "boot", color: "#78350f", accent: "#292524", style: "chelsea", x: 400, y: 20, scale: 0.52 },
  ],
  "festive-ethnic": [
    { kind: "kurta", color: "#b45309", accent: "#fef3c7", fabric: "silk", x: 40, y: 0, scale: 0.6 },
    {
      kind: "saree",
      color: "#9d174d",
      accent: "#eab308",
      pattern: "paisley",
      fabric: "silk",
      x: 360,
      y: 20,
      scale: 0.56,
    },
  ],
  "little-ones": [
    { kind: "romper", color: "#fcd34d", accent: "#f97316", x: 60, y: 20, scale: 0.56 },
    { kind: "frock", color: "#ec4899", accent: "#fdf2f8", style: "party", x: 380, y: 10, scale: 0.6 },
  ],
  "accessory-edit": [
    { kind: "handbag", color: "#92400e", accent: "#fcd34d", style: "tote", x: 20, y: 40, scale: 0.54 },
    { kind: "sunglasses", color: "#334155", accent: "#d4a017", style: "aviator", x: 330, y: 0, scale: 0.46 },
    { kind: "watch", color: "#44403c", accent: "#d6d3d1", x: 520, y: 120, scale: 0.44 },
  ],
  "mens-essentials": [
    { kind: "polo", color: "#15803d", accent: "#f0fdf4", x: 0, y: 20, scale: 0.56 },
    { kind: "trousers", color: "#c8a97e", accent: "#78350f", style: "chinos", x: 300, y: 10, scale: 0.6 },
    {
      kind: "shirt",
      color: "#b91c1c",
      accent: "#111827",
      pattern: "checks",
      fabric: "wool",
      x: 500,
      y: 40,
      scale: 0.52,
    },
  ],
};

/** Every picture, by file name under public/art, with the pixel widths written. */
export function artScenes(): Record<string, { scene: Scene; widths: number[] }> {
  const scenes: Record<string, { scene: Scene; widths: number[] }> = {
    hero: { scene: HERO_WIDE, widths: [720, 1200] },
    "hero-phone": { scene: HERO_PHONE, widths: [800] },
  };
  for (const [slug, look] of Object.entries(CATEGORY_ART)) {
    scenes[`category-${slug}`] = {
      scene: { width: 800, height: 800, items: [{ ...look, x: 0, y: 0, scale: 1 }] },
      widths: [400],
    };
  }
  for (const [name, items] of Object.entries(INSPIRATION))
    scenes[name] = { scene: { width: 600, height: 750, items }, widths: [600] };
  for (const [id, items] of Object.entries(DEAL_ART))
    scenes[`deal-${id}`] = { scene: { width: 800, height: 500, items }, widths: [800] };
  return scenes;
}

/** The file name of one width of a picture: the first width has the plain name, others add theirs. */
export function artFile(name: string, width: number, widths: number[]): string {
  return width === widths[0] ? `${name}.webp` : `${name}-${width}.webp`;
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve("demo-art/art.ts");
if (runDirectly) {
  const dir = path.resolve("public/art");
  mkdirSync(dir, { recursive: true });
  const scenes = Object.entries(artScenes());
  for (const [name, { scene, widths }] of scenes) {
    const images = await render(scene, widths);
    for (const [i, w] of widths.entries()) writeFileSync(path.join(dir, artFile(name, w, widths)), images[i]!);
  }
  console.log(`Wrote ${scenes.length} pictures to ${dir}`);
}

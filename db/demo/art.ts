// The storefront's illustrations (hero, outfit ideas, category tiles, deals), composed from the garment
// drawings. Run `node --import tsx db/demo/art.ts` after changing a drawing: it rewrites public/art/*.svg
// (the files are committed, so the store needs no build step for them).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { drawGarment, type Look, shade } from "./draw.ts";

type Placed = Look & { x: number; y: number; size: number; rotate?: number };

function place(item: Placed, id: string): string {
  const drawing = drawGarment(item, { size: item.size, id, background: false }).replace(
    '<svg xmlns="http://www.w3.org/2000/svg" ',
    `<svg x="${item.x}" y="${item.y}" `,
  );
  if (!item.rotate) return drawing;
  const cx = item.x + item.size / 2;
  const cy = item.y + item.size / 2;
  return `<g transform="rotate(${item.rotate} ${cx} ${cy})">${drawing}</g>`;
}

function scene(width: number, height: number, from: string, to: string, items: Placed[], extra = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
${extra}
${items.map((item, i) => place(item, `a${i}`)).join("\n")}
</svg>
`;
}

function circles(width: number, height: number, color: string): string {
  return `<circle cx="${width * 0.78}" cy="${height * 0.35}" r="${height * 0.36}" fill="${color}" opacity="0.35"/>
<circle cx="${width * 0.12}" cy="${height * 0.85}" r="${height * 0.22}" fill="${color}" opacity="0.25"/>`;
}

const hero = scene(
  1200,
  800,
  "#eef2ff",
  "#fce7f3",
  [
    { kind: "coat", color: "#4f46e5", accent: "#c7d2fe", x: 560, y: 40, size: 420 },
    { kind: "dress", color: "#db2777", accent: "#fde68a", pattern: "dots", x: 820, y: 170, size: 380 },
    { kind: "handbag", color: "#92400e", accent: "#fcd34d", x: 520, y: 460, size: 260 },
    { kind: "sneaker", color: "#f8fafc", accent: "#4f46e5", x: 760, y: 560, size: 240 },
    { kind: "cap", color: "#0f766e", accent: "#ccfbf1", x: 980, y: 20, size: 200, rotate: 12 },
  ],
  circles(1200, 800, "#a5b4fc"),
);

const INSPIRATION: Record<string, { from: string; to: string; items: Placed[] }> = {
  "look-weekend": {
    from: "#ecfeff",
    to: "#cffafe",
    items: [
      { kind: "tshirt", color: "#f8fafc", accent: "#0ea5e9", pattern: "stripes", x: 40, y: 20, size: 360 },
      { kind: "trousers", color: "#1d4ed8", accent: "#fbbf24", x: 230, y: 270, size: 380 },
      { kind: "sneaker", color: "#f8fafc", accent: "#dc2626", x: 20, y: 460, size: 260 },
      { kind: "cap", color: "#0ea5e9", accent: "#f8fafc", x: 400, y: 20, size: 180, rotate: 10 },
    ],
  },
  "look-office": {
    from: "#f5f5f4",
    to: "#e7e5e4",
    items: [
      { kind: "shirt", color: "#bfdbfe", accent: "#f8fafc", x: 30, y: 20, size: 360 },
      { kind: "trousers", color: "#1f2937", accent: "#e5e7eb", x: 250, y: 250, size: 380 },
      { kind: "heel", color: "#111827", accent: "#e5e7eb", x: 20, y: 470, size: 240 },
      { kind: "watch", color: "#44403c", accent: "#d6d3d1", x: 400, y: 30, size: 190 },
    ],
  },
  "look-festive": {
    from: "#fff7ed",
    to: "#fde68a",
    items: [
      { kind: "lehenga", color: "#dc2626", accent: "#fbbf24", x: 150, y: 60, size: 440 },
      { kind: "handbag", color: "#eab308", accent: "#9d174d", x: 20, y: 430, size: 220 },
      { kind: "sandal", color: "#b45309", accent: "#fde047", x: 340, y: 480, size: 240 },
      { kind: "saree", color: "#9d174d", accent: "#eab308", pattern: "paisley", x: 10, y: 20, size: 230, rotate: -8 },
    ],
  },
  "look-winter": {
    from: "#eff6ff",
    to: "#dbeafe",
    items: [
      { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff", x: 130, y: 80, size: 420 },
      { kind: "beanie", color: "#1e3a8a", accent: "#bfdbfe", pattern: "stripes", x: 20, y: 10, size: 200 },
      { kind: "scarf", color: "#b91c1c", accent: "#fef2f2", x: 400, y: 20, size: 200 },
      { kind: "boot", color: "#78350f", accent: "#292524", x: 20, y: 470, size: 250 },
      { kind: "mittens", color: "#0369a1", accent: "#f0f9ff", x: 370, y: 500, size: 220 },
    ],
  },
};

const CATEGORY_ART: Record<string, Look> = {
  men: { kind: "shirt", color: "#2563eb", accent: "#f8fafc", pattern: "checks" },
  women: { kind: "dress", color: "#db2777", accent: "#fde68a", pattern: "dots" },
  footwear: { kind: "sneaker", color: "#f8fafc", accent: "#dc2626" },
  accessories: { kind: "handbag", color: "#92400e", accent: "#fcd34d" },
  kids: { kind: "romper", color: "#fcd34d", accent: "#f97316" },
  ethnic: { kind: "kurta", color: "#0e7490", accent: "#fcd34d" },
  winter: { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff" },
};

/** Deal illustrations, by deal id (see app/lib/deals.ts). */
const DEAL_ART: Record<string, { from: string; to: string; items: Placed[] }> = {
  "womens-tops": {
    from: "#fdf2f8",
    to: "#fbcfe8",
    items: [
      { kind: "top", color: "#f472b6", accent: "#be185d", x: 60, y: 60, size: 380 },
      { kind: "top", color: "#14b8a6", accent: "#f0fdfa", x: 380, y: 80, size: 360, rotate: 8 },
    ],
  },
  "tee-fest": {
    from: "#eff6ff",
    to: "#bfdbfe",
    items: [
      { kind: "tshirt", color: "#1e3a8a", accent: "#93c5fd", x: 20, y: 70, size: 340 },
      { kind: "tshirt", color: "#f8fafc", accent: "#1e40af", pattern: "stripes", x: 240, y: 40, size: 340 },
      { kind: "tshirt", color: "#22c55e", accent: "#facc15", pattern: "dots", x: 460, y: 90, size: 320 },
    ],
  },
  "winter-clearance": {
    from: "#eef2ff",
    to: "#c7d2fe",
    items: [
      { kind: "puffer", color: "#7c3aed", accent: "#e9d5ff", x: 60, y: 40, size: 400 },
      { kind: "sweater", color: "#991b1b", accent: "#fef3c7", x: 380, y: 80, size: 340 },
      { kind: "beanie", color: "#1e3a8a", accent: "#bfdbfe", x: 600, y: 10, size: 180, rotate: 12 },
    ],
  },
  "step-up-footwear": {
    from: "#fefce8",
    to: "#fde68a",
    items: [
      { kind: "sneaker", color: "#0ea5e9", accent: "#facc15", pattern: "dots", x: 40, y: 120, size: 360 },
      { kind: "boot", color: "#78350f", accent: "#292524", x: 400, y: 60, size: 340 },
    ],
  },
  "festive-ethnic": {
    from: "#fff7ed",
    to: "#fed7aa",
    items: [
      { kind: "kurta", color: "#b45309", accent: "#fef3c7", x: 40, y: 40, size: 400 },
      { kind: "saree", color: "#9d174d", accent: "#eab308", pattern: "paisley", x: 380, y: 70, size: 360 },
    ],
  },
  "little-ones": {
    from: "#f0fdf4",
    to: "#bbf7d0",
    items: [
      { kind: "romper", color: "#fcd34d", accent: "#f97316", x: 60, y: 70, size: 340 },
      { kind: "frock", color: "#ec4899", accent: "#fdf2f8", x: 380, y: 60, size: 360 },
    ],
  },
  "accessory-edit": {
    from: "#f5f5f4",
    to: "#d6d3d1",
    items: [
      { kind: "handbag", color: "#92400e", accent: "#fcd34d", x: 30, y: 80, size: 340 },
      { kind: "sunglasses", color: "#334155", accent: "#d4a017", x: 330, y: 30, size: 300 },
      { kind: "watch", color: "#44403c", accent: "#d6d3d1", x: 520, y: 170, size: 280 },
    ],
  },
  "mens-essentials": {
    from: "#ecfdf5",
    to: "#a7f3d0",
    items: [
      { kind: "polo", color: "#15803d", accent: "#f0fdf4", x: 30, y: 60, size: 360 },
      { kind: "trousers", color: "#c8a97e", accent: "#78350f", x: 330, y: 60, size: 360 },
      { kind: "shirt", color: "#b91c1c", accent: "#111827", pattern: "checks", x: 520, y: 90, size: 300 },
    ],
  },
};

export function illustrations(): Record<string, string> {
  const files: Record<string, string> = { "hero.svg": hero };
  for (const [name, look] of Object.entries(INSPIRATION)) {
    files[`${name}.svg`] = scene(600, 750, look.from, look.to, look.items);
  }
  for (const [slug, look] of Object.entries(CATEGORY_ART)) {
    files[`category-${slug}.svg`] = scene(
      400,
      400,
      shade(look.color, 0.85),
      shade(look.accent, 0.7),
      [{ ...look, x: 40, y: 40, size: 320 }],
      `<circle cx="200" cy="210" r="150" fill="#ffffff" opacity="0.55"/>`,
    );
  }
  for (const [id, art] of Object.entries(DEAL_ART)) {
    files[`deal-${id}.svg`] = scene(800, 500, art.from, art.to, art.items, circles(800, 500, "#ffffff"));
  }
  return files;
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve("db/demo/art.ts");
if (runDirectly) {
  const dir = path.resolve("public/art");
  mkdirSync(dir, { recursive: true });
  for (const [name, svg] of Object.entries(illustrations())) writeFileSync(path.join(dir, name), svg);
  console.log(`Wrote ${Object.keys(illustrations()).length} illustrations to ${dir}`);
}

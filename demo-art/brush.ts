// Painting helpers for the garment drawings: a product's colours, its fabric grain and print, and the small
// things that make cloth read as cloth (stitching, seams, buttons, zips, rivets, labels).
import type { Pattern } from "#db/demo/looks.ts";
import { f, type Point, pt } from "./geometry.ts";
import { type Fabric, grainDefs, luminance, repeated, shade, tiled } from "./studio.ts";

export type { Pattern };

export type Colors = {
  /** Main colour of the piece (#rrggbb). */
  color: string;
  /** Trims, buttons, borders, prints. */
  accent: string;
  pattern?: Pattern;
  /** A kind's variant (a zip hoodie, a cable-knit sweater...): each kind reads the styles it knows. */
  style?: string;
};

export { f, type Point, pt };

type ClothOptions = {
  color?: string;
  /** Print the product's pattern on it (default: only in the main colour). */
  print?: boolean;
  fabric?: Fabric;
};

export class Brush {
  readonly main: string;
  readonly accent: string;
  /** The main colour in shadow and in light. */
  readonly dark: string;
  readonly light: string;
  /** Thread for top stitching: a tone of the main colour that shows on it. */
  readonly thread: string;
  readonly pattern: Pattern;
  readonly style: string | undefined;
  private readonly defs = new Map<string, string>();

  constructor(
    readonly colors: Colors,
    readonly id: string,
    readonly fabric: Fabric,
    /** Close-ups draw grain and print this much bigger. */
    readonly zoom = 1,
    /** Direction of stripes: "across" (Breton) or "along" (shirting). */
    readonly stripes: "across" | "along" = "across",
    /** A close-up: grain shows its threads or loops. */
    readonly macro = false,
  ) {
    this.main = colors.color;
    this.accent = colors.accent;
    this.pattern = colors.pattern ?? "plain";
    this.style = colors.style;
    this.dark = shade(this.main, -0.35);
    this.light = shade(this.main, 0.35);
    this.thread = luminance(this.main) > 0.45 ? shade(this.main, -0.25) : shade(this.main, 0.3);
  }

  /** A url() for a grain pattern of this fabric. */
  grain(fabric: Fabric = this.fabric, zoom = this.zoom): string {
    const key = `${this.id}-grain-${fabric}-${String(zoom).replace(".", "_")}`;
    if (!this.defs.has(key)) this.defs.set(key, grainDefs(key, fabric, zoom, this.macro));
    return `url(#${key})`;
  }

  /** A url() for the product's print, or null when it is plain. */
  print(): string | null {
    if (this.pattern === "plain") return null;
    const key = `${this.id}-print`;
    if (!this.defs.has(key)) this.defs.set(key, this.printDefs(key));
    return `url(#${key})`;
  }

  /** Registers a definition (gradient, pattern) once; returns its url(). */
  def(name: string, make: (id: string) => string): string {
    const key = `${this.id}-${name}`;
    if (!this.defs.has(key)) this.defs.set(key, make(key));
    return `url(#${key})`;
  }

  /** A url() for a clip path of the given outline. */
  clip(name: string, d: string): string {
    return this.def(`clip-${name}`, (id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  }

  allDefs(): string {
    return [...this.defs.values()].join("\n");
  }

  /**
   * A region of cloth: colour, print, and grain when it is not the piece's own fabric (that grain is laid
   * over the whole piece once, see drawPieces: every pattern fill costs librsvg a render of its tile).
   */
  cloth(
    d: string,
    { color = this.main, print = color === this.main, fabric = this.fabric }: ClothOptions = {},
  ): string {
    const printed = print ? this.print() : null;
    const grain = fabric === this.fabric ? "" : `<path d="${d}" fill="${this.grain(fabric)}"/>`;
    return `<path d="${d}" fill="${color}"/>${printed ? `<path d="${d}" fill="${printed}"/>` : ""}${grain}`;
  }

  /** Top stitching: a dashed thread line. */
  stitch(d: string, { color = this.thread, width = 1.6, dash = 5, opacity = 0.85 } = {}): string {
    const w = f(width * this.zoom);
    return `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${w}" stroke-dasharray="${f(dash * this.zoom)} ${f(dash * 0.7 * this.zoom)}" stroke-linecap="round"/>`;
  }

  /** A sewn seam: a fine shadow line with light on its far side. */
  seam(d: string, width = 2): string {
    const w = width * this.zoom;
    return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="${f(w)}"/><path d="${d}" transform="translate(${f(w * 0.6)} ${f(w * 0.8)})" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="${f(w * 0.8)}"/>`;
  }

  /** A soft shadow painted under an overlapping edge (a pocket, a collar, a flap). */
  edgeShadow(d: string, width = 8, opacity = 0.22): string {
    return `<path d="${d}" transform="translate(${f(width * 0.3)} ${f(width * 0.45)})" fill="none" stroke="#000" stroke-opacity="${opacity / 2}" stroke-width="${f(width)}" stroke-linecap="round"/><path d="${d}" transform="translate(1 1.5)" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="${f(width / 3)}" stroke-linecap="round"/>`;
  }

  /** A sew-through button with four holes. */
  button([x, y]: Point, r: number, color = this.accent): string {
    const fill = this.def(`button-${color.slice(1)}`, (id) => radial(id, shade(color, 0.25), shade(color, -0.25)));
    const h = r * 0.28;
    const hole = (dx: number, dy: number) =>
      `<circle cx="${f(x + dx)}" cy="${f(y + dy)}" r="${f(r * 0.12)}" fill="${shade(color, -0.55)}"/>`;
    return `<circle cx="${f(x + r * 0.12)}" cy="${f(y + r * 0.18)}" r="${f(r)}" fill="#000" fill-opacity="0.28"/>
<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.72)}" fill="none" stroke="${shade(color, -0.3)}" stroke-opacity="0.5" stroke-width="${f(r * 0.1)}"/>
${hole(-h, -h)}${hole(h, -h)}${hole(-h, h)}${hole(h, h)}
<path d="M${f(x - h)} ${f(y - h)}L${f(x + h)} ${f(y + h)}M${f(x + h)} ${f(y - h)}L${f(x - h)} ${f(y + h)}" stroke="${this.thread}" stroke-width="${f(r * 0.13)}" stroke-opacity="0.8"/>`;
  }

  /** A metal shank button, snap or rivet. */
  stud([x, y]: Point, r: number, metal: Metal = "brass"): string {
    const fill = this.metal(metal, true);
    return `<circle cx="${f(x + r * 0.15)}" cy="${f(y + r * 0.2)}" r="${f(r)}" fill="#000" fill-opacity="0.3"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.55)}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${f(r * 0.12)}"/>`;
  }

  /** A url() for a metal finish (a gradient that reads as polished metal). */
  metal(kind: Metal, round = false): string {
    const [hi, mid, lo] = METALS[kind];
    return this.def(`metal-${kind}-${round ? "r" : "l"}`, (id) =>
      round
        ? `<radialGradient id="${id}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${hi}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`
        : `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="0.3" stop-color="${mid}"/><stop offset="0.55" stop-color="${lo}"/><stop offset="0.75" stop-color="${mid}"/><stop offset="1" stop-color="${hi}"/></linearGradient>`,
    );
  }

  /** A zip along a path: tape, teeth and (optionally) a puller at its start. */
  zip(d: string, { color = shade(this.main, -0.2), metal = "silver" as Metal, width = 7 } = {}): string {
    const w = width * this.zoom;
    return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(w * 2.2)}"/>
<path d="${d}" fill="none" stroke="${this.metal(metal)}" stroke-width="${f(w)}" stroke-dasharray="${f(w * 0.45)} ${f(w * 0.35)}"/>
<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${f(w * 0.2)}"/>`;
  }

  /** A zip puller hanging from a point (length in canvas units). */
  puller([x, y]: Point, length = 34, metal: Metal = "silver", angle = 0): string {
    const w = length * 0.34;
    return `<g transform="rotate(${angle} ${f(x)} ${f(y)})"><path d="M${f(x - w / 2)} ${f(y)}h${f(w)}l${f(-w * 0.12)} ${f(length)}h${f(-w * 0.76)}z" transform="translate(2 3)" fill="#000" fill-opacity="0.3"/><path d="M${f(x - w / 2)} ${f(y)}h${f(w)}l${f(-w * 0.12)} ${f(length)}h${f(-w * 0.76)}z" fill="${this.metal(metal)}"/><rect x="${f(x - w * 0.22)}" y="${f(y + length * 0.45)}" width="${f(w * 0.44)}" height="${f(length * 0.35)}" rx="${f(w * 0.2)}" fill="#000" fill-opacity="0.35"/></g>`;
  }

  /** A woven label (a small rectangle with lines for text). */
  label([x, y]: Point, w: number, h: number, color = "#f7f3ea", ink = "#3b3b3b"): string {
    return `<rect x="${f(x + 1.5)}" y="${f(y + 2)}" width="${f(w)}" height="${f(h)}" fill="#000" fill-opacity="0.2"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${color}"/><rect x="${f(x + w * 0.2)}" y="${f(y + h * 0.3)}" width="${f(w * 0.6)}" height="${f(h * 0.16)}" fill="${ink}" opacity="0.8"/><rect x="${f(x + w * 0.3)}" y="${f(y + h * 0.58)}" width="${f(w * 0.4)}" height="${f(h * 0.1)}" fill="${ink}" opacity="0.5"/>`;
  }

  /** Rib knit (cuffs, collars, waistbands): fine ridges across a band. */
  rib(d: string, color = this.main, direction: "across" | "along" = "along"): string {
    const key = `rib-${direction}`;
    const url = this.def(key, (id) =>
      tiled(
        id,
        `<path d="${Array.from({ length: 20 }, (_, i) => `M${i * 6 + 1.1} 0V120`).join("")}" stroke="#000" stroke-opacity="0.2" stroke-width="2.2"/><path d="${Array.from({ length: 20 }, (_, i) => `M${i * 6 + 4} 0V120`).join("")}" stroke="#fff" stroke-opacity="0.12" stroke-width="1.6"/>`,
        `scale(${this.zoom})${direction === "across" ? " rotate(90)" : ""}`,
      ),
    );
    return `<path d="${d}" fill="${color}"/><path d="${d}" fill="${url}"/>`;
  }

  private printDefs(id: string): string {
    const z = this.zoom;
    const ink = this.accent;
    const stripes = (step: number, width: number) =>
      Array.from(
        { length: 120 / step },
        (_, i) => `<rect y="${i * step + 2}" width="120" height="${width}" fill="${ink}"/>`,
      ).join("");
    switch (this.pattern) {
      case "stripes":
        // Shirting stripes are fine and run along; stripes across (a Breton tee, a scarf) are bold.
        return this.stripes === "along"
          ? tiled(id, stripes(20, 8), `scale(${z}) rotate(90)`)
          : tiled(id, stripes(40, 14), `scale(${z})`);
      case "dots":
        return tiled(
          id,
          repeated(
            40,
            `<circle cx="10" cy="10" r="5.5" fill="${ink}"/><circle cx="30" cy="30" r="5.5" fill="${ink}"/>`,
          ),
          `scale(${z}) rotate(-8)`,
        );
      case "checks":
        // A buffalo check: two crossing bands of the accent, darkest where they cross.
        return tiled(
          id,
          repeated(
            60,
            `<rect width="30" height="60" fill="${ink}" fill-opacity="0.5"/><rect width="60" height="30" fill="${ink}" fill-opacity="0.5"/><path d="M45 0V60M0 45H60" stroke="${ink}" stroke-opacity="0.25" stroke-width="2"/>`,
          ),
          `scale(${z})`,
        );
      case "paisley": {
        const leaf = (x: number, y: number, r: number, a: number) =>
          `<g transform="translate(${x} ${y}) rotate(${a}) scale(${r})"><path d="M0 -10C9 -10 12 0 6 8C2 13 -6 14 -9 8C-12 2 -6 -3 -1 -1C3 1 1 6 -2 5" fill="none" stroke="${ink}" stroke-width="2.2"/><path d="M0 -10C9 -10 12 0 6 8C2 13 -6 14 -9 8C-12 2 -4 -4 0 -10Z" fill="${ink}" fill-opacity="0.55"/><circle cx="-2" cy="3" r="1.8" fill="${ink}"/></g>`;
        const flower = (x: number, y: number) =>
          `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-4" rx="2.4" ry="4" transform="rotate(${a})" fill="${ink}" fill-opacity="0.85"/>`).join("")}<circle r="1.8" fill="${this.main}"/></g>`;
        const motif = `${leaf(15, 17, 1.1, 20)}${leaf(45, 47, 1.1, 200)}${flower(45, 15)}${flower(15, 47)}<circle cx="30" cy="31" r="1.8" fill="${ink}" fill-opacity="0.8"/>`;
        return tiled(id, repeated(60, motif), `scale(${z * 1.2})`);
      }
      default:
        return "";
    }
  }
}

export type Metal = "silver" | "gold" | "brass" | "gunmetal" | "copper";

const METALS: Record<Metal, [string, string, string]> = {
  silver: ["#fbfbfb", "#c9ccd1", "#7d838c"],
  gold: ["#fff3c4", "#d9ad4a", "#8a6418"],
  brass: ["#f5dfa0", "#b8913e", "#6e5119"],
  gunmetal: ["#a7acb3", "#5b6068", "#2a2d31"],
  copper: ["#f6c7a4", "#c07a4b", "#6b3a1c"],
};

function radial(id: string, hi: string, lo: string): string {
  return `<radialGradient id="${id}" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${hi}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`;
}

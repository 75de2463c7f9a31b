// The photo studio every demo picture is taken in: the same warm paper backdrop, one light from the top
// left, a soft shadow to the bottom right. A picture is a list of pieces; each piece is painted in flat
// colours and fabric grain, then lit through an SVG filter from a relief map (its outline, raised parts and
// folds, blurred into a height field for feDiffuseLighting). Only filters that librsvg renders correctly
// and quickly are used: feImage, feGaussianBlur, feColorMatrix, feDiffuseLighting, feSpecularLighting,
// feComposite, and feTurbulence on small pattern tiles (never on the whole picture: it is slow there).

import type { Fabric } from "#db/demo/looks.ts";
import { outlineBox } from "./geometry.ts";

export type { Fabric };

type Noise = (seed: number, freq: string, alpha: number, light?: boolean) => string;

type FabricLook = {
  /** Height of the relief (feDiffuseLighting surfaceScale at half a pixel per unit). */
  relief: number;
  /** Softness of edges and folds (blur of the relief map, in canvas units). */
  soft: number;
  /** Specular highlight strength (0: matte). */
  sheen: number;
  /**
   * The grain over a square tile of `size` units, drawn over the colour, semi-transparent: noise, and the
   * weave or knit as a few long paths (librsvg pays per element, so no small repeated tiles).
   */
  grain: (noise: Noise, size: number) => string;
  /** The grain as a close-up shows it (threads, loops), when it differs, and its scale. */
  macro?: [(size: number) => string, number];
};

/** Lines every `step` units across a square of `size`: one path of many segments. */
function hatch(size: number, step: number, dir: "h" | "v" | "d" | "a", offset = 0): string {
  let d = "";
  if (dir === "h") for (let y = offset; y < size; y += step) d += `M0 ${y}H${size}`;
  else if (dir === "v") for (let x = offset; x < size; x += step) d += `M${x} 0V${size}`;
  else if (dir === "d") for (let x = -size + offset; x < size; x += step) d += `M${x} ${size}L${x + size} 0`;
  else for (let x = -size + offset; x < size; x += step) d += `M${x} 0L${x + size} ${size}`;
  return d;
}

/** Interlaced threads (a plain weave) for close-ups of woven cloth (cells of 10). */
function plainWeave(size: number): string {
  const weft = hatch(size, 10, "h", 2.5);
  const warp = hatch(size, 10, "v", 2.5);
  const threads = (d: string, dx: number, dy: number, opacity: number) =>
    `<path d="${d}" transform="translate(${dx} ${dy})" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="3.4" stroke-dasharray="4 6" stroke-linecap="round"/>`;
  return `<rect width="${size}" height="${size}" fill="#000" fill-opacity="0.1"/>${threads(weft, 0, 0, 0.16)}${threads(weft, 5, 5, 0.16)}${threads(warp, 5, 0, 0.08)}${threads(warp, 0, 5, 0.08)}<path d="${hatch(size, 5, "h")}${hatch(size, 5, "v")}" stroke="#000" stroke-opacity="0.18" stroke-width="0.8"/>`;
}

/** Knitted loops (stocking stitch): rows of V's, loops 8 wide. */
function knitRows(size: number, light: number, dark: number, width = 2.2): string {
  let a = "";
  let b = "";
  for (let x = 0; x < size; x += 8) {
    a += `M${x + 0.6} 0`;
    b += `M${x + 7.4} 0`;
    for (let y = 0; y < size; y += 8) {
      a += `L${x + 3.7} ${y + 7.6}M${x + 0.6} ${y + 8}`;
      b += `L${x + 4.3} ${y + 7.6}M${x + 7.4} ${y + 8}`;
    }
  }
  return `<path d="${a}${b}" fill="none" stroke="#fff" stroke-opacity="${light}" stroke-width="${width}" stroke-linecap="round"/><path d="${a}${b}" transform="translate(0.8 0.6)" fill="none" stroke="#000" stroke-opacity="${dark}" stroke-width="0.7"/>`;
}

/** Twill (denim) threads for close-ups. */
function twillWeave(size: number): string {
  return `<rect width="${size}" height="${size}" fill="#fff" fill-opacity="0.1"/><path d="${hatch(size, 3, "d")}" stroke="#000" stroke-opacity="0.3" stroke-width="1.7" stroke-linecap="round"/>`;
}

/** Dots in rows (a pique's cells, a mesh's holes) as dashes of round caps along lines. */
function dotted(size: number, step: number, r: number, color: string, opacity: number, shift = 0): string {
  let d = "";
  for (let y = 0; y < size; y += step) d += `M${((y / step) % 2) * (step / 2) + shift} ${y + step / 2}H${size + step}`;
  return `<path d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${r * 2}" stroke-linecap="round" stroke-dasharray="0 ${step}"/>`;
}

const FABRICS: Record<Fabric, FabricLook> = {
  jersey: {
    macro: [
      (size) => `<rect width="${size}" height="${size}" fill="#000" fill-opacity="0.06"/>${knitRows(size, 0.13, 0.14)}`,
      0.45,
    ],
    relief: 9,
    soft: 7,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(3, "0.4 0.8", 0.09)}${noise(4, "0.4 0.8", 0.05, true)}<path d="${hatch(size, 3, "v", 1)}" stroke="#000" stroke-opacity="0.035" stroke-width="1.2"/>`,
  },
  pique: {
    relief: 9,
    soft: 7,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(5, "0.7", 0.15)}${dotted(size, 6, 1.4, "#000", 0.16)}${dotted(size, 6, 0.8, "#fff", 0.12, -0.5)}`,
  },
  fleece: {
    relief: 11,
    soft: 9,
    sheen: 0,
    grain: (noise) => `${noise(6, "0.35", 0.22)}${noise(7, "0.9", 0.18, true)}`,
  },
  poplin: {
    macro: [plainWeave, 0.4],
    relief: 8,
    soft: 5,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(8, "0.9 0.5", 0.12)}<path d="${hatch(size, 4, "h", 1)}" stroke="#000" stroke-opacity="0.035" stroke-width="1"/>`,
  },
  linen: {
    macro: [plainWeave, 0.4],
    relief: 8,
    soft: 5,
    sheen: 0,
    grain: (noise) => `${noise(9, "0.05 0.9", 0.16)}${noise(10, "0.9 0.05", 0.12, true)}${noise(11, "0.8", 0.08)}`,
  },
  denim: {
    macro: [twillWeave, 0.5],
    relief: 9,
    soft: 5,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(12, "0.7 0.015", 0.14, true)}${noise(13, "0.8", 0.12)}<path d="${hatch(size, 4, "d")}" stroke="#000" stroke-opacity="0.12" stroke-width="1.3"/>`,
  },
  twill: {
    macro: [plainWeave, 0.4],
    relief: 8,
    soft: 5,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(14, "0.8", 0.12)}<path d="${hatch(size, 3, "d")}" stroke="#000" stroke-opacity="0.07" stroke-width="1"/>`,
  },
  knit: {
    relief: 12,
    soft: 7,
    sheen: 0,
    grain: (_noise, size) => knitRows(size, 0.14, 0.2, 1.6),
  },
  wool: {
    relief: 9,
    soft: 7,
    sheen: 0,
    grain: (noise) => `${noise(15, "0.5", 0.2)}${noise(16, "1.2", 0.14, true)}${noise(17, "0.08", 0.1)}`,
  },
  nylon: {
    relief: 10,
    soft: 12,
    sheen: 0.35,
    grain: (noise) => noise(18, "0.9", 0.05),
  },
  leather: {
    relief: 10,
    soft: 5,
    sheen: 0.5,
    grain: (noise) => `${noise(19, "0.3", 0.2)}${noise(20, "0.9", 0.1, true)}`,
  },
  canvas: {
    macro: [plainWeave, 0.4],
    relief: 8,
    soft: 5,
    sheen: 0,
    grain: (noise, size) =>
      `${noise(21, "0.8", 0.1)}<path d="${hatch(size, 3, "h", 1)}${hatch(size, 3, "v", 1)}" stroke="#000" stroke-opacity="0.06" stroke-width="1"/>`,
  },
  mesh: {
    relief: 9,
    soft: 5,
    sheen: 0,
    grain: (_noise, size) => `${dotted(size, 10, 2.4, "#000", 0.22)}${dotted(size, 10, 1.4, "#fff", 0.08, -0.6)}`,
  },
  silk: {
    relief: 8,
    soft: 8,
    sheen: 0.7,
    grain: (noise) => noise(22, "0.02 0.8", 0.1, true),
  },
  rubber: {
    relief: 7,
    soft: 4,
    sheen: 0.25,
    grain: (noise) => noise(23, "0.6", 0.08),
  },
  metal: {
    relief: 5,
    soft: 3,
    sheen: 0.9,
    grain: () => "",
  },
};

/** Light comes from the top left everywhere (feDistantLight azimuth, elevation). */
const LIGHT = `<feDistantLight azimuth="225" elevation="50"/>`;

/** One thing in a picture. */
export type Piece = {
  /** Outline of the whole piece (its shadow, and the rounded edges of its relief). */
  outline: string;
  /** The piece in flat colours and grain (see Brush). */
  paint: string;
  /** Relief map over the outline (drawn at #808080): lighter is raised, darker sunken. See ridge()/valley(). */
  relief?: string;
  /** Markup drawn after lighting: hardware with its own gradients, highlights. */
  over?: string;
  fabric: Fabric;
  /** How far above the backdrop it lies (1: flat cloth; more for shoes and bags). */
  lift?: number;
  /** Placement on the canvas (an SVG transform), e.g. a close-up's magnification. */
  transform?: string;
  /** The part worth lighting, in the piece's own units (x, y, width, height): the canvas seen through the transform. */
  region?: [number, number, number, number];
  /** How much the transform magnifies the piece (a close-up's scale). */
  magnification?: number;
  /** Its main colour (dark cloth gets a little more light, see lighting()). */
  color?: string;
};

// ---- colours ----

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return toHex(channels(hex).map((v) => v + (target - v) * t) as [number, number, number]);
}

/** Mixes two colours (t = 0: a, t = 1: b). */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((v, i) => v + (y[i]! - v) * t) as [number, number, number]);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// ---- relief helpers (used in Piece.relief) ----

/** Strokes of decreasing width stacked, so a fold rises smoothly to its crest instead of as a step. */
function profile(d: string, color: string, width: number, strength: number): string {
  const n = Math.max(2, Math.ceil(width / 10));
  const opacity = (strength / n).toFixed(3);
  let layers = "";
  for (let i = 0; i < n; i++) {
    const w = width * (1 - i / n);
    layers += `<path d="${d}" stroke-width="${w.toFixed(1)}"/>`;
  }
  return `<g fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round">${layers}</g>`;
}

/** A raised fold along a path (width in canvas units, strength 0..1). */
export function ridge(d: string, width = 16, strength = 0.4): string {
  return profile(d, "#fff", width, strength);
}

/** A sunken crease along a path. */
export function valley(d: string, width = 10, strength = 0.4): string {
  return profile(d, "#000", width, strength);
}

/** An area raised (level > 0) or sunken (level < 0) as a whole. */
export function raised(d: string, level = 0.3): string {
  const color = level > 0 ? "#fff" : "#000";
  return `<path d="${d}" fill="${color}" fill-opacity="${Math.abs(level)}"/>`;
}

// ---- the picture ----

export type StudioOptions = {
  /** Prefix for ids, unique per picture in one document. */
  id: string;
  /** Canvas size in user units (the viewBox). */
  width?: number;
  height?: number;
  /** Output size in pixels. */
  pixels?: [number, number];
  /** Extra definitions (patterns, gradients) the pieces use. */
  defs?: string;
  /** The backdrop's colour in the light and in the shade. */
  backdrop?: [string, string];
  /** Where the light falls on the backdrop: a corner (product pictures) or the centre, fading to the edges. */
  glow?: "corner" | "centre";
};

export const BACKDROP: [string, string] = ["#f3f0ea", "#d9d2c7"];

/** Size of pattern tiles, in canvas units: librsvg pays for every tile it paints, so tiles are big. */
const TILE = 120;

/** Defs of a fabric grain pattern, scaled by zoom; a close-up (macro) shows the threads or loops. */
export function grainDefs(patternId: string, fabric: Fabric, zoom = 1, macro = false): string {
  const look = FABRICS[fabric];
  const close = macro ? look.macro : undefined;
  const noise: string[] = [];
  // Noise is drawn once over the whole tile; feTurbulence stitches its edges so the tiles join.
  const addNoise: Noise = (seed, freq, alpha, light = false) => {
    const v = light ? 1 : 0;
    const a = light ? `0 0 ${2.4 * alpha} 0 ${-0.9 * alpha}` : `0 0 ${-2.4 * alpha} 0 ${1.5 * alpha}`;
    const id = `${patternId}-n${seed}`;
    noise.push(
      `<filter id="${id}" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed}" stitchTiles="stitch"/><feColorMatrix type="matrix" values="0 0 0 0 ${v} 0 0 0 0 ${v} 0 0 0 0 ${v} ${a}"/></filter><rect width="${TILE}" height="${TILE}" filter="url(#${id})"/>`,
    );
    return "";
  };
  const structure = close ? close[0](TILE) : look.grain(addNoise, TILE);
  return tiled(patternId, `${noise.join("")}${structure}`, `scale(${zoom * (close ? close[1] : 1)})`);
}

/** A pattern of one big tile (TILE units square) of the given markup. */
export function tiled(id: string, markup: string, transform = ""): string {
  return `<pattern id="${id}" width="${TILE}" height="${TILE}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ""}><svg width="${TILE}" height="${TILE}" overflow="hidden">${markup}</svg></pattern>`;
}

/** Copies of a small tile's markup over a big tile (TILE must be a multiple of `size`). */
export function repeated(size: number, markup: string): string {
  let out = "";
  for (let y = 0; y < TILE; y += size)
    for (let x = 0; x < TILE; x += size) out += `<g transform="translate(${x} ${y})">${markup}</g>`;
  return out;
}

function shadow(piece: Piece): string {
  const lift = piece.lift ?? 1;
  const steps = 6;
  const layers = Array.from({ length: steps }, (_, i) => {
    const k = i + 1;
    const dx = (1.5 + k * 1.7) * lift;
    const dy = (2 + k * 2.2) * lift;
    return `<path d="${piece.outline}" transform="translate(${dx.toFixed(1)} ${dy.toFixed(1)})" fill="none" stroke="#3a2d20" stroke-opacity="${(0.05 / Math.sqrt(lift)).toFixed(3)}" stroke-width="${(k * 6 * Math.sqrt(lift)).toFixed(1)}" stroke-linejoin="round"/>`;
  }).join("");
  return `<g>${layers}<path d="${piece.outline}" transform="translate(${1.5 * lift} ${2 * lift})" fill="#3a2d20" fill-opacity="0.32"/></g>`;
}

/** The region a piece is lit over, in its own units. */
export function lightRegion(piece: Piece): [number, number, number, number] {
  if (piece.region) return piece.region;
  const [x, y, w, h] = outlineBox(piece.outline);
  return [Math.floor(x - 16), Math.floor(y - 16), Math.ceil(w + 32), Math.ceil(h + 32)];
}

/**
 * The light on a piece as a picture of its own (grey: diffuse light; for shiny fabrics red: diffuse light
 * and green: shine), for `pixels` per unit
 * of the piece. It depends only on the piece's shape and fabric, not on its colours, so it can be drawn
 * at a lower resolution than the picture (light varies slowly) and shared by products of the same cut.
 */
export function lightMapSvg(piece: Piece, pixels: number): string {
  const look = FABRICS[piece.fabric];
  const [x, y, w, h] = lightRegion(piece);
  // feDiffuseLighting measures slopes per pixel: scale the relief with the resolution so a piece looks
  // the same at any size (the fabrics are tuned at half a pixel per unit).
  const relief = ((look.relief * pixels) / 0.5).toFixed(2);
  const shine =
    look.sheen > 0
      ? `<feSpecularLighting in="h" surfaceScale="${relief}" specularConstant="${look.sheen}" specularExponent="18" lighting-color="#ffffff" result="s">${LIGHT}</feSpecularLighting>
<feColorMatrix in="s" type="matrix" values="0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 1" result="sg"/>
<feComposite in="dr" in2="sg" operator="arithmetic" k2="1" k3="1"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(w * pixels)}" height="${Math.ceil(h * pixels)}" viewBox="${x} ${y} ${w} ${h}" preserveAspectRatio="none">
<defs><g id="relief"><path d="${piece.outline}" fill="#808080"/>${piece.relief ?? ""}</g>
<filter id="light" x="${x}" y="${y}" width="${w}" height="${h}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feImage href="#relief" result="r"/>
<feGaussianBlur in="r" stdDeviation="${look.soft}"/>
<feColorMatrix type="luminanceToAlpha" result="h"/>
<feDiffuseLighting in="h" surfaceScale="${relief}" diffuseConstant="1" lighting-color="#ffffff" result="d">${LIGHT}</feDiffuseLighting>
${shine ? `<feColorMatrix in="d" type="matrix" values="1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1" result="dr"/>${shine}` : ""}
</filter></defs>
<rect x="${x}" y="${y}" width="${w}" height="${h}" filter="url(#light)"/>
</svg>`;
}

/** The filter that lights a piece's paint with its light map (a PNG data URL of lightMapSvg). */
function lighting(id: string, piece: Piece, mainLuminance: number, map: string): string {
  const look = FABRICS[piece.fabric];
  const [x, y, w, h] = lightRegion(piece);
  // Dark colours show their folds through a little added light, as dark cloth does in a photo.
  const lift = (0.01 + 0.05 * (1 - Math.sqrt(mainLuminance)) ** 2).toFixed(3);
  const shine =
    look.sheen > 0
      ? `<feColorMatrix in="m" type="matrix" values="0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 1" result="s"/>
<feComposite in="lit" in2="s" operator="arithmetic" k2="1" k3="0.55" result="shiny"/>`
      : "";
  return `<filter id="${id}-light" x="${x}" y="${y}" width="${w}" height="${h}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feImage href="${map}" x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="none" result="${look.sheen > 0 ? "m" : "d"}"/>
${look.sheen > 0 ? `<feColorMatrix in="m" type="matrix" values="1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 1" result="d"/>` : ""}
<feComposite in="SourceGraphic" in2="d" operator="arithmetic" k1="1.26" k3="${lift}" result="lit"/>
${shine}
<feComposite in="${look.sheen > 0 ? "shiny" : "lit"}" in2="SourceAlpha" operator="in"/>
</filter>`;
}

/**
 * One picture: the backdrop and the pieces, in order (later pieces lie on top), each lit by its light map
 * (`maps[i]`, a PNG data URL of lightMapSvg(pieces[i])).
 */
export function studio(pieces: Piece[], maps: string[], options: StudioOptions): string {
  const { id, width = 800, height = 800, defs = "", backdrop = BACKDROP } = options;
  const [pw, ph] = options.pixels ?? [width, height];
  const pieceDefs = pieces
    .map((piece, i) => lighting(`${id}-p${i}`, piece, luminance(piece.color ?? "#808080"), maps[i]!))
    .join("\n");
  const body = pieces
    .map(
      (piece, i) =>
        `<g${piece.transform ? ` transform="${piece.transform}"` : ""}>${shadow(piece)}\n<g filter="url(#${id}-p${i}-light)">${piece.paint}</g>${piece.over ? `\n${piece.over}` : ""}</g>`,
    )
    .join("\n");
  const r = Math.hypot(width, height);
  const gradient =
    options.glow === "centre"
      ? `<radialGradient id="${id}-bg" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></radialGradient>`
      : `<radialGradient id="${id}-bg" gradientUnits="userSpaceOnUse" cx="${width * 0.2}" cy="${height * 0.12}" r="${r}"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="0.55" stop-color="${mix(backdrop[0], backdrop[1], 0.45)}"/><stop offset="1" stop-color="${backdrop[1]}"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}" viewBox="0 0 ${width} ${height}">
<defs>
${gradient}
${pieceDefs}
${defs}
</defs>
<rect width="${width}" height="${height}" fill="url(#${id}-bg)"/>
${body}
</svg>`;
}

// Drawings of garments and accessories as SVG, made by the project itself (nothing is downloaded).
// The seed rasterises them into product images; db/demo/art.ts composes them into the home page and
// deal illustrations under public/art. Everything lives on an 800 × 800 canvas, centred on (400, 400).

export type GarmentKind =
  | "tshirt"
  | "shirt"
  | "polo"
  | "hoodie"
  | "puffer"
  | "sweater"
  | "coat"
  | "trousers"
  | "shorts"
  | "dress"
  | "top"
  | "skirt"
  | "kurta"
  | "saree"
  | "lehenga"
  | "nehru"
  | "sneaker"
  | "boot"
  | "heel"
  | "sandal"
  | "cap"
  | "beanie"
  | "handbag"
  | "backpack"
  | "sunglasses"
  | "watch"
  | "belt"
  | "scarf"
  | "mittens"
  | "romper"
  | "frock"
  | "wallet";

export type Pattern = "plain" | "stripes" | "dots" | "checks" | "paisley";

export type Look = {
  kind: GarmentKind;
  /** Main colour of the garment (#rrggbb). */
  color: string;
  /** Trims, buttons, borders. */
  accent: string;
  pattern?: Pattern;
  /** Background tint (#rrggbb). */
  backdrop?: string;
};

/** The views a product is photographed in: the whole piece, a close-up, on another backdrop, tilted. */
export type View = "front" | "detail" | "alternate" | "tilted";

type Shape = {
  /** Paths painted in the main colour (and the pattern). */
  body: string[];
  /** Extra markup drawn on top (collars, buttons, laces...), may use `{accent}`, `{dark}` and `{light}`. */
  trim: string;
  /** The close-up's view box. */
  detail: [number, number, number, number];
};

// ---- colour helpers ----

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

// ---- the shapes ----

const longSleeveShirt =
  "M340 160 L400 200 L460 160 L580 195 Q625 220 640 300 L685 600 L620 612 L575 345 L578 650 L222 650 L225 345 L180 612 L115 600 L160 300 Q175 220 220 195 Z";

const buttons = (x: number, ys: number[], r = 8) =>
  ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="{accent}" stroke="{dark}" stroke-width="2"/>`).join("");

const SHAPES: Record<GarmentKind, Shape> = {
  tshirt: {
    body: [
      "M330 165 Q400 225 470 165 L590 200 L680 330 L610 365 L580 310 L582 640 Q400 655 218 640 L220 310 L190 365 L120 330 L210 200 Z",
    ],
    trim: `<path d="M330 165 Q400 225 470 165" fill="none" stroke="{accent}" stroke-width="14" stroke-linecap="round"/>
      <path d="M612 360 L678 328 M188 360 L122 328" stroke="{dark}" stroke-width="6"/>
      <path d="M220 625 Q400 640 582 625" fill="none" stroke="{dark}" stroke-width="4" stroke-dasharray="10 8"/>`,
    detail: [250, 140, 300, 300],
  },
  shirt: {
    body: [longSleeveShirt],
    trim: `<path d="M340 160 L400 212 L372 258 L322 185 Z M460 160 L400 212 L428 258 L478 185 Z" fill="{light}" stroke="{dark}" stroke-width="3"/>
      <path d="M400 212 L400 650" stroke="{dark}" stroke-width="3"/>
      ${buttons(412, [270, 340, 410, 480, 550, 615], 7)}
      <rect x="450" y="280" width="70" height="80" rx="6" fill="none" stroke="{dark}" stroke-width="3"/>
      <path d="M620 600 L685 590 M180 600 L115 590" stroke="{accent}" stroke-width="12"/>`,
    detail: [300, 150, 260, 260],
  },
  polo: {
    body: [
      "M335 165 L400 205 L465 165 L590 200 L680 330 L610 365 L580 310 L582 640 Q400 655 218 640 L220 310 L190 365 L120 330 L210 200 Z",
    ],
    trim: `<path d="M335 165 L400 210 L375 245 L318 180 Z M465 165 L400 210 L425 245 L482 180 Z" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      <rect x="388" y="210" width="24" height="110" fill="none" stroke="{dark}" stroke-width="3"/>
      ${buttons(400, [235, 270, 305], 6)}
      <path d="M612 360 L678 328 M188 360 L122 328" stroke="{accent}" stroke-width="10"/>`,
    detail: [290, 150, 220, 220],
  },
  hoodie: {
    body: [
      "M320 190 Q320 95 400 92 Q480 95 480 190 Z",
      "M330 180 Q400 230 470 180 L580 205 Q625 225 640 300 L680 590 L620 605 L578 350 L580 640 L220 640 L222 350 L180 605 L120 590 L160 300 Q175 225 220 205 Z",
    ],
    trim: `<path d="M340 185 Q400 120 460 185 Q400 225 340 185 Z" fill="{dark}" opacity="0.55"/>
      <path d="M380 215 L372 300 M420 215 L428 300" stroke="{accent}" stroke-width="6" stroke-linecap="round"/>
      <circle cx="372" cy="306" r="7" fill="{accent}"/><circle cx="428" cy="306" r="7" fill="{accent}"/>
      <path d="M290 470 L510 470 L545 580 L255 580 Z" fill="{dark}" opacity="0.25" stroke="{dark}" stroke-width="3"/>
      <rect x="220" y="610" width="360" height="30" fill="{dark}" opacity="0.3"/>
      <path d="M620 590 L680 578 M180 590 L120 578" stroke="{dark}" stroke-width="14"/>`,
    detail: [290, 90, 230, 230],
  },
  puffer: {
    body: [
      "M345 150 L455 150 L580 200 Q630 225 645 300 L690 590 L622 605 L580 350 L582 660 L218 660 L220 350 L178 605 L110 590 L155 300 Q170 225 220 200 Z",
    ],
    trim: `<rect x="345" y="120" width="110" height="55" rx="14" fill="{light}" stroke="{dark}" stroke-width="3"/>
      <path d="M400 175 L400 660" stroke="{accent}" stroke-width="8"/>
      ${[250, 320, 390, 460, 530, 600].map((y) => `<path d="M225 ${y} Q400 ${y + 18} 575 ${y}" fill="none" stroke="{dark}" stroke-width="4"/>`).join("")}
      ${[360, 430, 500].map((y) => `<path d="M${160 + (y - 300) / 6} ${y} L${220} ${y + 8} M${640 - (y - 300) / 6} ${y} L580 ${y + 8}" stroke="{dark}" stroke-width="4"/>`).join("")}
      <circle cx="400" cy="190" r="9" fill="{accent}"/>`,
    detail: [300, 120, 220, 220],
  },
  sweater: {
    body: [longSleeveShirt],
    trim: `<path d="M340 160 Q400 220 460 160" fill="none" stroke="{accent}" stroke-width="18"/>
      <path d="M225 330 ${Array.from({ length: 9 }, (_, i) => `L${245 + i * 40} ${i % 2 ? 330 : 370}`).join(" ")} L575 330" fill="none" stroke="{accent}" stroke-width="10"/>
      <path d="M225 420 ${Array.from({ length: 9 }, (_, i) => `L${245 + i * 40} ${i % 2 ? 420 : 455}`).join(" ")} L575 420" fill="none" stroke="{light}" stroke-width="8"/>
      <rect x="222" y="610" width="356" height="40" fill="{dark}" opacity="0.35"/>
      ${Array.from({ length: 17 }, (_, i) => `<path d="M${232 + i * 21} 612 L${232 + i * 21} 648" stroke="{dark}" stroke-width="3"/>`).join("")}
      <path d="M620 600 L685 590 M180 600 L115 590" stroke="{dark}" stroke-width="18"/>`,
    detail: [260, 290, 240, 240],
  },
  coat: {
    body: [
      "M345 140 L455 140 L580 190 Q630 215 645 300 L690 640 L622 652 L580 350 L600 720 L200 720 L220 350 L178 652 L110 640 L155 300 Q170 215 220 190 Z",
    ],
    trim: `<path d="M345 140 L400 300 L330 250 L300 170 Z M455 140 L400 300 L470 250 L500 170 Z" fill="{light}" stroke="{dark}" stroke-width="3"/>
      ${buttons(370, [360, 450, 540], 10)}${buttons(430, [360, 450, 540], 10)}
      <path d="M250 560 L330 560 M470 560 L550 560" stroke="{dark}" stroke-width="5"/>
      <rect x="220" y="470" width="360" height="26" fill="{accent}" opacity="0.8"/>`,
    detail: [300, 130, 220, 220],
  },
  trousers: {
    body: ["M265 140 L535 140 L570 680 L440 680 L400 300 L360 680 L230 680 Z"],
    trim: `<rect x="265" y="140" width="270" height="38" fill="{dark}" opacity="0.35"/>
      ${[295, 360, 440, 505].map((x) => `<rect x="${x}" y="136" width="10" height="46" fill="{dark}"/>`).join("")}
      <path d="M285 180 Q300 240 350 240 M515 180 Q500 240 450 240" fill="none" stroke="{dark}" stroke-width="4"/>
      <path d="M400 178 L400 300 M410 180 Q420 250 400 290" fill="none" stroke="{dark}" stroke-width="3"/>
      <circle cx="400" cy="160" r="8" fill="{accent}"/>
      <path d="M235 665 L360 665 M440 665 L565 665" stroke="{accent}" stroke-width="5" stroke-dasharray="8 6"/>`,
    detail: [270, 120, 260, 260],
  },
  shorts: {
    body: ["M255 220 L545 220 L590 510 L425 530 L400 390 L375 530 L210 510 Z"],
    trim: `<rect x="255" y="220" width="290" height="40" fill="{accent}" opacity="0.8"/>
      <path d="M385 262 Q400 300 370 330 M415 262 Q400 300 430 330" fill="none" stroke="{light}" stroke-width="6" stroke-linecap="round"/>
      <path d="M270 262 Q285 320 330 330 M530 262 Q515 320 470 330" fill="none" stroke="{dark}" stroke-width="4"/>
      <path d="M215 495 L375 515 M425 515 L585 495" stroke="{dark}" stroke-width="5" stroke-dasharray="8 6"/>`,
    detail: [280, 200, 240, 240],
  },
  dress: {
    body: [
      "M330 140 L352 140 L362 225 L438 225 L448 140 L470 140 L482 260 Q472 330 452 360 L610 670 Q400 715 190 670 L348 360 Q328 330 318 260 Z",
    ],
    trim: `<path d="M348 360 Q400 375 452 360" fill="none" stroke="{accent}" stroke-width="16"/>
      <circle cx="400" cy="370" r="12" fill="{accent}" stroke="{dark}" stroke-width="2"/>
      <path d="M190 670 Q400 715 610 670" fill="none" stroke="{accent}" stroke-width="10"/>
      <path d="M380 385 L330 660 M420 385 L470 665 M400 385 L400 690" stroke="{dark}" stroke-width="3" opacity="0.6"/>`,
    detail: [290, 200, 220, 220],
  },
  top: {
    body: [
      "M320 190 Q400 245 480 190 L565 220 L605 320 L548 342 L532 300 L542 520 Q400 548 258 520 L268 300 L252 342 L195 320 L235 220 Z",
    ],
    trim: `<path d="M320 190 Q400 245 480 190" fill="none" stroke="{accent}" stroke-width="8"/>
      <path d="M258 520 Q280 560 305 525 Q330 560 355 528 Q380 562 400 530 Q420 562 445 528 Q470 560 495 525 Q520 560 542 520" fill="none" stroke="{accent}" stroke-width="8"/>
      <path d="M360 260 Q400 290 440 260" fill="none" stroke="{dark}" stroke-width="3" stroke-dasharray="6 6"/>`,
    detail: [290, 170, 220, 220],
  },
  skirt: {
    body: ["M300 210 L500 210 L595 630 Q400 672 205 630 Z"],
    trim: `<rect x="300" y="210" width="200" height="40" fill="{accent}"/>
      ${[330, 370, 430, 470].map((x) => `<path d="M${x} 250 L${x + (x - 400) * 1.4} 640" stroke="{dark}" stroke-width="3" opacity="0.6"/>`).join("")}
      <circle cx="480" cy="230" r="8" fill="{light}"/>`,
    detail: [300, 190, 200, 200],
  },
  kurta: {
    body: [
      "M352 130 L448 130 L560 170 Q602 200 616 280 L652 560 L596 572 L566 330 L572 720 L228 720 L234 330 L204 572 L148 560 L184 280 Q198 200 240 170 Z",
    ],
    trim: `<rect x="352" y="112" width="96" height="34" rx="8" fill="{accent}" stroke="{dark}" stroke-width="2"/>
      <rect x="390" y="146" width="20" height="160" fill="{accent}"/>
      ${buttons(400, [175, 215, 255], 5)}
      <rect x="228" y="672" width="344" height="48" fill="{accent}"/>
      ${Array.from({ length: 9 }, (_, i) => `<circle cx="${250 + i * 37.5}" cy="696" r="8" fill="{light}"/>`).join("")}
      <path d="M596 572 L652 560 M204 572 L148 560" stroke="{accent}" stroke-width="14"/>
      <path d="M230 600 L238 720 M570 600 L562 720" stroke="{dark}" stroke-width="4"/>`,
    detail: [300, 100, 220, 220],
  },
  saree: {
    body: ["M210 190 Q400 150 590 190 L610 620 Q400 660 190 620 Z"],
    trim: `<path d="M210 190 Q400 150 590 190 L590 230 Q400 190 210 230 Z" fill="{accent}"/>
      <path d="M190 580 Q400 620 610 580 L610 620 Q400 660 190 620 Z" fill="{accent}"/>
      <path d="M380 170 L610 420 L610 520 L330 180 Z" fill="{accent}" opacity="0.85"/>
      ${Array.from({ length: 12 }, (_, i) => `<path d="M${250 + (i % 4) * 70} ${290 + Math.floor(i / 4) * 90} q18 -22 30 0 q-6 22 -30 0" fill="{light}" opacity="0.9"/>`).join("")}
      <path d="M210 260 Q400 230 590 260 M200 520 Q400 560 605 520" fill="none" stroke="{dark}" stroke-width="3" opacity="0.6"/>`,
    detail: [330, 160, 240, 240],
  },
  lehenga: {
    body: ["M330 130 L470 130 L500 170 L490 250 L310 250 L300 170 Z", "M330 290 L470 290 L620 670 Q400 720 180 670 Z"],
    trim: `<path d="M330 130 Q400 175 470 130" fill="none" stroke="{accent}" stroke-width="8"/>
      <rect x="330" y="290" width="140" height="30" fill="{accent}"/>
      <path d="M200 620 Q400 668 600 620 L620 670 Q400 720 180 670 Z" fill="{accent}"/>
      ${Array.from({ length: 14 }, (_, i) => `<circle cx="${250 + (i % 5) * 75}" cy="${380 + Math.floor(i / 5) * 80}" r="7" fill="{light}"/>`).join("")}
      <path d="M400 320 L400 690 M360 320 L290 680 M440 320 L510 680" stroke="{dark}" stroke-width="3" opacity="0.5"/>`,
    detail: [300, 560, 220, 160],
  },
  nehru: {
    body: ["M335 150 L465 150 L560 195 L568 330 L550 670 L250 670 L232 330 L240 195 Z"],
    trim: `<rect x="350" y="128" width="100" height="34" rx="8" fill="{accent}" stroke="{dark}" stroke-width="2"/>
      <path d="M400 162 L400 670" stroke="{dark}" stroke-width="3"/>
      ${buttons(400, [210, 290, 370, 450, 530, 610], 9)}
      <path d="M250 200 Q290 270 250 330 M550 200 Q510 270 550 330" fill="none" stroke="{dark}" stroke-width="4"/>
      <path d="M455 300 L520 300" stroke="{accent}" stroke-width="8"/>`,
    detail: [310, 120, 200, 200],
  },
  sneaker: {
    body: ["M170 565 Q160 440 262 405 L360 365 Q420 345 452 385 L522 452 Q602 470 652 500 Q688 522 678 565 Z"],
    trim: `<path d="M150 565 L665 565 Q695 565 695 595 L695 610 Q695 632 665 632 L175 632 Q142 632 142 602 Z" fill="{light}" stroke="{dark}" stroke-width="3"/>
      <path d="M150 600 L690 600" stroke="{dark}" stroke-width="3" opacity="0.5"/>
      <path d="M230 520 Q380 470 560 520" fill="none" stroke="{accent}" stroke-width="16" stroke-linecap="round"/>
      ${[0, 1, 2, 3].map((i) => `<path d="M${372 + i * 26} ${392 + i * 20} l40 -30" stroke="{light}" stroke-width="7" stroke-linecap="round"/>`).join("")}
      <path d="M560 470 Q640 480 672 540" fill="none" stroke="{dark}" stroke-width="4"/>
      <path d="M175 470 Q190 430 240 418" fill="none" stroke="{accent}" stroke-width="10" stroke-linecap="round"/>`,
    detail: [340, 340, 260, 260],
  },
  boot: {
    body: ["M268 190 L432 190 L442 462 Q562 478 622 528 Q652 556 642 600 L258 600 Z"],
    trim: `<path d="M248 600 L652 600 L652 640 L248 640 Z" fill="{dark}"/>
      <rect x="258" y="600" width="80" height="60" fill="{dark}"/>
      <rect x="262" y="190" width="176" height="40" fill="{accent}"/>
      ${[270, 320, 370, 420].map((y) => `<path d="M395 ${y} l40 0" stroke="{accent}" stroke-width="6"/><circle cx="392" cy="${y}" r="6" fill="{light}"/>`).join("")}
      <path d="M442 470 Q470 520 520 520" fill="none" stroke="{dark}" stroke-width="4"/>`,
    detail: [250, 170, 240, 240],
  },
  heel: {
    body: ["M170 540 Q250 445 395 478 Q515 505 612 445 Q650 430 655 470 Q630 560 568 570 L208 570 Q168 570 170 540 Z"],
    trim: `<path d="M568 568 L580 680 L562 680 L540 570 Z" fill="{dark}"/>
      <path d="M170 545 Q160 580 215 582 L560 582" fill="none" stroke="{dark}" stroke-width="10"/>
      <path d="M300 470 Q360 430 420 478" fill="none" stroke="{accent}" stroke-width="10" stroke-linecap="round"/>
      <circle cx="360" cy="462" r="11" fill="{accent}" stroke="{dark}" stroke-width="2"/>`,
    detail: [260, 400, 240, 240],
  },
  sandal: {
    body: ["M170 560 Q170 505 260 500 L620 505 Q690 510 690 560 Q690 610 620 612 L260 618 Q170 615 170 560 Z"],
    trim: `<path d="M170 575 Q175 640 260 640 L620 635 Q695 630 690 575" fill="{dark}"/>
      <path d="M300 520 Q360 380 430 520" fill="none" stroke="{accent}" stroke-width="26" stroke-linecap="round"/>
      <path d="M470 520 Q540 400 600 520" fill="none" stroke="{accent}" stroke-width="26" stroke-linecap="round"/>
      <circle cx="365" cy="455" r="12" fill="{light}"/>`,
    detail: [270, 380, 260, 260],
  },
  cap: {
    body: ["M220 470 Q228 255 400 245 Q572 255 580 470 Z"],
    trim: `<path d="M200 470 Q420 430 710 478 Q705 528 630 530 Q420 492 208 505 Z" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      <circle cx="400" cy="248" r="14" fill="{accent}"/>
      <path d="M400 250 Q340 340 320 470 M400 250 Q460 340 480 470 M400 250 L400 470" fill="none" stroke="{dark}" stroke-width="3"/>
      <rect x="355" y="360" width="90" height="50" rx="8" fill="{light}" opacity="0.9"/>`,
    detail: [300, 300, 220, 220],
  },
  beanie: {
    body: ["M230 520 Q225 290 400 278 Q575 290 570 520 Z"],
    trim: `<rect x="215" y="500" width="370" height="110" rx="22" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      ${Array.from({ length: 16 }, (_, i) => `<path d="M${236 + i * 22} 512 L${236 + i * 22} 598" stroke="{dark}" stroke-width="3" opacity="0.5"/>`).join("")}
      <circle cx="400" cy="250" r="56" fill="{light}" stroke="{dark}" stroke-width="3"/>
      ${[330, 380, 430].map((y) => `<path d="M${250 + (480 - y) / 10} ${y + 40} Q400 ${y + 10} ${550 - (480 - y) / 10} ${y + 40}" fill="none" stroke="{dark}" stroke-width="3" opacity="0.45"/>`).join("")}`,
    detail: [280, 180, 240, 240],
  },
  handbag: {
    body: ["M232 380 L568 380 L612 645 Q612 660 596 660 L204 660 Q188 660 188 645 Z"],
    trim: `<path d="M300 385 Q300 230 400 230 Q500 230 500 385" fill="none" stroke="{dark}" stroke-width="22" stroke-linecap="round"/>
      <path d="M232 380 L568 380 L585 480 Q400 520 215 480 Z" fill="{dark}" opacity="0.3"/>
      <rect x="375" y="478" width="50" height="40" rx="8" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      <path d="M200 640 L600 640" stroke="{light}" stroke-width="3" stroke-dasharray="10 7"/>`,
    detail: [300, 380, 200, 200],
  },
  backpack: {
    body: ["M270 230 Q270 180 330 180 L470 180 Q530 180 530 230 L545 640 Q545 665 520 665 L280 665 Q255 665 255 640 Z"],
    trim: `<path d="M360 182 Q360 130 400 130 Q440 130 440 182" fill="none" stroke="{dark}" stroke-width="14"/>
      <rect x="300" y="430" width="200" height="170" rx="24" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      <path d="M310 470 L490 470" stroke="{dark}" stroke-width="4" stroke-dasharray="9 6"/>
      <path d="M275 260 Q400 300 525 260" fill="none" stroke="{dark}" stroke-width="4"/>
      <rect x="388" y="280" width="24" height="40" rx="6" fill="{light}"/>`,
    detail: [290, 400, 220, 220],
  },
  sunglasses: {
    body: [
      "M170 360 L380 360 Q385 470 300 490 Q190 495 175 420 Z",
      "M420 360 L630 360 L625 420 Q610 495 500 490 Q415 470 420 360 Z",
    ],
    trim: `<path d="M380 372 Q400 352 420 372" fill="none" stroke="{accent}" stroke-width="12"/>
      <path d="M170 362 L120 340 M630 362 L680 340" stroke="{accent}" stroke-width="12" stroke-linecap="round"/>
      <path d="M165 360 L385 360 M415 360 L635 360" stroke="{accent}" stroke-width="14" stroke-linecap="round"/>
      <path d="M220 390 L260 440 M470 390 L510 440" stroke="#ffffff" stroke-width="10" opacity="0.45" stroke-linecap="round"/>`,
    detail: [150, 300, 300, 230],
  },
  watch: {
    body: ["M350 140 L450 140 L440 300 L360 300 Z", "M360 500 L440 500 L450 660 L350 660 Z"],
    trim: `<circle cx="400" cy="400" r="125" fill="{accent}" stroke="{dark}" stroke-width="6"/>
      <circle cx="400" cy="400" r="102" fill="{light}"/>
      ${Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<path d="M${400 + Math.sin(a) * 86} ${400 - Math.cos(a) * 86} L${400 + Math.sin(a) * 98} ${400 - Math.cos(a) * 98}" stroke="{dark}" stroke-width="${i % 3 ? 3 : 7}"/>`;
      }).join("")}
      <path d="M400 400 L400 330 M400 400 L452 428" stroke="{dark}" stroke-width="8" stroke-linecap="round"/>
      <rect x="522" y="385" width="22" height="30" rx="4" fill="{accent}"/>
      ${[190, 230, 570, 610].map((y) => `<path d="M362 ${y} L438 ${y}" stroke="{dark}" stroke-width="3" opacity="0.5"/>`).join("")}`,
    detail: [270, 270, 260, 260],
  },
  belt: {
    body: ["M120 360 L700 360 Q720 360 720 380 L720 430 Q720 450 700 450 L120 450 Z"],
    trim: `<rect x="150" y="330" width="120" height="150" rx="14" fill="none" stroke="{accent}" stroke-width="16"/>
      <path d="M210 340 L210 470" stroke="{accent}" stroke-width="10"/>
      ${[440, 500, 560, 620].map((x) => `<circle cx="${x}" cy="405" r="8" fill="{dark}"/>`).join("")}
      <path d="M290 372 L700 372 M290 438 L700 438" stroke="{light}" stroke-width="3" stroke-dasharray="10 7"/>`,
    detail: [130, 300, 260, 210],
  },
  scarf: {
    body: [
      "M260 170 Q400 260 540 170 L560 230 Q400 330 240 230 Z",
      "M300 250 L380 280 L372 640 L292 640 Z",
      "M420 280 L500 250 L508 600 L428 600 Z",
    ],
    trim: `${[330, 420, 510].map((y) => `<rect x="293" y="${y}" width="80" height="26" fill="{accent}"/>`).join("")}
      ${[300, 390, 480].map((y) => `<rect x="425" y="${y}" width="82" height="26" fill="{accent}"/>`).join("")}
      ${Array.from({ length: 7 }, (_, i) => `<path d="M${298 + i * 12} 640 l0 36" stroke="{dark}" stroke-width="4"/><path d="M${432 + i * 12} 600 l0 36" stroke="{dark}" stroke-width="4"/>`).join("")}
      <path d="M380 280 Q400 300 420 280" fill="none" stroke="{dark}" stroke-width="4"/>`,
    detail: [280, 300, 240, 240],
  },
  mittens: {
    body: [
      "M180 620 L180 380 Q180 260 265 260 Q350 260 350 380 L350 620 Z M350 420 Q395 400 392 460 L350 520 Z",
      "M450 620 L450 380 Q450 260 535 260 Q620 260 620 380 L620 620 Z M450 420 Q405 400 408 460 L450 520 Z",
    ],
    trim: `<rect x="168" y="560" width="194" height="80" rx="12" fill="{accent}"/>
      <rect x="438" y="560" width="194" height="80" rx="12" fill="{accent}"/>
      <path d="M205 400 l40 30 l40 -30 M475 400 l40 30 l40 -30" fill="none" stroke="{light}" stroke-width="8"/>
      <path d="M205 460 l40 30 l40 -30 M475 460 l40 30 l40 -30" fill="none" stroke="{light}" stroke-width="8"/>`,
    detail: [170, 250, 260, 260],
  },
  romper: {
    body: [
      "M335 200 Q400 250 465 200 L560 230 L610 320 L550 350 L525 310 L535 520 Q540 600 470 620 L430 620 Q410 560 400 560 Q390 560 370 620 L330 620 Q260 600 265 520 L275 310 L250 350 L190 320 L240 230 Z",
    ],
    trim: `<path d="M335 200 Q400 250 465 200" fill="none" stroke="{accent}" stroke-width="12"/>
      ${buttons(400, [290, 340, 390], 9)}
      <path d="M330 620 Q350 600 370 620 M430 620 Q450 600 470 620" fill="none" stroke="{accent}" stroke-width="10"/>
      <circle cx="460" cy="440" r="30" fill="{light}" opacity="0.85"/><circle cx="450" cy="432" r="5" fill="{dark}"/><circle cx="470" cy="432" r="5" fill="{dark}"/>
      <path d="M448 450 Q460 460 472 450" fill="none" stroke="{dark}" stroke-width="3"/>`,
    detail: [300, 180, 220, 220],
  },
  frock: {
    body: [
      "M335 210 Q400 250 465 210 L530 235 L560 300 L515 318 L505 300 L492 380 L600 620 Q400 660 200 620 L308 380 L295 300 L285 318 L240 300 L270 235 Z",
    ],
    trim: `<path d="M308 380 Q400 400 492 380" fill="none" stroke="{accent}" stroke-width="16"/>
      <path d="M372 386 L400 400 L428 386 L400 372 Z" fill="{accent}" stroke="{dark}" stroke-width="2"/>
      <path d="M200 620 Q225 650 250 625 Q275 655 300 628 Q325 658 350 630 Q375 660 400 632 Q425 660 450 630 Q475 658 500 628 Q525 655 550 625 Q575 650 600 620" fill="none" stroke="{light}" stroke-width="9"/>`,
    detail: [300, 190, 220, 220],
  },
  wallet: {
    body: ["M200 300 Q200 270 230 270 L570 270 Q600 270 600 300 L600 540 Q600 570 570 570 L230 570 Q200 570 200 540 Z"],
    trim: `<rect x="250" y="240" width="180" height="80" rx="8" fill="{light}" stroke="{dark}" stroke-width="3"/>
      <path d="M200 330 L600 330" stroke="{dark}" stroke-width="4"/>
      <path d="M215 290 L585 290 L585 555 L215 555 Z" fill="none" stroke="{accent}" stroke-width="3" stroke-dasharray="10 7"/>
      <rect x="520" y="390" width="80" height="70" rx="14" fill="{accent}" stroke="{dark}" stroke-width="3"/>
      <circle cx="560" cy="425" r="10" fill="{light}"/>`,
    detail: [220, 230, 260, 260],
  },
};

export const GARMENT_KINDS = Object.keys(SHAPES) as GarmentKind[];

function patternDefs(id: string, pattern: Pattern, color: string): string {
  const ink = shade(color, -0.28);
  const light = shade(color, 0.55);
  switch (pattern) {
    case "stripes":
      return `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(90)"><rect width="14" height="36" fill="${light}" opacity="0.7"/></pattern>`;
    case "dots":
      return `<pattern id="${id}" width="34" height="34" patternUnits="userSpaceOnUse"><circle cx="17" cy="17" r="5" fill="${light}"/></pattern>`;
    case "checks":
      return `<pattern id="${id}" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="24" height="48" fill="${ink}" opacity="0.35"/><rect width="48" height="24" fill="${ink}" opacity="0.35"/></pattern>`;
    case "paisley":
      return `<pattern id="${id}" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M20 30 q14 -22 26 0 q-5 18 -26 0" fill="${light}"/><circle cx="50" cy="52" r="3" fill="${light}"/></pattern>`;
    default:
      return "";
  }
}

export type DrawOptions = {
  view?: View;
  /** Width and height in pixels. */
  size?: number;
  /** Prefix for the ids inside the drawing, so several drawings can share one SVG document. */
  id?: string;
  /** false: the garment alone on a transparent background (for composed illustrations). */
  background?: boolean;
};

/**
 * One picture of a piece of clothing as an SVG document (800 × 800 pixels unless `size` says otherwise).
 * Deterministic: the same look and options always give the same drawing.
 */
export function drawGarment(look: Look, { view = "front", size = 800, id = "g", background = true }: DrawOptions = {}) {
  const shape = SHAPES[look.kind];
  const backdrop = look.backdrop ?? shade(look.color, 0.86);
  const tint = view === "alternate" ? shade(look.accent, 0.8) : backdrop;
  const dark = shade(look.color, -0.45);
  const light = shade(look.color, 0.6);
  const pattern = look.pattern ?? "plain";
  const viewBox = view === "detail" ? shape.detail.join(" ") : "0 0 800 800";
  const tilt = view === "tilted" ? ' transform="rotate(-9 400 400)"' : "";
  const trim = shape.trim.replaceAll("{accent}", look.accent).replaceAll("{dark}", dark).replaceAll("{light}", light);
  const bodies = shape.body
    .map((d) => `<path d="${d}" fill="${look.color}" stroke="${dark}" stroke-width="4" stroke-linejoin="round"/>`)
    .join("");
  const patterned =
    pattern === "plain" ? "" : shape.body.map((d) => `<path d="${d}" fill="url(#${id}-pattern)"/>`).join("");
  const shading = shape.body.map((d) => `<path d="${d}" fill="url(#${id}-shading)"/>`).join("");
  const scene = background
    ? `<rect x="-100" y="-100" width="1000" height="1000" fill="url(#${id}-bg)"/>
<ellipse cx="400" cy="715" rx="260" ry="26" fill="#000000" opacity="0.08"/>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${viewBox}">
<defs>
<radialGradient id="${id}-bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${shade(tint, 0.5)}"/><stop offset="1" stop-color="${tint}"/></radialGradient>
<linearGradient id="${id}-shading" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>
${patternDefs(`${id}-pattern`, pattern, look.color)}
</defs>
${scene}
<g${tilt}>${bodies}${patterned}${shading}${trim}</g>
</svg>`;
}

// Accessories: caps, beanies, bags, backpacks, sunglasses, watches, belts, scarves, mittens and wallets.
import { type Brush, f, type Point } from "../brush.ts";
import { band, circle, ellipse, random, rect, smooth } from "../geometry.ts";
import type { KindDrawing, View } from "../kind.ts";
import { type Piece, raised, ridge, shade, valley } from "../studio.ts";
import { hardwareCloseUp, swatch } from "./details.ts";
import { mirrorPath } from "./tops.ts";

const both = (d: string) => `${d}${mirrorPath(d)}`;

// ---- Baseball cap ----

function cap(b: Brush, view: View): Piece[] {
  if (view === "side") {
    const crown = "M190 500C180 380 250 260 380 246C500 240 570 320 580 470Z";
    const brim = "M560 452Q660 446 730 486Q736 508 712 516Q640 500 560 500Z";
    return [
      {
        outline: `${crown}${brim}`,
        paint: [
          b.cloth(crown),
          b.seam("M380 248Q420 360 430 480M380 248Q300 360 290 490", 1.6),
          b.stitch("M196 488Q380 456 576 462"),
          b.cloth(brim, { fabric: "twill" }),
          b.stitch("M576 462Q656 458 716 490M578 474Q652 470 708 500"),
          `<circle cx="380" cy="248" r="12" fill="${b.main}"/>`,
          `<circle cx="330" cy="320" r="6" fill="${b.dark}"/><circle cx="450" cy="330" r="6" fill="${b.dark}"/>`,
        ].join(""),
        relief: ridge("M260 420Q360 300 480 330", 60, 0.35) + raised(brim, 0.2),
        fabric: b.fabric,
        lift: 2,
      },
    ];
  }
  const crown = "M226 490C222 320 300 232 400 228C500 232 578 320 574 490Z";
  if (view === "back") {
    const opening = "M340 492Q340 420 400 418Q460 420 460 492Z";
    const strap = "M330 470H470V492H330Z";
    return [
      {
        outline: crown,
        paint: [
          b.cloth(crown),
          b.seam("M400 230V420M400 230Q330 330 300 490M400 230Q470 330 500 490", 1.6),
          b.stitch("M394 236V416M406 236V416"),
          `<path d="${opening}" fill="${shade(b.main, -0.6)}"/>`,
          b.cloth(strap, { color: b.dark, print: false, fabric: "canvas" }),
          `<rect x="386" y="466" width="28" height="30" rx="3" fill="none" stroke="${b.metal("silver")}" stroke-width="5"/>`,
          b.stitch("M232 484Q400 470 568 484", { color: b.dark }),
          `<circle cx="400" cy="228" r="12" fill="${b.main}"/>`,
        ].join(""),
        relief: ridge("M300 300Q360 250 450 270", 70, 0.35) + valley("M400 240V420", 8, 0.3),
        fabric: b.fabric,
        lift: 2,
      },
    ];
  }
  const brim = "M212 470Q400 436 588 470Q612 560 400 596Q188 560 212 470Z";
  const logo = `<g transform="translate(400 372)"><path d="M-34 10L-12 -22L0 -6L12 -22L34 10Z" fill="${b.accent}"/><path d="M-34 10H34" stroke="${b.accent}" stroke-width="5"/></g>`;
  const front: Piece = {
    outline: `${crown}${brim}`,
    paint: [
      b.cloth(crown),
      b.seam("M400 230V472M400 230Q318 330 300 470M400 230Q482 330 500 470", 1.6),
      b.stitch("M394 236V470M406 236V470"),
      `<circle cx="334" cy="300" r="6" fill="${b.dark}"/><circle cx="466" cy="300" r="6" fill="${b.dark}"/>`,
      logo,
      b.stitch(both("M366 346L400 342"), { color: shade(b.accent, -0.3), width: 1 }),
      b.edgeShadow("M212 470Q400 436 588 470", 12, 0.35),
      b.cloth(brim),
      ...[0, 12, 24, 36].map((k) =>
        b.stitch(`M${232 + k} ${486 + k * 0.6}Q400 ${460 + k} ${568 - k} ${486 + k * 0.6}`),
      ),
      `<circle cx="400" cy="228" r="12" fill="${b.main}"/>`,
    ].join(""),
    relief: ridge("M300 330Q360 260 460 290", 80, 0.35) + raised(brim, 0.2) + raised("M366 340H434V380H366Z", 0.15),
    fabric: b.fabric,
    lift: 2,
  };
  return view === "detail" ? swatch(b, ["logo"], "none") : [front];
}

// ---- Beanie ----

function pompom(b: Brush, [x, y]: Point, r: number): string {
  const rnd = random(7);
  let strands = "";
  for (let i = 0; i < 90; i++) {
    const a = rnd() * Math.PI * 2;
    const d = rnd() * r * 0.75;
    const sx = x + Math.cos(a) * d;
    const sy = y + Math.sin(a) * d;
    const ex = sx + Math.cos(a) * r * 0.4;
    const ey = sy + Math.sin(a) * r * 0.4;
    const c = i % 3 === 0 ? b.accent : i % 3 === 1 ? b.main : shade(b.main, 0.25);
    strands += `<path d="M${f(sx)} ${f(sy)}L${f(ex)} ${f(ey)}" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`;
  }
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${b.main}"/>${strands}<circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.5}" fill="#fff" fill-opacity="0.12"/>`;
}

function beanie(b: Brush, view: View): Piece[] {
  // From the back, laid with its cuff turned down: taller, the rib running to the crown's seam.
  const back = view === "back";
  const dome = back
    ? "M240 470C232 300 304 190 400 186C496 190 568 300 560 470Z"
    : "M236 520C226 340 300 230 400 226C500 230 574 340 564 520Z";
  const cuff = back
    ? "M236 450Q400 440 564 450L572 680Q400 696 228 680Z"
    : "M220 500Q400 484 580 500L586 610Q400 628 214 610Z";
  const hasPompom = b.style === "pompom";
  let ribs = "";
  let ribRelief = "";
  for (let x = 230; x <= 570; x += 14) {
    ribs += `<path d="M${x} 440V700" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>`;
    ribRelief += `<path d="M${x + 7} 440V700" stroke="#fff" stroke-opacity="0.5" stroke-width="7"/>`;
  }
  const clip = b.clip("cuff", cuff);
  let crownLines = "";
  for (const t of [-0.6, -0.2, 0.2, 0.6])
    crownLines += `<path d="M400 236Q${400 + t * 200} 320 ${400 + t * 170} 500" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="3"/>`;
  const p: Piece = {
    outline: hasPompom ? `${dome}${cuff}${circle([400, back ? 180 : 220], 62)}` : `${dome}${cuff}`,
    paint: [
      b.cloth(dome),
      crownLines,
      back ? b.seam("M400 192V680", 2) : "",
      back ? "" : b.edgeShadow("M220 500Q400 484 580 500", 12, 0.35),
      b.cloth(cuff),
      `<g clip-path="${clip}">${ribs}</g>`,
      view === "front" ? b.label([372, 536], 56, 30, shade(b.accent, 0.1), b.main) : "",
      hasPompom ? pompom(b, [400, back ? 180 : 220], 62) : "",
    ].join(""),
    relief: `${ridge("M300 400Q360 300 450 300", 80, 0.35)}${raised(cuff, 0.25)}<g clip-path="${clip}">${ribRelief}</g>${hasPompom ? raised(circle([400, back ? 180 : 220], 62), 0.5) : ""}`,
    fabric: b.fabric,
    lift: 1.8,
  };
  return view === "detail" ? swatch(b, [], "rib") : [p];
}

// ---- Handbags ----

function tote(b: Brush, view: View): Piece {
  const body = "M222 330L578 330L612 640Q612 664 588 664H212Q188 664 188 640Z";
  const handles = "M300 334C296 190 346 150 400 150C454 150 504 190 500 334";
  const paint = [
    `<path d="${handles}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="26" transform="translate(4 6)"/>`,
    `<path d="${handles}" fill="none" stroke="${shade(b.main, -0.15)}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="${handles}" fill="none" stroke="${shade(b.main, 0.3)}" stroke-width="1.5" stroke-dasharray="5 4" transform="translate(0 -7)"/>`,
    b.cloth(body),
    b.stitch("M232 344H568M230 344L200 646M570 344L600 646M206 648H594"),
    `<path d="M222 330L578 330L582 360L218 360Z" fill="#000" fill-opacity="0.12"/>`,
  ];
  for (const x of [300, 500])
    paint.push(
      `<path d="${rect(x - 18, 326, 36, 50, 6)}" fill="${shade(b.main, -0.2)}"/>`,
      b.stud([x, 352], 6, "gold"),
    );
  if (view === "front")
    paint.push(
      `<path d="${rect(372, 380, 56, 40, 6)}" fill="${b.metal("gold")}"/><rect x="388" y="392" width="24" height="16" rx="3" fill="#000" fill-opacity="0.3"/>`,
    );
  else paint.push(b.seam("M240 420H560", 2), b.stitch("M244 428H556"));
  return {
    outline: `${body}${band(
      [
        [300, 334],
        [306, 200],
        [400, 150],
        [494, 200],
        [500, 334],
      ],
      24,
    )}`,
    paint: paint.join(""),
    relief:
      ridge("M260 420Q300 540 250 640", 60, 0.35) +
      ridge("M520 400Q560 520 560 640", 50, 0.25) +
      valley("M400 360V660", 30, 0.15),
    fabric: "leather",
    lift: 2.4,
  };
}

/** A quilted bag from the back: smooth leather with a slip pocket. */
function plainBack(b: Brush, body: string, chain: string): Piece {
  const pocket = rect(250, 360, 300, 180, 18);
  const strap: [number, number][] = [
    [250, 310],
    [238, 180],
    [400, 110],
    [562, 180],
    [550, 310],
  ];
  return {
    outline: `${body}${band(strap, 14)}`,
    paint: `<path d="${chain}" fill="none" stroke="${b.metal("gold")}" stroke-width="12" stroke-dasharray="16 4" stroke-linecap="round"/>${b.cloth(body)}${b.edgeShadow("M250 360H550", 10, 0.3)}${b.cloth(pocket)}${b.stitch(rect(262, 372, 276, 156, 12))}${b.label([370, 560], 60, 20, shade(b.main, -0.1), b.main)}`,
    relief: raised(pocket, 0.2) + ridge("M260 420Q400 400 540 430", 80, 0.25),
    fabric: "leather",
    lift: 2.4,
  };
}

function crossbody(b: Brush, view: View): Piece {
  const body = rect(220, 300, 360, 300, 34);
  const flap = "M224 304Q224 300 254 300H546Q576 300 576 330L576 470Q576 500 400 520Q224 500 224 470Z";
  const chain = "M250 310C230 150 330 110 400 110C470 110 570 150 550 310";
  if (view === "back") return plainBack(b, body, chain);
  const clip = b.clip("flap", flap);
  let quilting = "";
  let quiltRelief = "";
  for (let k = -400; k < 400; k += 46) {
    quilting += `<path d="M${220 + k} 300L${520 + k} 600M${580 - k} 300L${280 - k} 600" stroke="#000" stroke-opacity="0.22" stroke-width="2.4"/>`;
    quiltRelief += `<path d="M${220 + k} 300L${520 + k} 600M${580 - k} 300L${280 - k} 600" stroke="#000" stroke-opacity="0.3" stroke-width="10"/>`;
  }
  return {
    outline: `${body}${band(
      [
        [250, 310],
        [238, 180],
        [400, 110],
        [562, 180],
        [550, 310],
      ],
      14,
    )}`,
    paint: [
      `<path d="${chain}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="14" transform="translate(4 6)"/>`,
      `<path d="${chain}" fill="none" stroke="${b.metal("gold")}" stroke-width="12" stroke-dasharray="16 4" stroke-linecap="round"/>`,
      `<path d="${chain}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="16 4"/>`,
      b.cloth(body),
      view === "front" ? b.edgeShadow("M224 470Q400 520 576 470", 12, 0.35) + b.cloth(flap) : "",
      `<g clip-path="${clip}">${quilting}</g>`,
      view === "front"
        ? `<rect x="378" y="470" width="44" height="34" rx="8" fill="${b.metal("gold")}"/><circle cx="400" cy="487" r="9" fill="${b.metal("gold", true)}" stroke="#000" stroke-opacity="0.3"/>`
        : b.label([370, 560], 60, 20, shade(b.main, -0.1), b.main),
    ].join(""),
    relief: `<g clip-path="${clip}">${quiltRelief}</g>${raised(flap, 0.2)}`,
    fabric: "leather",
    lift: 2.4,
  };
}

function handbag(b: Brush, view: View): Piece[] {
  const p =
    b.style === "crossbody"
      ? crossbody(b, view === "back" ? "back" : "front")
      : tote(b, view === "back" ? "back" : "front");
  return view === "detail" ? swatch(b, ["clasp"], "none") : [p];
}

// ---- Backpack ----

function backpack(b: Brush, view: View): Piece[] {
  const body = "M250 250Q250 160 340 160H460Q550 160 550 250L566 640Q566 676 530 676H270Q234 676 234 640Z";
  const handle = "M370 164Q370 120 400 120Q430 120 430 164";
  if (view === "back") {
    const panel = "M270 250Q272 200 320 196H480Q528 200 530 250L540 600H260Z";
    const straps = "M330 200C300 330 340 460 300 640L340 644C372 470 340 320 370 200Z";
    return [
      {
        outline: `${body}${band(
          [
            [370, 164],
            [372, 126],
            [400, 120],
            [428, 126],
            [430, 164],
          ],
          14,
        )}`,
        paint: [
          `<path d="${handle}" fill="none" stroke="${b.dark}" stroke-width="14" stroke-linecap="round"/>`,
          b.cloth(body),
          `<path d="${panel}" fill="${shade(b.main, -0.2)}"/><path d="${panel}" fill="${b.grain("mesh")}"/>`,
          b.edgeShadow(both(straps), 12, 0.35),
          b.cloth(both(straps), { color: shade(b.main, -0.1) }),
          b.stitch(both("M340 210C312 330 350 460 314 630")),
          `<rect x="306" y="560" width="44" height="30" rx="4" fill="none" stroke="#222" stroke-width="6"/><rect x="450" y="560" width="44" height="30" rx="4" fill="none" stroke="#222" stroke-width="6"/>`,
        ].join(""),
        relief: raised(panel, 0.15) + raised(both(straps), 0.45),
        fabric: "canvas",
        lift: 2.4,
      },
    ];
  }
  const pocket = "M286 430Q286 410 306 410H494Q514 410 514 430L520 620Q520 640 500 640H300Q280 640 280 620Z";
  const front: Piece = {
    outline: `${body}${band(
      [
        [370, 164],
        [372, 126],
        [400, 120],
        [428, 126],
        [430, 164],
      ],
      14,
    )}`,
    paint: [
      `<path d="${handle}" fill="none" stroke="${b.dark}" stroke-width="14" stroke-linecap="round"/>`,
      b.cloth(body),
      b.zip("M262 250Q262 176 340 172H460Q538 176 538 250", { color: b.dark, width: 6 }),
      b.puller([300, 186], 36, "gunmetal", 20),
      b.puller([500, 186], 36, "gunmetal", -20),
      b.edgeShadow(pocket, 10, 0.3),
      b.cloth(pocket, { color: b.accent, print: false }),
      b.zip("M296 426H504", { color: shade(b.accent, -0.3), width: 5 }),
      b.puller([470, 426], 30, "gunmetal"),
      b.stitch("M292 438H508M288 630H512", { color: shade(b.accent, -0.4) }),
      b.label([370, 560], 60, 30, "#2b2522", b.accent),
      b.stitch("M258 256L244 640M542 256L556 640"),
    ].join(""),
    relief: ridge("M300 260Q400 240 500 270", 60, 0.3) + raised(pocket, 0.35) + ridge("M270 300V620", 30, 0.2),
    fabric: "canvas",
    lift: 2.4,
  };
  return view === "detail" ? swatch(b, ["zip", "label"], "none") : [front];
}

// ---- Sunglasses ----

function sunglasses(b: Brush, view: View): Piece[] {
  const aviator = b.style === "aviator";
  const frame = aviator ? b.metal("gold") : b.main;
  const lensColor = aviator ? b.main : b.accent;
  const tint = b.def(
    "lens",
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(lensColor, -0.3)}"/><stop offset="1" stop-color="${shade(lensColor, 0.25)}"/></linearGradient>`,
  );
  const lens = aviator
    ? "M200 330Q200 308 240 306L362 306Q384 308 382 336Q378 420 330 456Q280 480 236 456Q196 420 200 330Z"
    : "M190 350Q186 300 250 306L360 316Q390 320 384 356Q374 430 300 446Q210 456 190 350Z";
  const lenses = both(lens);
  if (view === "side") {
    const temple = aviator ? "M250 360L640 356Q680 360 690 400" : "M250 356L636 348Q672 350 684 386";
    return [
      {
        outline: `${band(
          [
            [250, 360],
            [460, 358],
            [640, 356],
            [686, 396],
          ],
          aviator ? 8 : 16,
        )}${ellipse([220, 380], 40, 80)}`,
        paint: `<path d="${ellipse([220, 380], 34, 76)}" fill="${tint}" fill-opacity="0.9"/><path d="${ellipse([220, 380], 34, 76)}" fill="none" stroke="${frame}" stroke-width="${aviator ? 5 : 12}"/><path d="${temple}" fill="none" stroke="${frame}" stroke-width="${aviator ? 7 : 16}" stroke-linecap="round"/>`,
        relief: ridge(temple, 10, 0.4),
        fabric: "metal",
        lift: 2,
      },
    ];
  }
  const rim = aviator ? 6 : 20;
  const temples = "M190 330L220 430L570 440L600 330";
  const glasses: Piece = {
    outline: `${lenses}${band(
      [
        [184, 330],
        [382, 318],
        [418, 318],
        [616, 330],
      ],
      rim,
    )}`,
    paint: [
      `<path d="${temples}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${aviator ? 6 : 12}" transform="translate(4 6)"/>`,
      `<path d="${temples}" fill="none" stroke="${aviator ? b.metal("gold") : shade(b.main, -0.2)}" stroke-width="${aviator ? 5 : 12}" stroke-linejoin="round"/>`,
      `<path d="${lenses}" fill="${tint}" fill-opacity="0.92"/>`,
      `<path d="${both("M240 330Q300 320 340 340L300 420Q260 380 240 330Z")}" fill="#fff" fill-opacity="0.18"/>`,
      `<path d="${lenses}" fill="none" stroke="${frame}" stroke-width="${rim}"/>`,
      aviator
        ? `<path d="M382 318Q400 306 418 318M386 300Q400 294 414 300" fill="none" stroke="${frame}" stroke-width="6"/><circle cx="372" cy="372" r="8" fill="#fff" fill-opacity="0.5"/><circle cx="428" cy="372" r="8" fill="#fff" fill-opacity="0.5"/>`
        : `<path d="M384 340Q400 326 416 340" fill="none" stroke="${frame}" stroke-width="18"/><path d="M190 320Q170 300 186 292L240 300M610 320Q630 300 614 292L560 300" fill="none" stroke="${frame}" stroke-width="20" stroke-linecap="round"/>`,
      `<circle cx="196" cy="330" r="4" fill="${b.metal("silver", true)}"/><circle cx="604" cy="330" r="4" fill="${b.metal("silver", true)}"/>`,
    ].join(""),
    relief: aviator ? "" : `<path d="${lenses}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="18"/>`,
    fabric: aviator ? "metal" : "leather",
    lift: 1.8,
    transform: "translate(400 400) scale(1.3) translate(-400 -370)",
  };
  return view === "detail" ? hardwareCloseUp(b, "hinge") : [glasses];
}

// ---- Watch ----

function watch(b: Brush, view: View): Piece[] {
  const strapTop = "M352 110L448 110L446 290L354 290Z";
  const strapBottom = "M354 510L446 510L448 700L352 700Z";
  const caseOuter = circle([400, 400], 130);
  const steel = b.metal("silver", true);
  const dialFill = b.def(
    "dial",
    (id) =>
      `<radialGradient id="${id}" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="${shade(b.accent, 0.4)}"/><stop offset="1" stop-color="${shade(b.accent, -0.1)}"/></radialGradient>`,
  );
  const holes = [570, 605, 640, 675].map((y) => `<ellipse cx="400" cy="${y}" rx="5" ry="7" fill="#1b1410"/>`).join("");
  const straps = [
    b.cloth(strapTop, { fabric: "leather" }),
    b.cloth(strapBottom, { fabric: "leather" }),
    b.stitch("M362 118V286M438 118V286M362 514V692M438 514V692", { color: shade(b.main, 0.35) }),
    view === "back" ? "" : holes,
    view === "back"
      ? `<rect x="366" y="140" width="68" height="70" rx="6" fill="none" stroke="${steel}" stroke-width="8"/><path d="M400 140V210" stroke="${steel}" stroke-width="6"/>`
      : "",
  ].join("");
  if (view === "back") {
    return [
      {
        outline: `${strapTop}${strapBottom}${caseOuter}`,
        paint: [
          straps,
          `<path d="${caseOuter}" fill="${steel}"/>`,
          `<circle cx="400" cy="400" r="100" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
          ...[0, 90, 180, 270].map(
            (a) =>
              `<circle cx="${f(400 + Math.cos((a * Math.PI) / 180) * 112)}" cy="${f(400 + Math.sin((a * Math.PI) / 180) * 112)}" r="6" fill="${b.metal("gunmetal", true)}"/>`,
          ),
          `<circle cx="400" cy="400" r="40" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
          `<path d="M370 400H430M400 370V430" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
        ].join(""),
        relief: raised(caseOuter, 0.4) + raised(strapTop, 0.1) + raised(strapBottom, 0.1),
        fabric: "metal",
        lift: 2.2,
      },
    ];
  }
  const ticks = Array.from({ length: 60 }, (_, i) => {
    const a = (i * Math.PI) / 30;
    const r0 = i % 5 ? 94 : 84;
    return `<path d="M${f(400 + Math.sin(a) * r0)} ${f(400 - Math.cos(a) * r0)}L${f(400 + Math.sin(a) * 100)} ${f(400 - Math.cos(a) * 100)}" stroke="#2a2a2a" stroke-width="${i % 5 ? 1.2 : 4}"/>`;
  }).join("");
  const hands = `<path d="M400 400L400 332" stroke="#000" stroke-opacity="0.25" stroke-width="8" stroke-linecap="round" transform="translate(3 4)"/><path d="M400 400L452 428" stroke="#000" stroke-opacity="0.25" stroke-width="7" stroke-linecap="round" transform="translate(3 4)"/><path d="M400 400L400 332" stroke="#1f1f1f" stroke-width="7" stroke-linecap="round"/><path d="M400 400L452 428" stroke="#1f1f1f" stroke-width="6" stroke-linecap="round"/><path d="M400 420L380 310" stroke="#b91c1c" stroke-width="2.4"/><circle cx="400" cy="400" r="7" fill="${steel}"/>`;
  const face: Piece = {
    outline: `${strapTop}${strapBottom}${caseOuter}M526 384h22v32h-22z`,
    paint: [
      straps,
      `<rect x="526" y="384" width="22" height="32" rx="4" fill="${steel}"/>`,
      `<path d="${caseOuter}" fill="${steel}"/>`,
      `<circle cx="400" cy="400" r="112" fill="${dialFill}"/>`,
      ticks,
      `<rect x="378" y="440" width="44" height="8" rx="2" fill="#2a2a2a" opacity="0.6"/>`,
      hands,
      `<path d="M310 330Q380 270 470 300L450 330Q380 310 326 350Z" fill="#fff" fill-opacity="0.22"/>`,
    ].join(""),
    relief:
      raised(caseOuter, 0.45) +
      `<circle cx="400" cy="400" r="112" fill="#000" fill-opacity="0.2"/>` +
      raised(strapTop, 0.1) +
      raised(strapBottom, 0.1),
    fabric: "metal",
    lift: 2.2,
  };
  return view === "detail" ? hardwareCloseUp(b, "dial") : [face];
}

// ---- Belt ----

function belt(b: Brush, view: View): Piece[] {
  const color = view === "back" ? shade(b.main, 0.35) : b.main;
  const turns: Point[] = [];
  for (let t = 0; t <= Math.PI * 5.2; t += 0.25) {
    const r = 70 + t * 13;
    turns.push([400 + Math.cos(t) * r, 410 + Math.sin(t) * r * 0.94]);
  }
  const path = smooth(turns);
  const end = turns[turns.length - 1]!;
  const outline = band(turns, 60);
  const buckle = `<g transform="translate(${f(end[0])} ${f(end[1])}) rotate(-10)"><rect x="-34" y="-60" width="68" height="120" rx="14" fill="#000" fill-opacity="0.3" transform="translate(5 7)"/><rect x="-34" y="-60" width="68" height="120" rx="14" fill="none" stroke="${b.metal("silver")}" stroke-width="14"/><path d="M-20 0H30" stroke="${b.metal("silver")}" stroke-width="8" stroke-linecap="round"/></g>`;
  const p: Piece = {
    outline,
    paint: [
      `<path d="${path}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="62"/>`,
      `<path d="${path}" fill="none" stroke="${color}" stroke-width="58"/>`,
      `<path d="${path}" fill="none" stroke="${shade(color, 0.4)}" stroke-width="46" stroke-dasharray="6 4"/>`,
      `<path d="${path}" fill="none" stroke="${color}" stroke-width="42"/>`,
      `<path d="${path}" fill="none" stroke="${b.grain("leather")}" stroke-width="58"/>`,
      `<path d="${path}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="10" transform="translate(-6 -8)"/>`,
    ].join(""),
    relief: `<path d="${path}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="40"/>`,
    over: buckle,
    fabric: "leather",
    lift: 2,
  };
  if (view === "detail") return hardwareCloseUp(b, "buckle");
  return [p];
}

// ---- Scarf ----

function fringe(b: Brush, from: Point, to: Point, length: number, angle: number): string {
  let out = "";
  const n = 16;
  for (let i = 0; i <= n; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / n;
    const y = from[1] + ((to[1] - from[1]) * i) / n;
    const ex = x + Math.cos(angle) * length + ((i * 7) % 5) - 2;
    const ey = y + Math.sin(angle) * length;
    out += `<path d="M${f(x)} ${f(y)}L${f(ex)} ${f(ey)}" stroke="${b.main}" stroke-width="6" stroke-linecap="round"/><path d="M${f(x)} ${f(y)}L${f(ex)} ${f(ey)}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`;
  }
  return out;
}

function scarf(b: Brush, view: View): Piece[] {
  if (view === "back") {
    // Folded flat into a neat rectangle.
    const r = rect(220, 220, 360, 380, 10);
    return [
      {
        outline: r,
        paint:
          b.cloth(r) +
          `<path d="M226 300H574M226 520H574" stroke="${b.accent}" stroke-width="20"/>` +
          fringe(b, [230, 600], [570, 600], 40, Math.PI / 2),
        relief: ridge("M230 410H570", 30, 0.3) + valley("M230 415H570", 8, 0.3),
        fabric: b.fabric,
        lift: 1.6,
      },
    ];
  }
  const centre: Point[] = [
    [300, 130],
    [330, 260],
    [420, 380],
    [470, 500],
    [440, 640],
  ];
  const outline = band(centre, 170);
  const clip = b.clip("scarf", outline);
  const p: Piece = {
    outline,
    paint: [
      b.cloth(outline),
      `<g clip-path="${clip}"><path d="M180 170L420 110M170 220L430 160M330 640L560 600M320 600L550 560" stroke="${b.accent}" stroke-width="18"/></g>`,
      fringe(b, [216, 150], [386, 112], 40, -Math.PI / 2 - 0.25),
      fringe(b, [356, 640], [526, 640], 46, Math.PI / 2),
    ].join(""),
    relief: ridge(smooth(centre), 60, 0.35) + valley(smooth(centre.map(([x, y]) => [x + 50, y] as Point)), 20, 0.3),
    fabric: b.fabric,
    lift: 1.4,
  };
  return view === "detail" ? swatch(b, [], "fringe") : [p];
}

// ---- Mittens ----

function mitten(b: Brush, palm: boolean, mirrored: boolean, dx: number, dy: number): Piece {
  const shape = "M230 640L226 380Q226 250 300 246Q374 250 376 380L378 420Q418 400 420 450Q420 490 380 520L376 640Z";
  const cuff = "M220 600H384V700Q384 710 374 710H230Q220 710 220 700Z";
  const d = mirrored ? mirrorPath(shape) : shape;
  const c = mirrored ? mirrorPath(cuff) : cuff;
  let flakes = "";
  if (!palm) {
    const cx = mirrored ? 500 : 300;
    for (const [x, y] of [
      [cx, 420],
      [cx - 30, 520],
      [cx + 34, 540],
    ] as const) {
      flakes += `<path d="M${x} ${y - 20}V${y + 20}M${x - 18} ${y - 10}L${x + 18} ${y + 10}M${x + 18} ${y - 10}L${x - 18} ${y + 10}" stroke="${b.accent}" stroke-width="5" stroke-linecap="round"/>`;
    }
    flakes += `<path d="M${mirrored ? 430 : 240} 340H${mirrored ? 560 : 370}" stroke="${b.accent}" stroke-width="8" stroke-dasharray="8 6"/>`;
  }
  let ribs = "";
  for (let x = 226; x < 384; x += 12)
    ribs += `<path d="M${mirrored ? 800 - x : x} 604V706" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>`;
  return {
    outline: `${d}${c}`,
    paint: [
      b.cloth(d),
      flakes,
      palm
        ? b.cloth(ellipse([mirrored ? 500 : 300, 470], 56, 70), {
            color: shade(b.main, -0.2),
            print: false,
            fabric: "leather",
          })
        : "",
      b.cloth(c, { color: b.accent, print: false }),
      ribs,
    ].join(""),
    relief: ridge(mirrored ? "M520 300Q500 420 520 580" : "M280 300Q300 420 280 580", 50, 0.3) + raised(c, 0.2),
    fabric: b.fabric,
    lift: 1.6,
    transform: `translate(${dx} ${dy})`,
  };
}

function mittens(b: Brush, view: View): Piece[] {
  switch (view) {
    case "back":
      return [mitten(b, true, false, -50, -50), mitten(b, true, true, 50, -50)];
    case "folded":
      return [
        // One on the other, the top one palm up.
        mitten(b, false, true, -30, -70),
        mitten(b, true, false, 90, 20),
      ];
    case "detail":
      return swatch(b, ["motif"], "rib");
    default:
      return [mitten(b, false, false, -50, -50), mitten(b, false, true, 50, -50)];
  }
}

// ---- Wallet ----

function wallet(b: Brush, view: View): Piece[] {
  if (view === "detail") {
    // Open: two halves with card slots and cards in them.
    const left = rect(150, 250, 250, 320, 18);
    const right = rect(400, 250, 250, 320, 18);
    const cards = ["#1e3a8a", "#b91c1c", "#d4a017"]
      .map(
        (c, i) =>
          `<rect x="${430 + i * 4}" y="${280 + i * 46}" width="190" height="120" rx="10" fill="${c}"/><rect x="${450 + i * 4}" y="${300 + i * 46}" width="30" height="22" rx="4" fill="${b.metal("gold")}"/>`,
      )
      .join("");
    const slots = [0, 1, 2]
      .map(
        (i) =>
          `<path d="M410 ${330 + i * 46}H640V560H410Z" fill="${shade(b.main, -0.1 - i * 0.03)}"/><path d="M410 ${330 + i * 46}H640" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>`,
      )
      .join("");
    return [
      {
        outline: `${left}${right}`,
        paint: [
          b.cloth(left, { fabric: "leather" }),
          b.cloth(right, { fabric: "leather" }),
          cards,
          slots,
          b.stitch(rect(162, 262, 226, 296, 12), { color: b.accent }),
          b.stitch(rect(412, 262, 226, 296, 12), { color: b.accent }),
          `<path d="M400 252V568" stroke="#000" stroke-opacity="0.3" stroke-width="4"/>`,
        ].join(""),
        relief: valley("M400 252V568", 20, 0.4) + ridge("M180 300Q240 420 200 540", 40, 0.2),
        fabric: "leather",
        lift: 1.6,
      },
    ];
  }
  const body = rect(230, 270, 340, 270, 22);
  return [
    {
      outline: body,
      paint: [
        b.cloth(body, { fabric: "leather" }),
        b.stitch(rect(244, 284, 312, 242, 14), { color: b.accent }),
        view === "front"
          ? `<path d="M330 390Q400 340 470 390Q400 440 330 390Z" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="4"/><path d="M330 392Q400 342 470 392" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="3" transform="translate(1 2)"/>`
          : `<path d="M236 330H564" stroke="#000" stroke-opacity="0.3" stroke-width="3"/>`,
        `<path d="M236 276H564" stroke="#fff" stroke-opacity="0.2" stroke-width="4"/>`,
      ].join(""),
      relief: ridge("M260 320Q400 300 540 330", 50, 0.3) + valley("M236 536H564", 14, 0.3),
      fabric: "leather",
      lift: 2,
      transform: "translate(400 400) scale(1.4) translate(-400 -405)",
    },
  ];
}

export const ACCESSORIES: Record<string, KindDrawing> = {
  cap: { fabric: "twill", views: ["front", "back", "detail", "side"], draw: cap },
  beanie: { fabric: "knit", views: ["front", "back", "detail"], draw: beanie },
  handbag: { fabric: "leather", views: ["front", "back", "detail"], draw: handbag },
  backpack: { fabric: "canvas", views: ["front", "back", "detail"], draw: backpack },
  sunglasses: { fabric: "metal", views: ["front", "side", "detail"], draw: sunglasses },
  watch: { fabric: "leather", views: ["front", "back", "detail"], draw: watch },
  belt: { fabric: "leather", views: ["front", "back", "detail"], draw: belt },
  scarf: { fabric: "wool", views: ["front", "back", "detail"], draw: scarf },
  mittens: { fabric: "knit", views: ["front", "back", "detail", "folded"], draw: mittens },
  wallet: { fabric: "leather", views: ["front", "back", "detail"], draw: wallet },
};

// How a demo product looks: the words the catalogue (db/demo/catalogue.ts) describes its pictures in. The
// drawing code (demo-art/) reads them to draw the pictures committed in db/demo/pictures/; nothing here draws.

/** The garments and accessories demo-art/ can draw. */
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

/** A print over the piece's main colour. */
export type Pattern = "plain" | "stripes" | "dots" | "checks" | "paisley";

/** What a piece is made of: its grain, how deep its relief looks and how much it shines. */
export type Fabric =
  | "jersey"
  | "pique"
  | "fleece"
  | "poplin"
  | "linen"
  | "denim"
  | "twill"
  | "knit"
  | "wool"
  | "nylon"
  | "leather"
  | "canvas"
  | "mesh"
  | "silk"
  | "rubber"
  | "metal";

/**
 * The photographs of a product: the whole piece from the front and from the back, a close-up of one of its
 * details (collar, weave, sole, clasp...), and for some kinds a fourth: from the side, or folded.
 */
export type View = "front" | "back" | "detail" | "side" | "folded";

export type Look = {
  kind: GarmentKind;
  /** Main colour (#rrggbb). */
  color: string;
  /** Trims, buttons, borders, prints. */
  accent: string;
  pattern?: Pattern;
  /** What it is made of, when not the kind's usual fabric (denim trousers, linen shorts...). */
  fabric?: Fabric;
  /** A variant of the kind (a zip hoodie, a cable-knit sweater, aviator sunglasses...). */
  style?: string;
};

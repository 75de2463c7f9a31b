// The shop settings: one row, kept in this process and read again when its `version` (raised with every change)
// is no longer the one kept. The version is one small query per read, so a change saved through another app
// server (several over one database, docs/decisions/0147) is seen by the very next request here.
import { eq, sql } from "drizzle-orm";
import { type Db, db, first, preparedPerConnection, type Tx, transaction } from "#app/lib/db.server.ts";
import type { Pricing } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import { bumpCatalogueVersion } from "#app/modules/catalog/index.server.ts";
import { deleteProductImages, type ImageUpload, storeProductImage } from "#app/modules/inventory/index.server.ts";
import { type ShopInfo, UNNAMED_SHOP } from "#app/modules/shop/shared/shop.ts";
import type { ShopSettingsInput } from "#app/modules/shop/shared/shop-settings-schema.ts";
import { shopSettings as settingsTable } from "#db/tables.ts";

export type ShopSettings = typeof settingsTable.$inferSelect;

/** The row as this process last read it, per database (tests open one per file). */
const kept = new WeakMap<Db, ShopSettings>();
/** Raised by every change to `kept`: a read that began before one does not keep what it read (it may be older). */
let generation = 0;

/** The settings row's version, by a query prepared once per connection (asked on every read of the settings). */
const settingsVersionOn = preparedPerConnection((connection) =>
  connection.select({ version: settingsTable.version }).from(settingsTable).where(eq(settingsTable.id, 1)).prepare(),
);

/** The shop settings: the kept copy while the row's version is still its version, else read again. */
export async function shopSettings(): Promise<ShopSettings> {
  const connection = db();
  const known = kept.get(connection);
  if (known && (await settingsVersionOn(connection))?.version === known.version) return known;
  const readAt = generation;
  const settings = await first(connection.select().from(settingsTable).where(eq(settingsTable.id, 1)));
  if (!settings) throw new Error("The shop_settings row is missing (migration 0008 writes it)");
  if (generation === readAt) kept.set(connection, settings);
  return settings;
}

/** The settings' money part, as computeTotals takes it. */
export function shopPricing(settings: ShopSettings): Pricing {
  return {
    taxRateBasisPoints: settings.taxRateBasisPoints,
    taxIncluded: settings.taxIncluded,
    shippingFlatCents: settings.shippingFlatCents,
    freeShippingFromCents: settings.freeShippingFromCents,
  };
}

/** What every page may know of the shop (not the policies: their own pages read them). */
export function shopInfo(settings: ShopSettings): ShopInfo {
  return {
    ...shopPricing(settings),
    name: settings.name,
    tagline: settings.tagline,
    logoUrl: settings.logoUrl,
    contactEmail: settings.contactEmail,
    phone: settings.phone,
    address: settings.address,
    openingHours: settings.openingHours,
    currency: settings.currency,
    returnDays: settings.returnDays,
    demo: settings.demo,
    country: settings.country,
    locale: settings.locale,
  };
}

/**
 * Saves the settings form: the logo (when one was sent) goes through the product pictures' checks first, then
 * one transaction writes the row, raises its version and the catalogue's (so no kept catalogue page shows the
 * old settings), and this process's copy is dropped. A replaced logo's files are removed after the commit.
 */
export async function updateShopSettings(
  input: ShopSettingsInput,
  logo: ImageUpload | undefined,
  expectedVersion?: number,
): Promise<ShopSettings> {
  const before = await shopSettings();
  const logoUrl = logo ? await storeProductImage(logo.bytes, "The logo") : input.removeLogo ? "" : before.logoUrl;
  const { removeLogo: _removeLogo, ...values } = input;
  let saved: ShopSettings;
  try {
    saved = await transaction(async (tx) => {
      const current = await first(tx.select().from(settingsTable).where(eq(settingsTable.id, 1)));
      if (!current) throw new Error("The shop_settings row is missing");
      if (expectedVersion !== undefined && current.version !== expectedVersion) {
        refuse(
          "The settings were changed meanwhile (in another tab?). Reload the page and make your changes again.",
          409,
        );
      }
      const [row] = await tx
        .update(settingsTable)
        .set({ ...values, logoUrl, version: sql`${settingsTable.version} + 1`, updatedAt: Date.now() })
        .where(eq(settingsTable.id, 1))
        .returning();
      if (!row) throw new Error("The shop_settings row is missing");
      await bumpCatalogueVersion(tx);
      return row;
    });
  } catch (error) {
    if (logo) await deleteProductImages([logoUrl]);
    throw error;
  }
  generation++;
  kept.set(db(), saved);
  if (before.logoUrl && before.logoUrl !== saved.logoUrl) await deleteProductImages([before.logoUrl]);
  return saved;
}

/**
 * Names the shop, in the caller's transaction (the first-run setup page): the name and the sender name of its
 * mail; the catalogue version goes up so no kept page shows the old name. Call forgetShopSettings() once the
 * transaction has committed.
 */
export async function nameShop(tx: Tx, name: string): Promise<void> {
  await tx
    .update(settingsTable)
    .set({ name, mailSenderName: name, version: sql`${settingsTable.version} + 1`, updatedAt: Date.now() })
    .where(eq(settingsTable.id, 1));
  await bumpCatalogueVersion(tx);
}

/** The demo shop's words (db/demo/shop.ts): its name, tagline, contact details, policies and returns promise. */
export type DemoShopSettings = Pick<
  ShopSettings,
  | "name"
  | "mailSenderName"
  | "tagline"
  | "contactEmail"
  | "phone"
  | "address"
  | "openingHours"
  | "shippingPolicy"
  | "returnsPolicy"
  | "privacyPolicy"
  | "termsPolicy"
  | "returnDays"
>;

/**
 * Makes the shop the demo shop, in the seed's transaction with the demo catalogue: `demo` (its offers) and the
 * demo's words in every field the owner left empty, never over what they wrote. Call forgetShopSettings() once
 * the transaction has committed.
 */
export async function makeDemoShop(tx: Tx, words: DemoShopSettings): Promise<void> {
  const current = await first(tx.select().from(settingsTable).where(eq(settingsTable.id, 1)));
  if (!current) throw new Error("The shop_settings row is missing (migration 0008 writes it)");
  const filled = Object.fromEntries(
    Object.entries(words).filter(([field]) => {
      const now = current[field as keyof DemoShopSettings];
      // A shop not yet named is "Online Shop" (migration 0010): the demo names it, as it fills an empty field.
      return now === "" || now === null || ((field === "name" || field === "mailSenderName") && now === UNNAMED_SHOP);
    }),
  );
  await tx
    .update(settingsTable)
    .set({ ...filled, demo: true, version: sql`${settingsTable.version} + 1`, updatedAt: Date.now() })
    .where(eq(settingsTable.id, 1));
  await bumpCatalogueVersion(tx);
}

/** Forgets this process's copy: the next read goes to the database (another process changed the row). */
export function forgetShopSettings(): void {
  generation++;
  kept.delete(db());
}

// The shop's name as the setup page asks for it: it names the shop in the shop settings (app/modules/shop).
import { eq } from "drizzle-orm";
import { db, first, type Tx } from "#app/lib/db.server.ts";
import { forgetShopSettings, nameShop } from "#app/modules/shop/index.server.ts";
import { shopSettings } from "#db/tables.ts";

/** Names the shop (the name is already checked by the setup schema) in the caller's transaction. */
export async function saveShopName(name: string, tx: Tx): Promise<void> {
  await nameShop(tx, name);
}

/** After the setup's transaction committed: this process reads the settings again. */
export const shopNameSaved = forgetShopSettings;

/** The shop's name as the database holds it now. */
export async function savedShopName(): Promise<string> {
  const row = await first(db().select({ name: shopSettings.name }).from(shopSettings).where(eq(shopSettings.id, 1)));
  return row?.name ?? "";
}

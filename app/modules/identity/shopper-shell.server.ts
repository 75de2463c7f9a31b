// What every shopper page's header needs: who is signed in and how many items the cart holds.
// Kept apart from the visitor-independent page data so that catalogue pages can be cached later.
import type { HeaderUser } from "#app/components/header.tsx";
import { cartCount } from "#app/modules/cart/index.server.ts";
import type { ShopperUser } from "./accounts.server.ts";

export async function shopperShell(
  request: Request,
  shopper: ShopperUser | null,
): Promise<{ user: HeaderUser; cartCount: number }> {
  return { user: shopper ? { name: shopper.name } : null, cartCount: await cartCount(request, shopper?.id ?? null) };
}

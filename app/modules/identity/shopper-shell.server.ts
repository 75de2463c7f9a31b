// What every shopper page's header needs: who is signed in, how many items the cart holds, and which products
// they saved (the Save buttons' state and the header's count). Kept apart from the visitor-independent page data,
// so catalogue pages stay the same for every visitor without cookies (the page cache keeps only those).
import { cartCount } from "#app/modules/cart/index.server.ts";
import { savedProductIds } from "#app/modules/saved/index.server.ts";
import type { ShopperUser } from "./accounts.server.ts";

/** Who the header greets: the signed-in shopper's name, or nobody (the header's HeaderUser has this shape). */
export type ShellUser = { name: string } | null;

export async function shopperShell(
  request: Request,
  shopper: ShopperUser | null,
): Promise<{ user: ShellUser; cartCount: number; savedIds: string[] }> {
  const userId = shopper?.id ?? null;
  return {
    user: shopper ? { name: shopper.name } : null,
    cartCount: await cartCount(request, userId),
    savedIds: await savedProductIds(request, userId),
  };
}

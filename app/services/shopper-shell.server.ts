// What every shopper page's header needs: who is signed in and how many items the cart holds.
// Kept apart from the visitor-independent page data so that catalogue pages can be cached later.
import type { HeaderUser } from "#app/components/header.tsx";
import { getUser } from "./accounts.server.ts";
import { cartCount } from "./cart.server.ts";

export async function shopperShell(request: Request): Promise<{ user: HeaderUser; cartCount: number }> {
  const user = await getUser(request);
  return { user: user ? { name: user.name } : null, cartCount: await cartCount(request, user?.id ?? null) };
}

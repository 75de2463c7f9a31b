// What every shopper page's header needs: who is signed in and how many items the cart holds.
// Kept apart from the visitor-independent page data so that catalogue pages can be cached later.
import type { HeaderUser } from "#app/components/header.tsx";

export async function shopperShell(_request: Request): Promise<{ user: HeaderUser; cartCount: number }> {
  // Accounts and cart arrive with their issue (#3); until then nobody is signed in and the cart is empty.
  return { user: null, cartCount: 0 };
}

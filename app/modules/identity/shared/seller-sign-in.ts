// What the seller area's guard throws for anyone but the seller (app/middleware/identity.server.ts), and how
// the root error boundary recognises it to show the seller sign-in form on the page that was asked for.
export const SELLER_SIGN_IN = { signIn: "seller" } as const;

export function isSellerSignIn(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { signIn?: unknown }).signIn === "seller";
}

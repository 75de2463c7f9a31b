// Who sent the request, read once per request by the root middleware and kept in the router context:
// loaders and actions read the signed-in shopper or seller from there instead of the cookies.
import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { Refusal } from "#app/lib/refusal.ts";
import { getSeller, getUser, type Seller, type ShopperUser } from "#app/modules/identity/index.server.ts";
import { SELLER_SIGN_IN } from "#app/modules/identity/shared/seller-sign-in.ts";

type Context = Readonly<RouterContextProvider>;

const shopperContext = createContext<ShopperUser | null>(null);
const sellerContext = createContext<Seller | null>(null);

/** Reads the shopper and seller sessions into the context (a visitor without cookies costs no query). */
export async function readIdentity(request: Request, context: Context): Promise<void> {
  const [shopper, seller] = await Promise.all([getUser(request), getSeller(request)]);
  context.set(shopperContext, shopper);
  context.set(sellerContext, seller);
}

/** The signed-in shopper, or null. */
export function shopperOf(context: Context): ShopperUser | null {
  return context.get(shopperContext);
}

/** The signed-in seller, or null (a shopper's session never counts). */
export function sellerOf(context: Context): Seller | null {
  return context.get(sellerContext);
}

/** The signed-in shopper; anyone else is sent to `elsewhere` (by default the login modal over the home page). */
export function requireShopper(context: Context, elsewhere = "/?login"): ShopperUser {
  const shopper = shopperOf(context);
  if (!shopper) throw redirect(elsewhere);
  return shopper;
}

/** For /api calls: the signed-in shopper, or a 401 refusal. */
export function shopperForApi(context: Context): ShopperUser {
  const shopper = shopperOf(context);
  if (!shopper) throw new Refusal("Not Authorized", 401);
  return shopper;
}

/** For /api calls: the signed-in seller, or a 401 refusal. */
export function sellerForApi(context: Context): Seller {
  const seller = sellerOf(context);
  if (!seller) throw new Refusal("Not authorized", 401);
  return seller;
}

/**
 * The seller area's one guard (middleware of the /seller layout): a signed-in seller goes on; anyone else
 * gets the seller sign-in form on the page they asked for (401), and a form post from a session that has
 * ended goes to /seller-login. Nothing below it runs for them.
 */
export const requireSellerArea: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (sellerOf(context)) return next();
  if (request.method === "POST") throw redirect("/seller-login", 303);
  throw data(SELLER_SIGN_IN, { status: 401 });
};

/** Inside the seller area (after its guard): the seller. */
export function signedInSeller(context: Context): Seller {
  const seller = sellerOf(context);
  // The guard above lets nobody else through; reaching this without a seller is a bug, not a refusal.
  if (!seller) throw new Error("The seller area was reached without a signed-in seller");
  return seller;
}

// POST /api/order/stripe: `{items: [{product, quantity}], address}` → `{success, url}`. The same checks and
// amounts as a cash order (placeOrder recomputes everything); the client then sends the browser to `url`.
import { apiError, apiHandler, readJson } from "#app/lib/http.server.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { OrderError, type OrderLineInput } from "#app/services/orders.server.ts";
import { startOnlineCheckout } from "#app/services/payments.server.ts";
import type { Route } from "./+types/order-stripe";

export function loader() {
  return apiError("Use POST to place an order.", 405);
}

export async function action({ request }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await getUser(request);
    if (!user) return apiError("Please log in to place your order.", 401);
    const body = (await readJson(request)) as { items?: unknown; address?: unknown } | null;
    const items = body?.items;
    try {
      const { url } = await startOnlineCheckout({
        userId: user.id,
        addressId: typeof body?.address === "string" ? body.address : null,
        // The spec's `{product, quantity}`; placeOrder checks the shape, ids and quantities.
        items: (Array.isArray(items)
          ? items.map((item) => ({ productId: item?.product, quantity: item?.quantity }))
          : items) as OrderLineInput[],
        origin: new URL(request.url).origin,
      });
      return Response.json({ success: true, url, message: "Redirecting to payment" });
    } catch (error) {
      if (error instanceof OrderError) return apiError(error.message, error.status);
      throw error;
    }
  });
}

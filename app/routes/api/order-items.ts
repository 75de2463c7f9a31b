// The spec's order items, `items: [{ product, quantity }]`, as the checkout service reads lines
// (`{ productId, quantity }`); the service checks every one of them.
export function orderItemsOf(body: Record<string, unknown>): unknown {
  if (!Array.isArray(body.items)) return body.items ?? null;
  return body.items.map((item: unknown) => {
    const { product, quantity } = (item ?? {}) as { product?: unknown; quantity?: unknown };
    return { productId: product, quantity };
  });
}

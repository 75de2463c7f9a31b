// The spec's order items, `items: [{ product, quantity, size? }]` (size: for a product with sizes), as the
// checkout service reads lines (`{ productId, size, quantity }`); the service checks every one of them.
export function orderItemsOf(body: Record<string, unknown>): unknown {
  if (!Array.isArray(body.items)) return body.items ?? null;
  return body.items.map((item: unknown) => {
    const { product, quantity, size } = (item ?? {}) as { product?: unknown; quantity?: unknown; size?: unknown };
    return { productId: product, quantity, size };
  });
}

// The spec's order items, `items: [{ product, quantity, size? }]` (size: for a product with sizes), as the
// checkout service reads lines (`{ productId, size, quantity }`); the service checks every one of them.
export function orderItemsOf(body: Record<string, unknown>): unknown {
  if (!Array.isArray(body.items)) return body.items ?? null;
  return body.items.map((item: unknown) => {
    const { product, quantity, size } = (item ?? {}) as { product?: unknown; quantity?: unknown; size?: unknown };
    return { productId: product, quantity, size };
  });
}

/**
 * An order's address as the spec's Order shape has it ("address (fields above)", the Address's fields from
 * `_id`): the id of the address it was sent to (kept when that address was deleted since; null when not
 * known) and the fields as they were when the order was placed.
 */
export function orderAddressJson(addressId: string | null, kept: object) {
  const { id: _copiedFrom, ...fields } = kept as Record<string, unknown>;
  return { _id: addressId, ...fields };
}

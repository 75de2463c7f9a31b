// The `intent` values of forms with several actions: the buttons and the actions read them from here.

/** The /cart action: cart changes from any page, and placing the order. */
export const CART_INTENTS = {
  add: "add",
  buyNow: "buy-now",
  setQuantity: "set-quantity",
  remove: "remove",
  placeOrder: "place-order",
  applyCode: "apply-code",
  removeCode: "remove-code",
} as const;

/** The seller's product list: the In Stock toggle, the counts, and taking a product off sale or back on. */
export const PRODUCT_LIST_INTENTS = { stock: "stock", counts: "counts", remove: "remove", restore: "restore" } as const;

/** The seller's orders list: moving an order to its next status. */
export const ORDER_INTENTS = { status: "status" } as const;

/** The seller's discount codes: pause or resume, delete. */
export const DISCOUNT_INTENTS = { pause: "pause", resume: "resume", delete: "delete" } as const;

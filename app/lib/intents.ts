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
export const PRODUCT_LIST_INTENTS = {
  stock: "stock",
  counts: "counts",
  remove: "remove",
  restore: "restore",
  /** Every demo product at once (app/modules/inventory/demo.server.ts). */
  removeDemo: "remove-demo",
} as const;

/**
 * The seller's orders list: moving an order to its next status, a cash order marked paid (or undone), a delivered
 * order marked returned, a failed refund tried again.
 */
export const ORDER_INTENTS = {
  status: "status",
  cashPaid: "cash-paid",
  cashUnpaid: "cash-unpaid",
  returned: "returned",
  retryRefund: "retry-refund",
} as const;

/** The Save button and /saved: keep a product in the saved items, or take it out. */
export const SAVED_INTENTS = { save: "save", unsave: "unsave" } as const;

/** The product page's review forms: write or change one's review, delete it. */
export const REVIEW_INTENTS = { save: "review-save", delete: "review-delete" } as const;

/** The seller's reviews list: hide, show (or approve a held one), reply; and the hold-for-approval setting. */
export const SELLER_REVIEW_INTENTS = {
  hide: "hide",
  publish: "publish",
  reply: "reply",
  settings: "settings",
} as const;

/** The seller's discount codes: pause or resume, delete. */
export const DISCOUNT_INTENTS = { pause: "pause", resume: "resume", delete: "delete" } as const;

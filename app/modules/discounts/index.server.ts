// The discounts module's front door: routes and other modules import from here only.
export {
  applyCartCode,
  type CartDiscount,
  CODE_APPLIED,
  CODE_REMOVED,
  cartDiscount,
  clearCartCode,
  readCartCode,
  removeCartCode,
  savedCartCode,
} from "./cart-code.server.ts";
export {
  type AppliedDiscount,
  checkDiscount,
  confirmDiscountUse,
  DISCOUNT_REFUSALS,
  type DiscountCode,
  type DiscountLine,
  deleteDiscount,
  discountFor,
  findDiscount,
  listDiscounts,
  releaseDiscountUse,
  type SellerDiscount,
  saveDiscount,
  setDiscountPaused,
  takeDiscountUse,
} from "./discounts.server.ts";

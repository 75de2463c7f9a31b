// The cart module's front door: routes and other modules import from here only.

export {
  apiCart,
  changeCart,
  clearSavedCart,
  MAX_CART_LINES,
  mergeVisitorCart,
  readSavedCart,
  removeFromSavedCart,
  replaceSavedCart,
  savedCartIn,
  updateSavedCartFromApi,
} from "./cart.server.ts";
export {
  type OrderLineInput,
  parseCartChange,
  parseOrderLines,
  parseProductId,
  parseQuantity,
} from "./cart-input.server.ts";
export {
  type CartLine,
  cartCount,
  refuseUnseenStockCuts,
  settleCart,
  viewCartIn,
  viewSavedCartIn,
} from "./cart-view.server.ts";
export { readVisitorCart } from "./visitor-cart.server.ts";

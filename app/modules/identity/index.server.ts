// The identity module's front door: routes and other modules import from here only.
export { type AuthMode, authenticate, getUser, type ShopperUser, signIn, signOut } from "./accounts.server.ts";
export {
  type Address,
  addAddress,
  addressLabel,
  addressSnapshot,
  listAddresses,
  MAX_ADDRESSES,
  parseAddress,
} from "./addresses.server.ts";
export {
  isResetTokenUsable,
  RESET_LINK_MS,
  requestPasswordReset,
  resetPassword,
  resetUrl,
} from "./password-reset.server.ts";
export { hashPassword } from "./passwords.server.ts";
export {
  addFirstSeller,
  createSeller,
  DEMO_SELLER,
  ensureDemoSeller,
  getSeller,
  hasSeller,
  resetSellerPassword,
  type Seller,
  sellerRedirectTarget,
  signInSeller,
} from "./sellers.server.ts";
export { endSession, SESSION_COOKIE_NAMES, startSession } from "./sessions.server.ts";
export { type ShellUser, shopperShell } from "./shopper-shell.server.ts";
export { clientKey, startAttempt, THROTTLE_RULES } from "./throttle.server.ts";

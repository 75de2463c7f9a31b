// The shop module's front door: the shop settings (name, contact, money, policies), read once per change.

export { policyText } from "./policies.server.ts";
export {
  type DemoShopSettings,
  forgetShopSettings,
  makeDemoShop,
  nameShop,
  type ShopSettings,
  shopInfo,
  shopPricing,
  shopSettings,
  updateShopSettings,
} from "./settings.server.ts";

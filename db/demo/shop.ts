// DEMO DATA: the demo shop's own words, written into the shop settings by db/seed.ts with the demo catalogue
// (the fields an owner left empty only). A shop started with DEMO=off never gets them (migration 0009 removes
// them from the row 0008 made); the demo's offers (/deals) show only while the settings say `demo`.
import type { DemoShopSettings } from "#app/modules/shop/index.server.ts";

export const DEMO_SHOP: DemoShopSettings = {
  name: "Trendora",
  mailSenderName: "Trendora",
  tagline: "Fashion for everyone",
  contactEmail: "support@trendora.example",
  phone: "+1 (415) 555-0134",
  address: "Trendora Fashion Showroom\n245 Market Street, Suite 300\nSan Francisco, CA 94105\nUnited States",
  openingHours: "Mon-Fri 9 AM - 8 PM\nSat-Sun 10 AM - 6 PM",
  shippingPolicy:
    "We ship every order within **2 working days**.\n\n- Shipping is free on every order.\n- You get a mail when your order is on its way.",
  returnsPolicy:
    "You can return any item within **30 days** of delivery, unworn and with its tags.\n\n- Write to us with your order number.\n- We refund the amount you paid once the item is back.",
  privacyPolicy:
    "We keep only what we need to deliver your orders: your name, your email, your addresses and your orders.\n\n- We never sell your data.\n- Ask us to see or delete what we hold about you.",
  termsPolicy:
    "By placing an order you agree to pay the amount shown at checkout.\n\n- Prices include the tax only where the product page says so.\n- An order can be cancelled until it is shipped.",
  returnDays: 30,
};

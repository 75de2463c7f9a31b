import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the spec's table, listed explicitly. Each area keeps to its own block.
export default [
  // Storefront
  index("routes/home.tsx"),
  route("products/:category?", "routes/products.tsx"),
  route("products/:category/:id", "routes/product.tsx"),
  route("deals", "routes/deals.tsx"),
  route("contact", "routes/contact.tsx"),
  route("policies/:policy", "routes/policy.tsx"),
  route("loader", "routes/loader.tsx"),
  route("uploads/:file", "routes/uploads.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  // Accounts, cart, addresses, orders
  route("cart", "routes/cart.tsx"),
  route("saved", "routes/saved.tsx"),
  route("add-address", "routes/add-address.tsx"),
  route("my-orders", "routes/my-orders.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // The first seller without a terminal: the one-time link the server prints while no seller exists.
  route("setup", "routes/setup.tsx"),

  // Online payment
  // The built-in Stripe sandbox (404 unless the payment mode is "sandbox"): its REST API and hosted page.
  route("v1/*", "routes/stripe-sandbox/api.ts"),
  route("stripe-sandbox/checkout/:sessionId", "routes/stripe-sandbox/checkout.ts"),

  // Seller area
  route("seller-login", "routes/seller-login.tsx"),
  route("seller/logout", "routes/seller/logout.tsx"),
  route("seller", "routes/seller/layout.tsx", [
    index("routes/seller/add-product.tsx"),
    route("product-list", "routes/seller/product-list.tsx"),
    route("orders", "routes/seller/orders.tsx"),
    route("orders/:id/refund", "routes/seller/refund.tsx"),
    route("products/:id", "routes/seller/edit-product.tsx"),
    route("overview", "routes/seller/overview.tsx"),
    route("reviews", "routes/seller/reviews.tsx"),
    route("discounts", "routes/seller/discounts.tsx"),
    route("discounts/:id", "routes/seller/discount-edit.tsx"),
    route("orders.csv", "routes/seller/export-orders.ts"),
    route("products.csv", "routes/seller/export-products.ts"),
    route("settings", "routes/seller/settings.tsx"),
  ]),

  // /api resource routes
  ...prefix("api", [
    // Storefront
    route("product/list", "routes/api/product-list.ts"),
    route("subscribe", "routes/api/subscribe.ts"),
    // Accounts, cart, addresses, orders
    route("user/is-auth", "routes/api/user-is-auth.ts"),
    route("user/login", "routes/api/user-login.ts"),
    route("user/register", "routes/api/user-register.ts"),
    route("user/logout", "routes/api/user-logout.ts"),
    route("cart/update", "routes/api/cart-update.ts"),
    route("address/get", "routes/api/address-get.ts"),
    route("address/add", "routes/api/address-add.ts"),
    route("order/cod", "routes/api/order-cod.ts"),
    route("order/user", "routes/api/order-user.ts"),
    // Online payment
    route("order/stripe", "routes/api/order-stripe.ts"),
    route("stripe/webhook", "routes/api/stripe-webhook.ts"),
    // Seller area
    route("seller/login", "routes/api/seller-login.ts"),
    route("seller/is-auth", "routes/api/seller-is-auth.ts"),
    route("seller/logout", "routes/api/seller-logout.ts"),
    route("product/add", "routes/api/product-add.ts"),
    route("product/stock", "routes/api/product-stock.ts"),
    route("order/seller", "routes/api/order-seller.ts"),
  ]),

  // Anything else is a 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

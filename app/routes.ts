import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the spec's table, listed explicitly. Each area keeps to its own block.
export default [
  // Storefront (issue #2)
  index("routes/home.tsx"),
  route("uploads/:file", "routes/uploads.ts"),

  // Accounts, cart, addresses, orders (issue #3)

  // Online payment (issue #4)
  // The built-in Stripe sandbox (answers 404 when STRIPE_SECRET_KEY is set): its REST API and hosted page.
  route("v1/*", "routes/stripe-sandbox/api.ts"),
  route("stripe-sandbox/checkout/:sessionId", "routes/stripe-sandbox/checkout.ts"),

  // Seller area (issue #5)
  route("seller-login", "routes/seller-login.tsx"),
  route("seller/logout", "routes/seller/logout.tsx"),
  route("seller", "routes/seller/layout.tsx", [
    index("routes/seller/add-product.tsx"),
    route("product-list", "routes/seller/product-list.tsx"),
    route("orders", "routes/seller/orders.tsx"),
    route("products/:id", "routes/seller/edit-product.tsx"),
  ]),

  // /api resource routes
  ...prefix("api", [
    // Online payment (issue #4)
    route("order/stripe", "routes/api/order-stripe.ts"),
    route("stripe/webhook", "routes/api/stripe-webhook.ts"),
    // Seller area (issue #5)
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

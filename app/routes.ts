import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the spec's table, listed explicitly. Each area keeps to its own block.
export default [
  // Storefront (issue #2)
  index("routes/home.tsx"),
  route("uploads/:file", "routes/uploads.ts"),

  // Accounts, cart, addresses, orders (issue #3)

  // Online payment (issue #4)

  // Seller area (issue #5)

  // /api resource routes
  ...prefix("api", []),

  // Anything else is a 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

// The store's /api calls (docs/api.md), by the method each takes: one list for every test that walks them all.
// The two logout calls come last: they sign their caller out.

export const API_POST_CALLS = [
  "/api/subscribe",
  "/api/user/login",
  "/api/user/register",
  "/api/cart/update",
  "/api/address/add",
  "/api/order/cod",
  "/api/order/stripe",
  "/api/seller/login",
  "/api/product/add",
  "/api/product/stock",
  "/api/stripe/webhook",
];

export const API_GET_CALLS = [
  "/api/product/list",
  "/api/user/is-auth",
  "/api/address/get",
  "/api/order/user",
  "/api/seller/is-auth",
  "/api/order/seller",
  "/api/user/logout",
  "/api/seller/logout",
];

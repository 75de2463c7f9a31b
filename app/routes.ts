import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the spec's table, listed explicitly.
export default [
  // Storefront (issue #2)
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

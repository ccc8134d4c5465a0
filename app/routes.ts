import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The URLs are an external contract (printed flyers, search results, the old site's links),
// so they are listed here by hand, PascalCase and all, each mapped to a kebab-case module.
export default [
  route("healthz", "routes/healthcheck.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;

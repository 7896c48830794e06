import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("support", "routes/support.tsx"),
  route("catalog", "routes/catalog.tsx", [
    index("routes/catalog-all.tsx"),
    route("categories/:categoryId", "routes/catalog-category.tsx"),
  ]),
  route("catalog/products/:productId", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("forgot", "routes/forgot.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/summary.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("products", "routes/dashboard/products/list.tsx"),
    route("products/new", "routes/dashboard/products/new.tsx"),
    route("products/:productId", "routes/dashboard/products/detail.tsx"),
    route("products/:productId/edit", "routes/dashboard/products/edit.tsx"),
    route("products/:productId/deleted", "routes/dashboard/products/deleted.tsx"),
    route("spreadsheet-preview", "routes/dashboard/spreadsheet-preview.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

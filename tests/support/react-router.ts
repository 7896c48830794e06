import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { transformWithEsbuild } from "vite";
import appRoutes from "../../app/routes";
import { REACT_ROUTER_DIST } from "../../vite/server-bundle";

// What the tests of the server build's rewrites of React Router (vite/server-bundle.ts) share: the
// installed modules, run as written and rewritten, and the site's routes with addresses to try.

/**
 * The one module of the installed React Router that holds every one of `definitions` (such as
 * "function name("), read from the very folder the server build bundles and rewrites.
 */
export function installedRouterModule(definitions: string[]): string {
  const dist = REACT_ROUTER_DIST;
  const sources = fs
    .readdirSync(dist)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => fs.readFileSync(path.join(dist, file), "utf8"))
    .filter((source) => definitions.every((definition) => source.includes(definition)));
  const [source] = sources;
  if (sources.length !== 1 || source === undefined) {
    throw new Error(`React Router's ${dist} has ${sources.length} modules with ${definitions.join(" and ")}`);
  }
  return source;
}

const requireBesideRouter = createRequire(path.join(REACT_ROUTER_DIST, "index.js"));

/**
 * `source`, a module of the React Router the server build bundles, run as Node runs a CommonJS module: its own
 * exports, and `alsoExported`, functions it defines without exporting them.
 */
export async function loadRouterModule<Exports>(source: string, alsoExported: string[] = []): Promise<Exports> {
  const withExports = alsoExported.length ? `${source}\nexport { ${alsoExported.join(", ")} };\n` : source;
  const { code } = await transformWithEsbuild(withExports, "router.mjs", { format: "cjs", target: "node20" });
  const module = { exports: {} as Exports };
  // React Router warns of every address it cannot decode; the tests' odd addresses are on purpose.
  const quiet = { ...console, warn: () => undefined };
  new Function("require", "module", "exports", "console", code)(requireBesideRouter, module, module.exports, quiet);
  return module.exports;
}

/** A route as React Router's data routes have it. */
export interface Route {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Route[];
}

export interface Branch {
  path: string;
  routesMeta: { matcher: RegExp }[];
}

export interface Match {
  route: Route;
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
}

/** React Router's route matching, and its ranking of routes (which the module does not export). */
export interface Matching {
  matchRoutesImpl: (
    routes: Route[],
    location: string,
    basename: string,
    allowPartial: boolean,
    branches?: Branch[],
  ) => Match[] | null;
  flattenAndRankRoutes: (routes: Route[]) => Branch[];
}

/** Routes of every kind React Router matches: dynamic, optional and splat segments, case, absolute paths. */
export const KINDS_OF_ROUTES: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "about", path: "About" },
      { id: "localized", path: ":lang/about" },
      { id: "guide", path: "docs?/guide" },
      { id: "optional-id", path: "items/:id?" },
      { id: "files", path: "files/*" },
      { id: "exact", path: "Exact", caseSensitive: true },
      { id: "feed", path: "feed.atom" },
      { id: "dotted-first", path: ".well-known/security.txt" },
      { id: "layout", children: [{ id: "in-layout", path: "inside" }] },
      {
        id: "catalog",
        path: "/catalog",
        children: [
          { id: "catalog-index", index: true },
          { id: "product", path: "/catalog/products/:productId" },
        ],
      },
      { id: "slashes", path: "/" },
      { id: "not-found", path: "*" },
    ],
  },
];

/** The site's routes, under the root layout, as the server build has them. */
export function siteRoutes(): Route[] {
  type Configured = { file: string; path?: string; index?: boolean; children?: Configured[] };
  const convert = (route: Configured): Route => ({
    id: route.file,
    ...(route.path === undefined ? {} : { path: route.path }),
    ...(route.index ? { index: true } : {}),
    ...(route.children ? { children: route.children.map(convert) } : {}),
  });
  return [{ id: "root", path: "", children: (appRoutes as Configured[]).map(convert) }];
}

/** Addresses for `routes`: each route's own with values for its parameters, and many near misses. */
export function addressesFor(branches: Branch[]): string[] {
  const values = ["x", "550e8400-e29b-41d4-a716-446655440000", "a%20b", "a%2Fb", "%E2%82%AC", ""];
  const own = branches.flatMap((branch) =>
    values.map((value) => branch.path.replace(/:[\w-]+\??/g, value).replace(/\*$/, `${value}/deeper`)),
  );
  const variants = own.flatMap((address) => [
    address,
    address.toUpperCase(),
    `${address}/`,
    `${address}/extra`,
    `/${address}`,
    address.replace(/^\/(\w)/, "/$1s"),
    address.replace(/^\//, ""),
    address.replace(/^\/(\w)/, "/\u212a$1"),
  ]);
  const odd = [
    "",
    "/",
    "//",
    "/%",
    "/%E0%A4%A",
    "/ catalog",
    "/catalog%2Fproducts/x",
    "catalog",
    "/.",
    "/..",
    "/\u0130",
  ];
  return [...new Set([...variants, ...odd])];
}

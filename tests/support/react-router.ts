import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type RouterBuild = "production" | "development";

const routerDist = (build: RouterBuild): string =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/${build}/`, import.meta.url));

/**
 * The one module of the installed React Router's `build` that holds every one of `definitions` (such
 * as "function name("): what the server build's rewrites (vite/server-bundle.ts) are tried on.
 */
export function installedRouterModule(definitions: string[], build: RouterBuild = "production"): string {
  const dist = routerDist(build);
  const sources = fs
    .readdirSync(dist)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => fs.readFileSync(path.join(dist, file), "utf8"))
    .filter((source) => definitions.every((definition) => source.includes(definition)));
  const [source] = sources;
  if (sources.length !== 1 || source === undefined) {
    throw new Error(`React Router's ${build} build has ${sources.length} modules with ${definitions.join(" and ")}`);
  }
  return source;
}

/** `require` as React Router's production modules resolve their imports. */
export const requireBesideRouter = createRequire(routerDist("production"));

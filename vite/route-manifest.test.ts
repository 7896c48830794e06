import { describe, expect, it } from "vitest";
import {
  addressesFor,
  installedRouterModule,
  loadRouterModule,
  siteRoutes,
  type Branch,
  type Match,
  type Matching,
  type Route,
} from "../tests/support/react-router";
import { MANIFEST_TEXTS_KEPT, routeManifestWrittenOnce } from "./server-bundle";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  module: string;
  imports: string[];
  css: string[];
}

interface Manifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
  version: string;
  sri?: Record<string, string>;
}

/** What the scripts' manifest reads of the router a page was rendered with. */
interface Router {
  state: { matches: Match[]; location: { pathname: string } };
  routes: Route[];
  basename: string;
  branches: Branch[];
}

interface Original extends Matching {
  getPartialManifest: (manifest: Manifest, router: Router) => unknown;
}

interface Rewritten extends Original {
  partialManifestText: (manifest: Manifest, router: Router) => string;
}

/** The installed React Router module with the scripts' manifest and the route matching it uses. */
const installed = installedRouterModule(["function getPartialManifest(", "function matchRoutesImpl("]);

const MATCHING = ["flattenAndRankRoutes", "getPartialManifest"];

/** A build's manifest for `routes`: an entry for each, as React Router's build writes them. */
function manifestFor(routes: Route[], sri?: Record<string, string>): Manifest {
  const entries: Record<string, ManifestRoute> = {};
  const add = (route: Route, parentId?: string) => {
    entries[route.id] = {
      id: route.id,
      ...(parentId === undefined ? {} : { parentId }),
      ...(route.path === undefined ? {} : { path: route.path }),
      ...(route.index ? { index: true } : {}),
      hasLoader: route.id.length % 2 === 0,
      module: `/assets/${route.id.replace(/\W/g, "-")}.js`,
      imports: ["/assets/shared.js", `/assets/${route.id.length}.js`],
      css: [],
    };
    route.children?.forEach((child) => add(child, route.id));
  };
  routes.forEach((route) => add(route));
  return {
    entry: { module: "/assets/entry.client.js", imports: ["/assets/shared.js"], css: [] },
    routes: entries,
    url: "/assets/manifest.js",
    version: "1",
    ...(sri ? { sri } : {}),
  };
}

/** The router a page at `address` is rendered with. */
function routerAt(matching: Matching, routes: Route[], branches: Branch[], address: string): Router {
  return {
    state: {
      matches: matching.matchRoutesImpl(routes, address, "/", false, branches) ?? [],
      location: { pathname: address },
    },
    routes,
    basename: "/",
    branches,
  };
}

/** JSON.stringify's calls while `run` runs. */
function stringified(run: () => void): number {
  const stringify = JSON.stringify;
  let calls = 0;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    calls += 1;
    return stringify(...args);
  }) as typeof stringify;
  try {
    run();
  } finally {
    JSON.stringify = stringify;
  }
  return calls;
}

describe("routeManifestWrittenOnce", () => {
  it("writes every page's manifest as React Router writes it, once for each list of routes", async () => {
    const original = await loadRouterModule<Original>(installed, MATCHING);
    const rewritten = await loadRouterModule<Rewritten>(routeManifestWrittenOnce(installed), [
      ...MATCHING,
      "partialManifestText",
    ]);
    const routes = siteRoutes();
    const originalBranches = original.flattenAndRankRoutes(routes);
    const rewrittenBranches = rewritten.flattenAndRankRoutes(routes);
    const addresses = addressesFor(originalBranches);
    expect(addresses.length).toBeGreaterThan(300);

    for (const manifest of [manifestFor(routes), manifestFor(routes, { "/assets/shared.js": "sha384-x" })]) {
      const expected = addresses.map((address) =>
        JSON.stringify(
          original.getPartialManifest(manifest, routerAt(original, routes, originalBranches, address)),
          null,
          2,
        ),
      );
      // Twice over: the second time every text comes from what the first kept.
      for (let pass = 0; pass < 2; pass++) {
        addresses.forEach((address, i) => {
          const text = rewritten.partialManifestText(manifest, routerAt(rewritten, routes, rewrittenBranches, address));
          expect(text, address).toBe(expected[i]);
        });
      }
      expect(new Set(expected).size).toBeGreaterThan(10);
    }
  });

  it("writes a list of routes' manifest once, and keeps a bounded number of them", async () => {
    const rewritten = await loadRouterModule<Rewritten>(routeManifestWrittenOnce(installed), [
      ...MATCHING,
      "partialManifestText",
    ]);
    const many = MANIFEST_TEXTS_KEPT + 40;
    const routes: Route[] = [
      { id: "root", path: "", children: Array.from({ length: many }, (_, i) => ({ id: `r${i}`, path: `r${i}` })) },
    ];
    const branches = rewritten.flattenAndRankRoutes(routes);
    const manifest = manifestFor(routes);
    const write = (i: number, extra = "") =>
      rewritten.partialManifestText(manifest, routerAt(rewritten, routes, branches, `/r${i}${extra}`));

    const first = Array.from({ length: many }, (_, i) => i);
    const texts: string[] = [];
    expect(stringified(() => first.forEach((i) => texts.push(write(i))))).toBe(many);
    texts.forEach((text, i) => expect(text).toContain(`"r${i}": {`));
    // The kept lists are not written again, even for another address with the same routes.
    const kept = first.slice(0, MANIFEST_TEXTS_KEPT);
    expect(stringified(() => kept.forEach((i) => expect(write(i)).toBe(texts[i])))).toBe(0);
    // Past the bound, each page's text is written for it alone, and still right.
    const unkept = first.slice(MANIFEST_TEXTS_KEPT);
    expect(stringified(() => unkept.forEach((i) => expect(write(i)).toBe(texts[i])))).toBe(unkept.length);
    // Another build's manifest has texts of its own.
    const other = manifestFor(routes, { "/assets/shared.js": "sha384-x" });
    const withSri = rewritten.partialManifestText(other, routerAt(rewritten, routes, branches, "/r0"));
    expect(withSri).toContain('"sri": true');
    expect(texts[0]).not.toContain('"sri"');
  });

  it("fails the build when React Router writes the manifest another way", () => {
    const changed = installed.replace(
      "getPartialManifest(manifest, router),\n        null,\n        2",
      "getPartialManifest(manifest, router)",
    );
    expect(changed).not.toBe(installed);

    expect(() => routeManifestWrittenOnce(changed)).toThrow(
      /function getPartialManifest\(…\) is not the one .*decision 041/,
    );
    expect(routeManifestWrittenOnce("function somethingElse() {}")).toBe("function somethingElse() {}");
  });
});

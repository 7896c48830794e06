import { describe, expect, it } from "vitest";
import {
  addressesFor,
  installedRouterModule,
  KINDS_OF_ROUTES,
  loadRouterModule,
  siteRoutes,
  type Match,
  type Matching,
} from "../tests/support/react-router";
import { routesTriedByFirstSegment } from "./server-bundle";

/** The installed React Router module the server build bundles: the one with the router and its matching. */
const installed = installedRouterModule(["function matchRoutesImpl(", "function createStaticRouter("]);

/** `source` with its matching and its route ranking. */
function load(source: string): Promise<Matching> {
  return loadRouterModule<Matching>(source, ["flattenAndRankRoutes"]);
}

/** What a match says, without the route objects' identity. */
function described(matches: Match[] | null) {
  return matches?.map(({ route, params, pathname, pathnameBase }) => ({
    id: route.id,
    params,
    pathname,
    pathnameBase,
  }));
}

describe("routesTriedByFirstSegment", () => {
  it("matches every address to the routes React Router's own matching gives, trying fewer routes", async () => {
    const original = await load(installed);
    const rewritten = await load(routesTriedByFirstSegment(installed));

    for (const routes of [siteRoutes(), KINDS_OF_ROUTES]) {
      const originalBranches = original.flattenAndRankRoutes(routes);
      const rewrittenBranches = rewritten.flattenAndRankRoutes(routes);
      const addresses = addressesFor(originalBranches);
      expect(addresses.length).toBeGreaterThan(300);
      for (const basename of ["/", "/shop"]) {
        for (const address of addresses) {
          const location = basename === "/" ? address : `${basename}${address}`;
          for (const allowPartial of [false, true]) {
            const expected = described(
              original.matchRoutesImpl(routes, location, basename, allowPartial, originalBranches),
            );
            const actual = described(
              rewritten.matchRoutesImpl(routes, location, basename, allowPartial, rewrittenBranches),
            );
            expect(actual, `${location} (partial: ${allowPartial})`).toEqual(expected);
            if (basename === "/" && !allowPartial) {
              // Without React Router's kept list, every route is tried, as before.
              expect(described(rewritten.matchRoutesImpl(routes, location, basename, false))).toEqual(expected);
            }
          }
        }
      }
    }
  });

  it("tries only the routes with the address's first word and those without a plain first word", async () => {
    const tried = async (source: string, address: string) => {
      const matching = await load(source);
      const routes = siteRoutes();
      const branches = matching.flattenAndRankRoutes(routes);
      let count = 0;
      class CountingRegExp extends RegExp {
        override exec(text: string) {
          count += 1;
          return super.exec(text);
        }
      }
      for (const branch of branches) {
        branch.routesMeta = branch.routesMeta.map((meta) => ({
          ...meta,
          matcher: new CountingRegExp(meta.matcher.source, meta.matcher.flags),
        }));
      }
      const matches = matching.matchRoutesImpl(routes, address, "/", false, branches);
      return { count, id: matches?.at(-1)?.route.id };
    };

    const original = await tried(installed, "/catalog");
    const rewritten = await tried(routesTriedByFirstSegment(installed), "/catalog");

    expect(rewritten.id).toBe("routes/catalog-all.tsx");
    expect(original.id).toBe(rewritten.id);
    // Only routes under /catalog are tried before its index page, each after the root layout's matcher
    // (ten matchers on 2026-11-27, one more since /catalog/selector); as written, one or two for each of
    // the site's routes ranked before it (seventy-six).
    expect(rewritten.count).toBeLessThanOrEqual(13);
    expect(original.count).toBeGreaterThan(5 * rewritten.count);
  });

  it("fails the build when React Router matches routes another way", () => {
    const changed = installed.replace(
      "for (let i = 0; matches == null && i < branches.length; ++i) {",
      "for (let i = 0; !matches && i < branches.length; i++) {",
    );

    expect(() => routesTriedByFirstSegment(changed)).toThrow(
      /function matchRoutesImpl\(…\) is not the one .*decision 037/,
    );
    expect(routesTriedByFirstSegment("function somethingElse() {}")).toBe("function somethingElse() {}");
  });
});

import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import {
  addressesFor,
  installedRouterModule,
  KINDS_OF_ROUTES,
  loadRouterModule,
  siteRoutes,
  type Matching,
  type Route,
} from "../tests/support/react-router";
import { createRouteMatcher } from "./route-matcher";

/** `routes` with an id each of their own, as a build's are (the site's name some files twice). */
function uniquelyNamed(routes: Route[]): Route[] {
  let count = 0;
  const named = (route: Route): Route => ({
    ...route,
    id: `${route.id}#${count++}`,
    ...(route.children ? { children: route.children.map(named) } : {}),
  });
  return routes.map(named);
}

/** A server build's routes as `createRouteMatcher` reads them: each route by its id, with its parent's. */
function buildOf(routes: Route[]): ServerBuild {
  const flat: Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
  > = {};
  const add = (route: Route, parentId: string | undefined) => {
    const { children, ...own } = route;
    flat[route.id] = { ...own, ...(parentId === undefined ? {} : { parentId }) };
    for (const child of children ?? []) add(child, route.id);
  };
  for (const route of routes) add(route, undefined);
  return { routes: flat } as unknown as ServerBuild;
}

describe("createRouteMatcher", () => {
  it("gives every address the routes React Router's own matching gives", async () => {
    // React Router as installed: what `matchRoutes` does, and its ranking of routes.
    const { matchRoutesImpl, flattenAndRankRoutes } = await loadRouterModule<Matching>(
      installedRouterModule(["function matchRoutesImpl(", "function createStaticRouter("]),
      ["flattenAndRankRoutes"],
    );
    for (const routes of [siteRoutes(), KINDS_OF_ROUTES].map(uniquelyNamed)) {
      const routeIdsOf = createRouteMatcher(buildOf(routes));
      const branches = flattenAndRankRoutes(routes);
      const slugs = ["vnt-d4m25-x00123", "DOME.4K", "a_b~c", "de", "catalog", "Products", "x"];
      const addresses = addressesFor(branches).flatMap((address) => [
        address,
        // The same address with readable names where it has parameters, and a language before it.
        ...slugs.map((slug) => address.replaceAll("/x", `/${slug}`)),
        ...slugs.map((slug) => `/${slug}${address}`),
      ]);
      expect(addresses.length).toBeGreaterThan(2_000);
      const expected = addresses.map(
        (address) => matchRoutesImpl(routes, address, "/", false, branches)?.map((match) => match.route.id) ?? null,
      );
      // Twice: what is remembered from the first answers the second.
      for (const round of [1, 2]) {
        addresses.forEach((address, at) =>
          expect(routeIdsOf(address), `${address} (round ${round})`).toEqual(expected[at]),
        );
      }
    }
  });
});

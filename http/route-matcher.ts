import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** How many characters of path shapes are remembered; past this the memory starts over. */
const KNOWN_SHAPE_CHARACTERS = 1_000_000;
/** Paths longer than this are matched each time, never remembered. */
const REMEMBERED_SHAPE_MAX = 512;

/**
 * A segment that can stand for another in a path's shape: ASCII letters, digits and `._~-` only, so
 * that React Router neither decodes it (no `%`) nor folds its case differently from `toLowerCase`.
 */
const PLAIN_SEGMENT = /^[\w.~-]+$/;
/** What a segment no route names stands as in a path's shape: no route names it either. */
const ANY_SEGMENT = "{segment}";

/**
 * The ids of the routes a path renders, outermost first, as React Router matches them; null when none
 * does. matchRoutes flattens and ranks the whole route tree on every call (about half a millisecond,
 * more than serving a cached page), so each shape of path is matched once. A path's shape has each of
 * its plain segments that no route's path names (a product's slug, a record's id, a language) as one
 * placeholder: such a segment can only be matched by a route's parameter or splat, which match the
 * placeholder alike, so the shape matches the same routes as the path. Any path can be asked for, so
 * what is remembered is bounded by its characters.
 */
export function createRouteMatcher(build: ServerBuild): (pathname: string) => readonly string[] | null {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes).flatMap((route): RouteObject[] => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      if (route.index) return [{ id, path, caseSensitive, index: true }];
      return [{ id, path, caseSensitive, children: childrenOf(id) }];
    });
  const tree = childrenOf(undefined);
  // Every segment a route's path names as it is (an optional one without its `?`), letter case folded.
  const named = new Set<string>();
  for (const route of Object.values(build.routes)) {
    for (const segment of route?.path?.split("/") ?? []) {
      if (segment !== "" && segment !== "*" && !segment.startsWith(":"))
        named.add(segment.replace(/\?$/, "").toLowerCase());
    }
  }
  const shapeOf = (pathname: string) =>
    pathname
      .split("/")
      .map((segment) => (PLAIN_SEGMENT.test(segment) && !named.has(segment.toLowerCase()) ? ANY_SEGMENT : segment))
      .join("/");
  const known = new Map<string, readonly string[] | null>();
  let knownCharacters = 0;
  return (pathname) => {
    const shape = shapeOf(pathname);
    let ids = known.get(shape);
    if (ids === undefined) {
      ids = matchRoutes(tree, shape)?.map((match) => match.route.id ?? "") ?? null;
      if (shape.length <= REMEMBERED_SHAPE_MAX) {
        if (knownCharacters + shape.length > KNOWN_SHAPE_CHARACTERS) {
          known.clear();
          knownCharacters = 0;
        }
        known.set(shape, ids);
        knownCharacters += shape.length;
      }
    }
    return ids;
  };
}

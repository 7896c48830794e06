import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** How many characters of path shapes are remembered; past this the memory starts over. */
const KNOWN_SHAPE_CHARACTERS = 1_000_000;
/** Paths longer than this are matched each time, never remembered. */
const REMEMBERED_SHAPE_MAX = 512;

/** A path segment that is a record's id (every record is named by a UUID). */
const RECORD_ID = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/**
 * The ids of the routes a path renders, outermost first, as React Router matches them; null when none
 * does. matchRoutes flattens and ranks the whole route tree on every call (once a fifth of a page's
 * render, and more than serving a cached page), so each shape of path is matched once: paths that
 * differ only in a record's id match the same routes. Any path can be asked for, so what is remembered
 * is bounded by its characters.
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
  const known = new Map<string, readonly string[] | null>();
  let knownCharacters = 0;
  return (pathname) => {
    const shape = pathname.replace(RECORD_ID, "/{id}");
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

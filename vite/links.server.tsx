import { createElement, forwardRef, useContext, type ReactElement, type ReactNode } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "react-router";

/**
 * React Router's Link and NavLink as the server renders them (decision 032): the same HTML, without
 * the work a browser needs and a server render throws away. The server build and the development
 * server resolve `./links.ts` to this module (`vite/server-links.ts`); browsers hydrate the markup
 * with the router's own links.
 *
 * A router Link resolves its target twice (its address, its click handler), each time with a JSON
 * round trip of the route's matches, and sets up prefetching and a navigate callback; a NavLink
 * resolves it twice more and parses it as a URL. A catalog page has about sixty links: a sixth of
 * its render. An absolute path of plain characters is its own address, so these render it as it is
 * and leave every other target to the router's own components.
 */
export const Link: typeof RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { to, discover = "render", prefetch = "none", mask, target, children } = props;
  // Prefetching adds elements after the link, and a mask changes its address: the router renders those.
  if (typeof to !== "string" || !isOwnAddress(to) || prefetch !== "none" || mask !== undefined) {
    return <RouterLink {...props} ref={ref} />;
  }
  const { basename } = useContext(NavigationContext);
  return anchor(
    props,
    NOT_LINK_ATTRIBUTES,
    { href: underBasename(basename, to), target, "data-discover": dataDiscover(discover) },
    children,
  );
});

export const NavLink: typeof RouterNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(
  function ServerNavLink(props, ref) {
    const {
      "aria-current": ariaCurrent = "page",
      caseSensitive = false,
      className = "",
      end = false,
      style,
      to,
      viewTransition,
      children,
      discover = "render",
      prefetch = "none",
      mask,
      target,
    } = props;
    const { pathname } = useLocation();
    const { basename } = useContext(NavigationContext);
    const path = typeof to === "string" ? ownAddressPath(to) : null;
    if (path === null || viewTransition || prefetch !== "none" || mask !== undefined) {
      return <RouterNavLink {...props} ref={ref} />;
    }
    // On the server no navigation is under way, so a link is never pending or transitioning.
    const state = {
      isActive: isCurrentPath(pathname, path, end, caseSensitive),
      isPending: false,
      isTransitioning: false,
    };
    // NavLink's own attributes after the caller's, then Link's, as the router's NavLink renders its Link.
    return anchor(
      props,
      NOT_NAV_LINK_ATTRIBUTES,
      {
        "aria-current": state.isActive ? ariaCurrent : undefined,
        className:
          typeof className === "function"
            ? className(state)
            : state.isActive
              ? joinClasses(className, "active")
              : className,
        style: typeof style === "function" ? style(state) : style,
        href: underBasename(basename, to as string),
        target,
        "data-discover": dataDiscover(discover),
      },
      typeof children === "function" ? children(state) : children,
    );
  },
);

/** A link's props that are not its anchor's attributes: its target, and what it does when clicked. */
const NOT_LINK_ATTRIBUTES: ReadonlySet<string> = new Set([
  "to",
  "discover",
  "prefetch",
  "mask",
  "target",
  "children",
  "onClick",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "relative",
  "viewTransition",
  "defaultShouldRevalidate",
]);

/** The same for a NavLink, which also reads these to decide its own attributes. */
const NOT_NAV_LINK_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...NOT_LINK_ATTRIBUTES,
  "aria-current",
  "caseSensitive",
  "className",
  "end",
  "style",
]);

/**
 * An `<a>` with the caller's attributes in their order, then the link's own (the router's order: a
 * caller's `href` keeps its place and takes the link's value). One loop over the props instead of a
 * rest and a spread, which the server build writes out as copies (decision 028): a catalog page has
 * about sixty links.
 */
function anchor(
  props: object,
  leftOut: ReadonlySet<string>,
  own: Record<string, unknown>,
  children: ReactNode,
): ReactElement {
  const attributes: Record<string, unknown> = {};
  // Props are a plain object: its own properties are all for-in sees.
  for (const name in props) if (!leftOut.has(name)) attributes[name] = props[name as keyof typeof props];
  return createElement("a", Object.assign(attributes, own), children);
}

/**
 * An own address under the router's basename, as the router writes it: the pages of a language other
 * than English are under its prefix (decision 086), `/de` for `/`, `/de/catalog` for `/catalog`.
 */
export function underBasename(basename: string, to: string): string {
  if (basename === "/") return to;
  const path = ownAddressPath(to) ?? to;
  return (path === "/" ? basename : basename.replace(/\/$/, "") + path) + to.slice(path.length);
}

function dataDiscover(discover: LinkProps["discover"]): string | undefined {
  return discover === "render" ? "true" : undefined;
}

/**
 * An address on this site that the router would leave exactly as written: absolute, its path of
 * characters a URL keeps as they are with no `.`, `..` or empty segment, and no bare `?` or `#`
 * (which the router drops).
 */
export function isOwnAddress(to: string): boolean {
  return ownAddressPath(to) !== null;
}

/** The path of an address `isOwnAddress` accepts (without its query and fragment), or null. */
function ownAddressPath(to: string): string | null {
  const path = OWN_ADDRESS.exec(to)?.[1];
  return path === undefined || DOT_OR_EMPTY_SEGMENT.test(path) ? null : path;
}

const OWN_ADDRESS = /^(\/[\w\-.~/%]*)(?:\?[^#\s]+)?(?:#\S+)?$/;
const DOT_OR_EMPTY_SEGMENT = /\/\.{1,2}(?:\/|$)|\/\//;

/** React Router's rule for NavLink: case ignored unless asked, and a trailing slash on `to` counts as its end. */
export function isCurrentPath(pathname: string, to: string, end: boolean, caseSensitive: boolean): boolean {
  const current = caseSensitive ? pathname : pathname.toLowerCase();
  const target = caseSensitive ? to : to.toLowerCase();
  const targetEnd = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current === target || (!end && current.startsWith(target) && current.charAt(targetEnd) === "/");
}

function joinClasses(...classes: string[]): string {
  return classes.filter(Boolean).join(" ");
}

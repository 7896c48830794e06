import { forwardRef } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
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
  const {
    to,
    discover = "render",
    prefetch = "none",
    mask,
    target,
    children,
    // What the link does when clicked, which the HTML does not show.
    onClick: _onClick,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...anchor
  } = props;
  // Prefetching adds elements after the link, and a mask changes its address: the router renders those.
  if (typeof to !== "string" || !isOwnAddress(to) || prefetch !== "none" || mask !== undefined) {
    return <RouterLink {...props} ref={ref} />;
  }
  // The router's order: its own attributes after the caller's.
  return (
    <a {...anchor} href={to} target={target} data-discover={discover === "render" ? "true" : undefined}>
      {children}
    </a>
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
      ...rest
    } = props;
    const { pathname } = useLocation();
    const path = typeof to === "string" ? ownAddressPath(to) : null;
    if (path === null || viewTransition) return <RouterNavLink {...props} ref={ref} />;
    // On the server no navigation is under way, so a link is never pending or transitioning.
    const state = {
      isActive: isCurrentPath(pathname, path, end, caseSensitive),
      isPending: false,
      isTransitioning: false,
    };
    return (
      <Link
        {...rest}
        aria-current={state.isActive ? ariaCurrent : undefined}
        className={
          typeof className === "function"
            ? className(state)
            : state.isActive
              ? joinClasses(className, "active")
              : className
        }
        style={typeof style === "function" ? style(state) : style}
        to={to}
      >
        {typeof children === "function" ? children(state) : children}
      </Link>
    );
  },
);

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

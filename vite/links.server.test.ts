import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  NavLink as RouterNavLink,
  Outlet,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { describe, expect, it } from "vitest";
import { isOwnAddress, Link, NavLink } from "./links.server";

/** `element` rendered as the server renders a page: a static router, at `url`, inside a nested route. */
async function renderAt(url: string, element: () => ReactElement, basename = "/"): Promise<string> {
  const handler = createStaticHandler(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [{ id: "page", path: "catalog/categories/:categoryId?", Component: element }],
      },
    ],
    { basename },
  );
  const context = await handler.query(new Request(`http://localhost${basename === "/" ? "" : basename}${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const PAGE = "/catalog/categories/Cameras";
/** No prefix, a language's, and a language with a region (decision 086). */
const BASENAMES = ["/", "/de", "/de-ch"];

const LINK_TARGETS: LinkProps["to"][] = [
  "/",
  "/catalog",
  "/catalog/",
  "/catalog?page=2",
  "/catalog?page=2&feature=a%20b#products",
  "/search?q=dome camera",
  "/files/8d78dd32/My File.pdf",
  "/catalog/./products",
  "/catalog/../about",
  "/catalog//products",
  "/catalog?",
  "/catalog#",
  "//cdn.example/file.pdf",
  "https://www.youtube.com/",
  "mailto:info@vantage.example",
  "products",
  "..",
  ".",
  "",
  "?page=3",
  "#top",
  { pathname: "/catalog", search: "?page=2", hash: "#top" },
  { search: "?page=4" },
];

const LINK_PROPS: Omit<LinkProps, "to">[] = [
  { children: "Products" },
  { className: "rounded-md px-3", "aria-label": "View Details: VNT-1", children: "View Details" },
  { target: "_blank", rel: "noreferrer", children: "Open" },
  { discover: "none", children: "Quiet" },
  { reloadDocument: true, replace: true, state: { from: "test" }, preventScrollReset: true, children: "Reload" },
  { prefetch: "intent", children: "Prefetched on intent" },
  { prefetch: "render", children: "Prefetched" },
  { relative: "path", viewTransition: true, onClick: () => undefined, children: "Handled" },
];

describe("the server's Link", () => {
  it("renders what React Router's Link renders, for every kind of target and property", async () => {
    let compared = 0;
    // A page of another language than English is under its prefix (decision 086).
    for (const basename of BASENAMES) {
      for (const to of LINK_TARGETS) {
        for (const props of LINK_PROPS) {
          const ours = await renderAt(PAGE, () => createElement(Link, { ...props, to }), basename);
          const router = await renderAt(PAGE, () => createElement(RouterLink, { ...props, to }), basename);
          expect(ours, JSON.stringify({ basename, to, props })).toBe(router);
          compared++;
        }
      }
    }
    expect(compared).toBe(BASENAMES.length * LINK_TARGETS.length * LINK_PROPS.length);
  });

  it("writes a plain absolute address itself and leaves every other target to the router", () => {
    const own = [
      "/",
      "/catalog",
      "/catalog/",
      "/catalog?page=2",
      "/catalog?page=2&feature=a%20b#products",
      "/a-b_c.d~e",
    ];
    const routers = [
      "/search?q=dome camera",
      "/files/8d78dd32/My File.pdf",
      "/catalog/./products",
      "/catalog/../about",
      "/catalog/..",
      "/catalog//products",
      "/catalog?",
      "/catalog#",
      "/catalog?#top",
      "//cdn.example/file.pdf",
      "https://www.youtube.com/",
      "/\\evil.example",
      "products",
      "?page=3",
      "#top",
      "",
    ];
    expect(own.filter((to) => !isOwnAddress(to))).toEqual([]);
    expect(routers.filter((to) => isOwnAddress(to))).toEqual([]);
  });
});

const NAV_TARGETS = [
  "/",
  "/catalog",
  "/CATALOG",
  "/catalog/categories/Cameras",
  "/catalog/categories/cameras/",
  "/catalog/categories/Cameras?page=2",
  "/catalog/categories",
  "/catalog/cat",
  "/about",
  "products",
  "/files/My File.pdf",
];

const NAV_PROPS: Omit<NavLinkProps, "to">[] = [
  { children: "Products" },
  { end: true, children: "Products" },
  { caseSensitive: true, children: "Products" },
  { className: "menu-link", children: "Products" },
  { className: ({ isActive, isPending }) => `menu ${isActive ? "on" : "off"} ${isPending ? "pending" : ""}` },
  {
    "aria-current": "location",
    style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
    children: ({ isActive, isTransitioning }) => `${isActive ? "Here" : "There"} ${isTransitioning}`,
  },
  { style: { color: "red" }, target: "_self", onClick: () => undefined, children: "Products" },
  { viewTransition: true, children: "Products" },
  { prefetch: "intent", className: "menu-link", children: "Products" },
  { prefetch: "render", children: "Products" },
  { discover: "none", rel: "noreferrer", "aria-label": "All products", children: "Products" },
];

describe("the server's NavLink", () => {
  it("renders what React Router's NavLink renders, on the page it marks and on others", async () => {
    let compared = 0;
    for (const basename of BASENAMES) {
      for (const page of [PAGE, "/catalog/categories/cameras/", "/catalog/categories", "/"]) {
        for (const to of NAV_TARGETS) {
          for (const props of NAV_PROPS) {
            const ours = await renderAt(page, () => createElement(NavLink, { ...props, to }), basename);
            const router = await renderAt(page, () => createElement(RouterNavLink, { ...props, to }), basename);
            expect(ours, JSON.stringify({ basename, page, to, props: Object.keys(props) })).toBe(router);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(BASENAMES.length * 4 * NAV_TARGETS.length * NAV_PROPS.length);
  });

  it("marks its page as the router does", async () => {
    const html = await renderAt(PAGE, () =>
      createElement("nav", null, [
        createElement(NavLink, { key: 1, to: "/catalog", className: "link" }, "All"),
        createElement(NavLink, { key: 2, to: "/catalog", end: true, className: "link" }, "Only"),
      ]),
    );
    expect(html).toBe(
      '<nav><a aria-current="page" class="link active" href="/catalog" data-discover="true">All</a>' +
        '<a class="link" href="/catalog" data-discover="true">Only</a></nav>',
    );
  });
});

import { parseAst, transformWithEsbuild } from "vite";
import { describe, expect, it } from "vitest";
import {
  lowerObjectSpread,
  routesMadeOnce,
  staticRouterWithoutAccessors,
  unsafeSpreadLiteral,
  withPlainPropertyCopies,
} from "./server-bundle";
import { installedRouterModule } from "../tests/support/react-router";

/** The installed React Router's module that defines createStaticRouter. */
function installedStaticRouterModule(): string {
  return installedRouterModule(["function createStaticRouter("]);
}

/** A module in the shape of React Router's, small enough to run. */
const SHAPED_LIKE_REACT_ROUTER = `
function createStaticRouter(routes, context, opts = {}) {
  let manifest = { root: routes[0] };
  let dataRoutes = routes.map((route) => ({ ...route, id: route.path }));
  let matches = context.matches;
  return {
    get basename() {
      return context.basename;
    },
    get future() {
      return {
        v8_middleware: false,
        ...opts?.future
      };
    },
    get state() {
      return {
        location: context.location,
        matches,
        loaderData: context.loaderData,
        fetchers: /* @__PURE__ */ new Map()
      };
    },
    get routes() {
      return dataRoutes;
    },
    get branches() {
      return opts.branches;
    },
    get manifest() {
      return manifest;
    },
    get window() {
      return void 0;
    },
    initialize() {
      throw new Error("initialize");
    }
  };
}
return createStaticRouter;
`;

describe("staticRouterWithoutAccessors", () => {
  it("gives the router the values its accessors gave, as plain properties", () => {
    const makeOriginal = new Function(SHAPED_LIKE_REACT_ROUTER) as () => (...args: unknown[]) => object;
    const makeRewritten = new Function(staticRouterWithoutAccessors(SHAPED_LIKE_REACT_ROUTER)) as () => (
      ...args: unknown[]
    ) => object;
    const context = { basename: "/", location: { pathname: "/about" }, matches: [1], loaderData: { root: 2 } };
    const args = [[{ path: "/" }], context, { future: { v8_middleware: true }, branches: ["b"] }];

    const original = makeOriginal()(...args);
    const rewritten = makeRewritten()(...args);

    const names = ["basename", "future", "state", "routes", "branches", "manifest", "window"];
    for (const name of names) {
      expect(Object.getOwnPropertyDescriptor(original, name)?.get).toBeTypeOf("function");
      expect(Object.getOwnPropertyDescriptor(rewritten, name)).toMatchObject({ writable: true });
      expect(Reflect.get(rewritten, name)).toEqual(Reflect.get(original, name));
    }
    expect(() => (rewritten as { initialize(): void }).initialize()).toThrow("initialize");
  });

  it("rewrites the installed React Router, which stays valid JavaScript", async () => {
    const source = installedStaticRouterModule();

    const rewritten = staticRouterWithoutAccessors(source);

    const router = rewritten.slice(rewritten.indexOf("function createStaticRouter("));
    expect(router.slice(0, router.indexOf("\n}\n"))).not.toMatch(/\bget \w+\(\)/);
    expect(rewritten).toContain("    state: ({");
    await expect(transformWithEsbuild(rewritten, "router.mjs", { format: "esm" })).resolves.toBeTruthy();
  });

  it("fails the build when React Router's static router has another shape", () => {
    const extraAccessor = SHAPED_LIKE_REACT_ROUTER.replace(
      "    get window() {",
      "    get location() {\n      return context.location;\n    },\n    get window() {",
    );

    expect(() => staticRouterWithoutAccessors(extraAccessor)).toThrow(/accessors are .*location/);
    expect(() => staticRouterWithoutAccessors("function somethingElse() {}")).toThrow(/not found/);
  });
});

/** The two places of React Router that routesMadeOnce rewrites, small enough to run. */
const SHAPED_LIKE_ROUTE_MAKING = `
let made = { server: 0, data: 0 };
function createServerRoutes(manifest, routeModules, future, isSpaMode) {
  made.server += 1;
  return Object.values(manifest).map((route) => ({ id: route.id, Component: routeModules[route.id] }));
}
function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
  made.data += 1;
  return routes.map((route) => (manifest[route.id] = { ...route, ...mapRouteProperties(route) }));
}
function mapRouteProperties(route) {
  return { hasErrorBoundary: false };
}
function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );
  return { routes: dataRoutes, manifest, state: { matches: context.matches } };
}
function ServerRouter({
  context
}) {
  let { manifest, routeModules } = context;
  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );
  return createStaticRouter(routes, context.staticHandlerContext);
}
return { ServerRouter, made };
`;

describe("routesMadeOnce", () => {
  type Router = { routes: { id: string }[]; manifest: Record<string, unknown>; state: { matches: unknown } };
  const load = (source: string) =>
    (
      new Function(source) as () => { ServerRouter: (props: object) => Router; made: { server: number; data: number } }
    )();
  const build = (ids: string[]) => ({
    manifest: { routes: Object.fromEntries(ids.map((id) => [id, { id }])) },
    future: {},
    isSpaMode: false,
  });
  const render = (router: ReturnType<typeof load>, built: ReturnType<typeof build>, matches: string) =>
    router.ServerRouter({
      context: {
        ...built,
        routeModules: Object.fromEntries(Object.keys(built.manifest.routes).map((id) => [id, `${id} module`])),
        staticHandlerContext: { matches },
      },
    });

  it("makes a build's routes once, for every render, and another build's anew", () => {
    const original = load(SHAPED_LIKE_ROUTE_MAKING);
    const rewritten = load(routesMadeOnce(SHAPED_LIKE_ROUTE_MAKING));
    const first = build(["root", "routes/catalog"]);
    const second = build(["root", "routes/about"]);

    const renders = [
      render(rewritten, first, "a"),
      render(rewritten, first, "b"),
      render(rewritten, second, "c"),
      render(rewritten, first, "d"),
    ];

    expect(rewritten.made).toEqual({ server: 2, data: 2 });
    expect(renders[1]?.routes).toBe(renders[0]?.routes);
    expect(renders[3]?.manifest).toBe(renders[0]?.manifest);
    expect(renders[2]?.routes).not.toBe(renders[0]?.routes);
    expect(renders.map((router) => router.state.matches)).toEqual(["a", "b", "c", "d"]);
    expect(renders[0]).toEqual(render(original, first, "a"));
    expect(renders[2]).toEqual(render(original, second, "c"));
    expect(original.made).toEqual({ server: 2, data: 2 });
  });

  it("rewrites the installed React Router, which stays valid JavaScript", async () => {
    for (const definition of ["function createStaticRouter(", "function ServerRouter("]) {
      const rewritten = routesMadeOnce(installedRouterModule([definition]));
      expect(rewritten).toMatch(/dataRoutesByRoutes|serverRoutesByManifest/);
      await expect(transformWithEsbuild(rewritten, "router.mjs", { format: "esm" })).resolves.toBeTruthy();
    }
  });

  it("fails the build when React Router makes its routes another way", () => {
    const changed = SHAPED_LIKE_ROUTE_MAKING.replace(
      "    context.isSpaMode\n  );",
      "    context.isSpaMode,\n    true\n  );",
    );
    expect(() => routesMadeOnce(changed)).toThrow(/function ServerRouter\(…\) is not the one .*decision 036/);
    expect(routesMadeOnce("function somethingElse() {}")).toBe("function somethingElse() {}");
  });
});

/** Code run as it is and lowered the way the server build lowers it: what each returns as `result`. */
async function runBothWays(source: string): Promise<{ native: unknown; lowered: unknown }> {
  const run = (code: string) => (new Function(`${code}\nreturn result;`) as () => unknown)();
  return { native: run(source), lowered: run(await lowerObjectSpread(source, "spread.js")) };
}

describe("withPlainPropertyCopies", () => {
  it("makes the object a spread makes, own properties and prototype alike", async () => {
    const source = `
      const key = "__proto__";
      const base = { a: 1, b: { c: 2 } };
      const result = { ...base, b: 3, [key]: { polluted: true }, d: [4] };
    `;

    const { native, lowered } = await runBothWays(source);

    expect(lowered).toEqual(native);
    expect(Object.getPrototypeOf(lowered)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(lowered, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("lowers a spread with nothing after it, which needs only some of the helpers", async () => {
    const { native, lowered } = await runBothWays("const base = { a: 1 }; const result = { z: 0, ...base };");

    expect(lowered).toEqual(native);
  });

  it("leaves code without a spread as it is, and refuses helpers it does not know", () => {
    expect(withPlainPropertyCopies("const a = 1;")).toBe("const a = 1;");
    expect(() => withPlainPropertyCopies("var __spreadProps = (a, b) => other(a, b);")).toThrow(
      /helpers are not the ones/,
    );
    const definedElsewhere =
      "var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;\n" +
      "__defNormalProp(a, b, c); __defNormalProp(a, b, c); __defNormalProp(this, key, value);";
    expect(() => withPlainPropertyCopies(definedElsewhere)).toThrow(/helpers are not the ones/);
  });
});

describe("unsafeSpreadLiteral", () => {
  it("finds a literal with a spread and an accessor or a __proto__ key, and nothing else", () => {
    const unsafe = [
      "const o = { ...a, get b() { return 1; } };",
      "f({ ...a, set b(v) {} });",
      "const o = { get b() { return 1; }, ...a };",
      "const o = { __proto__: p, ...a };",
      'const o = { ...a, "__proto__": p };',
    ];
    for (const source of unsafe) expect(unsafeSpreadLiteral(parseAst(source)), source).toMatch(/accessor or __proto__/);
    const safe = [
      "const o = { ...a, b: 1, c() { return 2; } };",
      'const o = { ...a, ["__proto__"]: p };',
      "const o = { get b() { return 1; }, __proto__: p };",
    ];
    for (const source of safe) expect(unsafeSpreadLiteral(parseAst(source)), source).toBeNull();
  });
});

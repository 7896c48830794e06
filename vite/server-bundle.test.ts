import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst, transformWithEsbuild } from "vite";
import { describe, expect, it } from "vitest";
import {
  lowerObjectSpread,
  staticRouterWithoutAccessors,
  unsafeSpreadLiteral,
  withPlainPropertyCopies,
} from "./server-bundle";

const routerDist = fileURLToPath(new URL("../node_modules/react-router/dist/development/", import.meta.url));

/** The installed React Router's module that defines createStaticRouter. */
function installedStaticRouterModule(): string {
  const files = fs.readdirSync(routerDist).filter((file) => file.endsWith(".mjs"));
  const sources = files
    .map((file) => fs.readFileSync(path.join(routerDist, file), "utf8"))
    .filter((source) => source.includes("function createStaticRouter("));
  expect(sources).toHaveLength(1);
  return sources[0] ?? "";
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

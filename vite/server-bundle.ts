import { transformWithEsbuild, type Plugin } from "vite";

/**
 * The server bundle, shaped so that a render leaves nothing in the old generation (decision 028).
 *
 * On Node 20, a hidden class that holds a value (an accessor's function, or a property added to an
 * object made by spreading another) lives in the old generation, and whatever the value reaches stays
 * alive until the next full collection: everything a render touched was promoted with it. React
 * Router is bundled into the server (vite.config.ts) so that both patterns can be taken out of it:
 * object spread is written out as plain copies, and the static router each render builds gets plain
 * properties instead of accessors.
 */
export function serverBundle(): Plugin {
  return {
    name: "vantage:server-bundle",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\//.test(id) || !code.includes(STATIC_ROUTER)) return null;
      return { code: staticRouterWithoutAccessors(code), map: null };
    },
    async renderChunk(code, chunk) {
      const lowered = await transformWithEsbuild(code, chunk.fileName, {
        supported: { "object-rest-spread": false },
        target: "node20",
        format: "esm",
        sourcemap: false,
      });
      return { code: lowered.code, map: null };
    },
  };
}

const STATIC_ROUTER = "function createStaticRouter(";

/** What React Router's static router reads through accessors: each is read once, when the router is made. */
const ROUTER_ACCESSORS = ["basename", "future", "state", "routes", "branches", "manifest", "window"];

/**
 * React Router's `createStaticRouter` with each `get name() { return value; }` of the router it returns
 * written as `name: (value)`. The values are the render's own, made once per render: a render reads
 * the state without changing it, so one object serves all its reads. Any other shape of the function
 * (a new React Router) fails the build rather than passing unnoticed.
 */
export function staticRouterWithoutAccessors(source: string): string {
  const start = source.indexOf(STATIC_ROUTER);
  const routerStart = source.indexOf("  return {\n", start);
  const routerEnd = source.indexOf("\n  };\n}", routerStart);
  if (start < 0 || routerStart < 0 || routerEnd < 0 || source.includes(STATIC_ROUTER, start + 1)) {
    throw new Error(`${UNEXPECTED}: ${STATIC_ROUTER}…) not found once, with one returned object`);
  }
  const rewritten: string[] = [];
  const router = source
    .slice(routerStart, routerEnd)
    .replace(/\n {4}get (\w+)\(\) \{\n {6}return ([\s\S]*?);\n {4}\},/g, (_, name: string, value: string) => {
      rewritten.push(name);
      return `\n    ${name}: (${value}),`;
    });
  if (rewritten.join() !== ROUTER_ACCESSORS.join() || router.includes(" get ")) {
    throw new Error(`${UNEXPECTED}: its router's accessors are ${rewritten.join(", ") || "none"}`);
  }
  return source.slice(0, routerStart) + router + source.slice(routerEnd);
}

const UNEXPECTED = "React Router's createStaticRouter is not the one vite/server-bundle.ts rewrites (decision 028)";

import { createRequire } from "node:module";
import path from "node:path";
import { transformWithEsbuild, type Plugin, type Rollup } from "vite";

/**
 * The server bundle, shaped so that a render leaves nothing in the old generation (decision 028).
 *
 * On Node 20, a hidden class that holds a value (an accessor's function, or a property added to an
 * object made by spreading another) lives in the old generation, and whatever the value reaches stays
 * alive until the next full collection: everything a render touched was promoted with it. React
 * Router is bundled into the server (vite.config.ts) so that both patterns can be taken out of it:
 * object spread is written out as plain copies, and the static router each render builds gets plain
 * properties instead of accessors. Being bundled, React Router also makes its route objects once per
 * build (decision 036), tries only the routes an address's first word can match (decision 037),
 * encodes a page's data without detours (decision 040) and writes the scripts' route manifest once for
 * each list of routes (decision 041).
 * React's server renderer is bundled too, to write the document as text (decision 033).
 */
export function serverBundle(options: { rewrites?: boolean; reactRouterDist?: string } = {}): Plugin {
  // vite.config.ts lists it for the server build only.
  if (options.rewrites === false) return { name: "vantage:server-bundle (no rewrites)" };
  const reactRouterDist = options.reactRouterDist ?? REACT_ROUTER_DIST;
  const ledger = new RewriteLedger();
  return {
    name: "vantage:server-bundle",
    enforce: "pre",
    buildStart() {
      ledger.reset();
    },
    resolveId(source) {
      // React's production server renderer alone is bundled, to be rewritten (reactWritingText);
      // React and react-dom, which it requires, stay in node_modules. The build runs in production.
      return source === "react-dom/server" ? { id: REACT_DOM_SERVER_FILE, external: false } : null;
    },
    transform(code, id) {
      if (REACT_DOM_SERVER.test(id)) {
        ledger.applied(REACT_TEXT_REWRITE);
        return { code: reactWritingText(code), map: null };
      }
      if (!/\/node_modules\/react-router\/dist\//.test(id)) return null;
      if (!id.startsWith(reactRouterDist)) {
        this.error(`${id} is not in ${reactRouterDist}, the React Router the rewrites and their tests read`);
      }
      return rewrittenRouterModule(code, ledger);
    },
    buildEnd(error) {
      // A rewrite whose anchor is gone (a renamed function in a new React Router) would leave the build
      // green and the rewrite silently undone: the build stops instead, naming it.
      if (!error) for (const problem of ledger.problems()) this.error(problem);
    },
    async renderChunk(code, chunk) {
      const unsafe = unsafeSpreadLiteral(this.parse(code));
      if (unsafe) throw new Error(`${chunk.fileName}: ${unsafe} (decision 028)`);
      return { code: await lowerObjectSpread(code, chunk.fileName), map: null };
    },
  };
}

/**
 * The folder of the React Router modules the server build bundles (its `node` export: the development
 * build, as the package exports it) and so the one whose modules the rewrites must find, and their
 * tests read.
 */
export const REACT_ROUTER_DIST = path.dirname(createRequire(import.meta.url).resolve("react-router"));

/** A module with its object spreads written out as plain copies, as the server build writes them. */
export async function lowerObjectSpread(code: string, fileName: string): Promise<string> {
  const lowered = await transformWithEsbuild(code, fileName, {
    supported: { "object-rest-spread": false },
    target: "node20",
    format: "esm",
    sourcemap: false,
  });
  return withPlainPropertyCopies(lowered.code);
}

const STATIC_ROUTER = "function createStaticRouter(";

/** The static router's accessors, in their order: rewritten, each value is made once, with the router. */
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

/** The rewrites of React Router's modules after the static router's, in the order they are made. */
const ROUTER_REWRITES: ((source: string) => string)[] = [
  routesMadeOnce,
  routesTriedByFirstSegment,
  hydrationDataEncodedDirectly,
  routeManifestWrittenOnce,
];

const SERVER_ROUTER = "function ServerRouter(";

/**
 * React Router's route objects, made once per build instead of once per render (decision 036).
 *
 * Every server render, `ServerRouter` made the build's routes into route objects
 * (`createServerRoutes`), and `createStaticRouter` copied those into data routes with their manifest
 * (`convertRoutesToDataRoutes`): eighty routes, twice, for every page, about a thirtieth of a listing.
 * Both depend only on the build: each is now kept, by the object it is made from, and made again only
 * for another one. A render only reads them. Any other shape of the two places fails the build.
 */
export function routesMadeOnce(source: string): string {
  return rewrittenWhereDefined(source, ROUTES_MADE_ONCE, "decision 036");
}

const MATCH_ROUTES = "function matchRoutesImpl(";

/**
 * React Router tries only the routes an address's first segment can match (decision 037).
 *
 * React Router matches a page's address against every route of the build in their rank order until
 * one fits: three times for every page (the request handler, the static handler, and the scripts'
 * route manifest), some fifty routes each time, a regular expression and three path joins for each,
 * about a twentieth of a listing. A route whose path starts with a plain word (letters, digits, `_`,
 * `.` or `-`) only fits an address whose first segment is that word, ignoring case: each level's
 * matcher is anchored at the start, ends its word at a slash or at the end, and ignores case only
 * for ASCII letters. So the ranked routes are grouped once (kept by the ranked list itself) into a
 * list for each first word (the routes with that word and those without a plain first word, in rank
 * order) and a list for any other address; a match tries its list. Only lists React Router keeps
 * (`precomputedBranches`) are grouped.
 */
export function routesTriedByFirstSegment(source: string): string {
  return rewrittenWhereDefined(
    source,
    [{ within: MATCH_ROUTES, replacements: ROUTES_BY_FIRST_SEGMENT }],
    "decision 037",
  );
}

const ROUTES_BY_FIRST_SEGMENT: Replacement[] = [
  {
    name: "the loop over the ranked routes",
    from: `  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
    to: `  let decoded = decodePath(pathname);
  if (precomputedBranches) branches = branchesThatCanMatch(branches, decoded);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
  },
  {
    name: MATCH_ROUTES,
    from: MATCH_ROUTES,
    to: `var branchesByFirstSegment = /* @__PURE__ */ new WeakMap();
function branchesThatCanMatch(branches, pathname) {
  let grouped = branchesByFirstSegment.get(branches);
  if (!grouped) {
    grouped = groupBranchesByFirstSegment(branches);
    branchesByFirstSegment.set(branches, grouped);
  }
  let end = pathname.indexOf("/", 1);
  let first = (end < 0 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
  return grouped.bySegment.get(first) ?? grouped.anySegment;
}
function groupBranchesByFirstSegment(branches) {
  let words = branches.map((branch) => {
    let first = branch.path.split("/").find((segment) => segment !== "");
    return first !== void 0 && /^[\\w.-]+$/.test(first) ? first.toLowerCase() : null;
  });
  let bySegment = new Map(words.filter((word) => word !== null).map((word) => [word, []]));
  let anySegment = [];
  branches.forEach((branch, i) => {
    if (words[i] !== null) bySegment.get(words[i]).push(branch);
    else for (let list of [anySegment, ...bySegment.values()]) list.push(branch);
  });
  return { bySegment, anySegment };
}
${MATCH_ROUTES}`,
  },
];

const ENCODER_LOOP = "async function stringify(";

/**
 * React Router's encoder of a page's data (turbo-stream) writes each value without detours
 * (decision 040).
 *
 * Every page carries its loaders' data, encoded as a flat list of values that point at each other by
 * index. The encoder wrote a reference to a value seen before as a one-element array made into text,
 * which goes through `Array.prototype.join` each time; made a new function for an object's parts for
 * every value, and mapped and joined its keys through a new array; and read the clock for every value,
 * though it only looks at it every 6,000th. That was more than half of the encoding, which was a
 * twelfth of a listing. Now a reference is written from the index itself (the same text), the parts'
 * function is made once per encoding and appends to one string, and the clock is read only when it is
 * looked at. The values are visited, numbered and written in the same order as before. Any other shape
 * of the encoder fails the build, naming the decision.
 */
export function hydrationDataEncodedDirectly(source: string): string {
  return rewrittenWhereDefined(source, [{ within: ENCODER_LOOP, replacements: ENCODER_SHORTEST_WAYS }], "decision 040");
}

const ENCODER_SHORTEST_WAYS: Replacement[] = [
  {
    name: "a reference written as a one-element array",
    from: `    const existing = indices.get(value);
    if (existing) return [existing];`,
    to: `    const existing = indices.get(value);
    if (existing) return existing;`,
  },
  {
    name: "the loop's head, which read the clock for every value",
    from: `  let i = 0;
  while (stack.length > 0) {
    const now = getNow();
    if (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {`,
    to: `  const partsForObj = (obj) => {
    let parts = "";
    for (const key of Object.keys(obj)) parts += \`\${parts ? "," : ""}"_\${flattenValue(key)}":\${flattenValue(obj[key])}\`;
    return parts;
  };
  let i = 0;
  while (stack.length > 0) {
    if (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {`,
  },
  {
    name: "an object's parts made by a new function for every value",
    from: `    const partsForObj = (obj) => Object.keys(obj).map((k) => \`"_\${flattenValue(k)}":\${flattenValue(obj[k])}\`).join(",");
`,
    to: "",
  },
];

const PARTIAL_MANIFEST = "function getPartialManifest(";

/**
 * The route manifest a page's scripts carry is written once for each list of routes (decision 041).
 *
 * Every page carries, inline, the part of the build's route manifest its address can need: the routes
 * it matched and those of each of its parent paths. React Router collected those routes' ids, copied
 * their entries into a new manifest and wrote it as indented JSON (about 3 KB) for every page: about a
 * seventieth of a page like /about. The text depends only on the manifest, which is the build's, and
 * on the ids in the order they were collected. The ids are still collected for every page (that
 * matching is cheap since decision 037); the text is kept in a `WeakMap` by the manifest, then by the
 * ids, for at most `MANIFEST_TEXTS_KEPT` lists of ids (the site's routes make a few dozen; past that, an
 * address's text is written for it alone). Any other shape of the two places fails the build.
 */
export function routeManifestWrittenOnce(source: string): string {
  return rewrittenWhereDefined(
    source,
    [{ within: PARTIAL_MANIFEST, replacements: MANIFEST_WRITTEN_ONCE }],
    "decision 041",
  );
}

/** Lists of route ids whose manifest text is kept, for each build's manifest. */
export const MANIFEST_TEXTS_KEPT = 256;

const MANIFEST_WRITTEN_ONCE: Replacement[] = [
  {
    name: "the manifest written for every page",
    from: `\`window.__reactRouterManifest = \${JSON.stringify(
        getPartialManifest(manifest, router),
        null,
        2
      )};\``,
    to: `\`window.__reactRouterManifest = \${partialManifestText(manifest, router)};\``,
  },
  {
    name: PARTIAL_MANIFEST,
    from: `function getPartialManifest({ sri, ...manifest }, router) {
  let routeIds = new Set(router.state.matches.map((m) => m.route.id));`,
    to: `var partialManifestTexts = /* @__PURE__ */ new WeakMap();
function partialManifestText(manifest, router) {
  let byRouteIds = partialManifestTexts.get(manifest);
  if (!byRouteIds) {
    byRouteIds = /* @__PURE__ */ new Map();
    partialManifestTexts.set(manifest, byRouteIds);
  }
  let routeIds = partialManifestRouteIds(router);
  let key = [...routeIds].join("\\0");
  let text = byRouteIds.get(key);
  if (text === void 0) {
    text = JSON.stringify(getPartialManifest(manifest, router, routeIds), null, 2);
    if (byRouteIds.size < ${MANIFEST_TEXTS_KEPT}) byRouteIds.set(key, text);
  }
  return text;
}
function partialManifestRouteIds(router) {
  let routeIds = new Set(router.state.matches.map((m) => m.route.id));`,
  },
  {
    name: "the manifest's entries copied",
    from: `  let initialRoutes = [...routeIds].reduce(`,
    to: `  return routeIds;
}
function getPartialManifest({ sri, ...manifest }, router, routeIds = partialManifestRouteIds(router)) {
  let initialRoutes = [...routeIds].reduce(`,
  },
];

interface Replacement {
  name: string;
  from: string | RegExp;
  to: string;
}

/** Replacements to make in a module of React Router that defines `within` (as "function name("). */
interface RouterRewrite {
  within: string;
  replacements: Replacement[];
}

/**
 * `source` with each rewrite made if it defines the rewrite's function; a module without it is left
 * as it is. A definition whose text is not the one expected fails the build, naming `decision`.
 */
function rewrittenWhereDefined(source: string, rewrites: RouterRewrite[], decision: string): string {
  let rewritten = source;
  for (const { within, replacements } of rewrites) {
    if (!rewritten.includes(within)) continue;
    const unexpected = `React Router's ${within}…) is not the one vite/server-bundle.ts rewrites (${decision})`;
    rewritten = replaceEachOnce(rewritten, replacements, unexpected);
  }
  return rewritten;
}

/** `source` with each replacement made where its text is, which must be found exactly once. */
function replaceEachOnce(source: string, replacements: Replacement[], unexpected: string): string {
  let rewritten = source;
  for (const { name, from, to } of replacements) {
    const parts = rewritten.split(from);
    if (parts.length !== 2) throw new Error(`${unexpected}: ${name} not found once`);
    rewritten = parts.join(to);
  }
  return rewritten;
}

const ROUTES_MADE_ONCE: RouterRewrite[] = [
  {
    within: STATIC_ROUTER,
    replacements: [
      {
        name: "convertRoutesToDataRoutes call",
        from: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
        to: `var dataRoutesByRoutes = /* @__PURE__ */ new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = dataRoutesByRoutes.get(routes);
  if (!converted) {
    let routesManifest = {};
    converted = {
      manifest: routesManifest,
      dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, routesManifest)
    };
    dataRoutesByRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
      },
    ],
  },
  {
    within: SERVER_ROUTER,
    replacements: [
      {
        name: "createServerRoutes call",
        from: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
        // The route modules come from the same build as the manifest, in a new object for every request.
        to: `  let made = serverRoutesByManifest.get(manifest.routes);
  if (!made || made.future !== context.future || made.isSpaMode !== context.isSpaMode) {
    made = {
      future: context.future,
      isSpaMode: context.isSpaMode,
      routes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode)
    };
    serverRoutesByManifest.set(manifest.routes, made);
  }
  let routes = made.routes;`,
      },
      {
        name: "ServerRouter",
        from: SERVER_ROUTER,
        to: `var serverRoutesByManifest = /* @__PURE__ */ new WeakMap();
${SERVER_ROUTER}`,
      },
    ],
  },
];

/**
 * esbuild copies the properties written after a spread with `Object.defineProperties` of their
 * descriptors (a tenth of a search page's CPU), and each spread value after asking whether the key is
 * anywhere on the object's prototype chain. The objects are literals with `Object.prototype` behind them,
 * whose only setter is `__proto__`, and the values are plain (the build refuses accessors and `__proto__`
 * keys in a literal with a spread, `unsafeSpreadLiteral`): so each property is assigned, and a `__proto__`
 * key is defined as an own property, as the spread defines it.
 */
export function withPlainPropertyCopies(lowered: string): string {
  let copied = lowered;
  for (const { name, esbuildHelper, plainCopy } of PLAIN_COPIES) {
    const definitions = copied.split(`var ${name} = `).length - 1;
    if (definitions === 0) continue;
    if (definitions !== 1 || !esbuildHelper.test(copied)) throw new Error(UNKNOWN_HELPERS);
    copied = copied.replace(esbuildHelper, plainCopy);
  }
  // The plain `__defNormalProp` is right for spread copies only: esbuild calls it twice in `__spreadValues`.
  if (copied.includes("var __defNormalProp = ") && copied.split("__defNormalProp(").length - 1 !== 2) {
    throw new Error(UNKNOWN_HELPERS);
  }
  return copied;
}

const UNKNOWN_HELPERS =
  "esbuild's object spread helpers are not the ones vite/server-bundle.ts replaces (decision 028)";

/**
 * esbuild's helpers, as it writes them for object spread (it renames their parameters where the chunk
 * uses the same names), and their plain copies.
 */
const PLAIN_COPIES: { name: string; esbuildHelper: RegExp; plainCopy: string }[] = [
  {
    name: "__defNormalProp",
    esbuildHelper:
      /var __defNormalProp = \((\w+), (\w+), (\w+)\) => \2 in \1 \? (__defProp\(\1, \2, \{ enumerable: true, configurable: true, writable: true, value(?:: \3)? \}\)) : \1\[\2\] = \3;/,
    plainCopy: 'var __defNormalProp = ($1, $2, $3) => $2 === "__proto__" ? $4 : $1[$2] = $3;',
  },
  {
    name: "__spreadProps",
    esbuildHelper: /var __spreadProps = \((\w+), (\w+)\) => __defProps\(\1, __getOwnPropDescs\(\2\)\);/,
    plainCopy: "var __spreadProps = ($1, $2) => __spreadValues($1, $2);",
  },
];

/** What `unsafeSpreadLiteral` reads of a syntax tree's nodes. */
interface SyntaxNode {
  type?: string;
  start?: number;
  properties?: {
    type: string;
    kind?: string;
    computed?: boolean;
    key?: { name?: string; value?: unknown };
  }[];
}

/**
 * An object literal with a spread and a getter, a setter or a `__proto__` key: a plain copy into it
 * would call the accessor or the prototype's setter where the spread defines a property.
 */
export function unsafeSpreadLiteral(program: Rollup.ProgramNode): string | null {
  let found: string | null = null;
  const visit = (node: unknown): void => {
    if (found || !node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const current = node as SyntaxNode;
    const properties = current.type === "ObjectExpression" ? (current.properties ?? []) : [];
    if (properties.some((property) => property.type === "SpreadElement")) {
      const unsafe = properties.find(
        (property) =>
          property.type === "Property" &&
          (property.kind !== "init" ||
            (!property.computed && (property.key?.name ?? property.key?.value) === "__proto__")),
      );
      if (unsafe)
        found = `an object literal with a spread and an accessor or __proto__ at offset ${current.start ?? "?"}`;
    }
    Object.values(current).forEach(visit);
  };
  visit(program);
  return found;
}

export const REACT_DOM_SERVER_FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
  "cjs/react-dom-server.node.production.js",
);
const REACT_DOM_SERVER = /\/node_modules\/react-dom\/cjs\/react-dom-server\.node\.production\.js$/;

/**
 * React's server renderer, writing its output as text (decision 033).
 *
 * React encodes every piece of a page into bytes as it goes: each attribute value, each text, each
 * name between two precomputed pieces is one `TextEncoder.encodeInto` into a new view of a 4 KB
 * buffer. A listing of 24 products is some ten thousand of them, a seventh of its render. Here its
 * pieces stay strings, precomputed ones included, and are joined and encoded once per
 * `TEXT_PIECE_CHARACTERS` (decision 042), each time into the next free bytes of a 64 KB buffer that
 * is never written twice (a new one is taken when it is full), so no piece costs a buffer of its own. A segment's size,
 * which React only weighs to decide whether a late boundary is sent inline, is counted in characters.
 */
export function reactWritingText(source: string): string {
  return replaceEachOnce(source, REACT_TEXT_WRITES, UNEXPECTED_REACT);
}

const UNEXPECTED_REACT = "React's server renderer is not the one vite/server-bundle.ts rewrites (decision 033)";

/**
 * The text React's writes are joined into before it is encoded and handed to the document's stream
 * (decision 042): a listing is nine pieces, not twenty-seven, each crossing the stream's steps once.
 */
export const TEXT_PIECE_CHARACTERS = 12_288;

/** The buffers the text is encoded into, each shared by the pieces that fit in it (decision 033). */
const TEXT_BUFFER_BYTES = 65_536;

const REACT_TEXT_WRITES: Replacement[] = [
  {
    name: "writeChunk",
    from: /function writeChunk\(destination, chunk\) \{\n[\s\S]*?\n\}\n(?=function writeToDestination\()/,
    to: `var pendingText = "",
  textBytes = Buffer.allocUnsafe(${TEXT_BUFFER_BYTES}),
  textBytesUsed = 0;
function bytesOfPendingText() {
  if (textBytes.length - textBytesUsed < 3 * pendingText.length) {
    textBytes = Buffer.allocUnsafe(Math.max(${TEXT_BUFFER_BYTES}, 3 * pendingText.length));
    textBytesUsed = 0;
  }
  var start = textBytesUsed;
  textBytesUsed += textBytes.write(pendingText, start);
  pendingText = "";
  return textBytes.subarray(start, textBytesUsed);
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    if (${TEXT_PIECE_CHARACTERS} <= pendingText.length) writeToDestination(destination, bytesOfPendingText());
  } else if (0 !== chunk.byteLength) {
    if (0 !== pendingText.length) writeToDestination(destination, bytesOfPendingText());
    writeToDestination(destination, chunk);
  }
}
`,
  },
  {
    name: "completeWriting",
    from: `function completeWriting(destination) {
  currentView &&
    0 < writtenBytes &&
    destination.write(currentView.subarray(0, writtenBytes));`,
    to: `function completeWriting(destination) {
  0 !== pendingText.length && destination.write(bytesOfPendingText());`,
  },
  {
    name: "stringToPrecomputedChunk",
    from: `function stringToPrecomputedChunk(content) {
  return textEncoder.encode(content);
}`,
    to: `function stringToPrecomputedChunk(content) {
  return content;
}`,
  },
  {
    name: "byteLengthOfChunk",
    from: `    ? Buffer.byteLength(chunk, "utf8")
    : chunk.byteLength;`,
    to: `    ? chunk.length
    : chunk.byteLength;`,
  },
];

/** React's renderer writing text: one rewrite of one module. */
const REACT_TEXT_REWRITE = "decision 033: React's server renderer writing text";

/** Every rewrite the server build makes of React Router, by its anchor: each must apply exactly once. */
const ROUTER_ANCHORS: { anchor: string; decision: string }[] = [
  { anchor: STATIC_ROUTER, decision: "decisions 028 and 036" },
  { anchor: SERVER_ROUTER, decision: "decision 036" },
  { anchor: MATCH_ROUTES, decision: "decision 037" },
  { anchor: ENCODER_LOOP, decision: "decision 040" },
  { anchor: PARTIAL_MANIFEST, decision: "decision 041" },
];

/** Which rewrites were made, and how often: the build's proof that each of them took. */
class RewriteLedger {
  private counts = new Map<string, number>();

  reset(): void {
    this.counts = new Map(
      [...ROUTER_ANCHORS.map(({ anchor, decision }) => `${decision}: ${anchor}…)`), REACT_TEXT_REWRITE].map((name) => [
        name,
        0,
      ]),
    );
  }

  applied(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  problems(): string[] {
    return [...this.counts]
      .filter(([, count]) => count !== 1)
      .map(
        ([name, count]) =>
          `The server build's rewrite for ${name} applied ${count} times, not once: the dependency changed. ` +
          "Update vite/server-bundle.ts (and its decision), or build with VANTAGE_REWRITES=off.",
      );
  }
}

/** A React Router module with every rewrite made whose anchor it holds, each counted in `ledger`. */
export function rewrittenRouterModule(code: string, ledger?: RewriteLedger): { code: string; map: null } | null {
  for (const { anchor, decision } of ROUTER_ANCHORS) {
    const found = code.split(anchor).length - 1;
    for (let time = 0; time < found; time++) ledger?.applied(`${decision}: ${anchor}…)`);
  }
  const withoutAccessors = code.includes(STATIC_ROUTER) ? staticRouterWithoutAccessors(code) : code;
  const rewritten = ROUTER_REWRITES.reduce((source, rewrite) => rewrite(source), withoutAccessors);
  return rewritten === code ? null : { code: rewritten, map: null };
}

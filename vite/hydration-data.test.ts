import { describe, expect, it } from "vitest";
import { installedRouterModule, loadRouterModule } from "../tests/support/react-router";
import { hydrationDataEncodedDirectly } from "./server-bundle";

type Plugin = (value: unknown) => unknown[] | undefined;

interface Encoding {
  encode: (
    input: unknown,
    options?: { plugins?: Plugin[]; postPlugins?: Plugin[]; signal?: AbortSignal },
  ) => ReadableStream<Uint8Array>;
}

/** The installed React Router module with the encoder of a page's data, which the server build bundles. */
const installed = installedRouterModule(["async function stringify("]);

/** A class the plugins below know, and one they leave to the post-plugins, as React Router's do. */
class Redirect {
  constructor(readonly location: string) {}
}
class Instance {
  constructor(readonly field: number) {}
}

/** Plugins shaped like React Router's own (`encodeViaTurboStream`): some values become a tagged list. */
const plugins: Plugin[] = [
  (value) => (value instanceof Redirect ? ["SingleFetchRedirect", value.location, { status: 302 }] : undefined),
];
const postPlugins: Plugin[] = [
  (value) =>
    value && typeof value === "object"
      ? ["SingleFetchClassInstance", Object.fromEntries(Object.entries(value))]
      : undefined,
  () => ["SingleFetchFallback"],
];

/** A listing's data as its loaders return it: shared objects and strings are written once and pointed at. */
function listingData(): unknown {
  const image = { id: "img-1", fileId: "img-1", url: "/files/img-1/a.jpg", width: 800, height: 600, alt: "" };
  const products = Array.from({ length: 24 }, (_, i) => ({
    id: `product-${i}`,
    model: `VNT-${i % 5}`,
    description: `A camera for site ${i % 3}. Rated for -40 °C to 60 °C — “quoted” \\ "escaped" \u2028 text.`,
    ndaa: i % 2 === 0,
    image: i % 4 === 0 ? null : image,
  }));
  return {
    loaderData: {
      root: { user: null, settings: { companyName: "Vantage", socialLinks: [{ label: "YouTube" }] } },
      "routes/catalog-all": { products, total: 10_000, page: 3, pageCount: 417, featureCounts: {} },
    },
    actionData: null,
    errors: null,
  };
}

/** Every kind of value the encoder writes, each also seen again, inside objects, lists, maps and sets. */
function everyKind(): unknown {
  const shared = { a: 1, b: "two" };
  const cyclic: Record<string, unknown> = { name: "cycle" };
  cyclic.self = cyclic;
  const nullPrototype = Object.assign(Object.create(null) as object, { x: 1, y: shared });
  const holes = [1, 2, 3];
  delete holes[1];
  const kinds = [
    true,
    false,
    0,
    -0,
    1.5,
    NaN,
    Infinity,
    -Infinity,
    "",
    "text",
    "line\nbreak </script>",
    10n,
    Symbol.for("registered"),
    undefined,
    null,
    new Date(0),
    new Date(NaN),
    new URL("https://example.com/a?b=c"),
    /a+b/giu,
    new Set([1, "x", shared]),
    new Set(),
    new Map<unknown, unknown>([
      ["k", shared],
      [shared, "v"],
    ]),
    new Map(),
    new Error("failed"),
    new TypeError("wrong type"),
    nullPrototype,
    shared,
    shared,
    cyclic,
    holes,
    [],
    {},
    { "": 1, "with space": 2, "1": 3, __proto__: { inherited: true } },
    new Redirect("/elsewhere"),
    new Instance(7),
    () => "a function",
  ];
  return { kinds, again: kinds, nested: { deeper: { list: [kinds, shared, "text"] } } };
}

/** More values than the encoder writes before it may pause for other work (every 6,000th). */
function manyValues(): unknown {
  return Array.from({ length: 9_000 }, (_, i) => ({ index: i, label: `value ${i % 500}`, even: i % 2 === 0 }));
}

/**
 * Values that arrive later, as a loader's promises do, settled in an order of their own: one at a time,
 * each a whole turn of the event loop after the one before, so that both encoders meet the same order
 * however busy the machine (timers of different lengths can fire together, in either order).
 */
function withPromises(): unknown {
  const steps = new Map<string, () => void>();
  const later = (name: string, value: unknown) => new Promise((resolve) => steps.set(name, () => resolve(value)));
  const shared = { seen: "before" };
  const failing = new Promise((_, reject) => steps.set("failing", () => reject(new Error("loader failed"))));
  failing.catch(() => undefined);
  const data = {
    shared,
    soon: later("soon", { shared, fresh: { list: [1, 2, 3] } }),
    sooner: later("sooner", "plain text"),
    same: later("same", shared),
    failing,
    nested: later("nested", { inner: later("inner", [shared, "inner"]) }),
  };
  void (async () => {
    for (const name of ["sooner", "same", "nested", "inner", "failing", "soon"]) {
      await new Promise((resolve) => setImmediate(resolve));
      steps.get(name)?.();
    }
  })();
  return data;
}

async function encoded(encoding: Encoding, input: unknown): Promise<string> {
  const stream = encoding.encode(input, { plugins, postPlugins });
  let text = "";
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  return text + decoder.decode();
}

describe("hydrationDataEncodedDirectly", () => {
  it("writes the same text as React Router's own encoder for every kind of value", async () => {
    const original = await loadRouterModule<Encoding>(installed);
    const rewritten = await loadRouterModule<Encoding>(hydrationDataEncodedDirectly(installed));

    for (const make of [listingData, everyKind, manyValues, withPromises]) {
      const expected = await encoded(original, make());
      expect(expected.length).toBeGreaterThan(100);
      expect(await encoded(rewritten, make()), make.name).toBe(expected);
    }
  });

  it("writes a value seen before from its index, and reads the clock only when it may pause", async () => {
    const counted = async (source: string) => {
      const encoding = await loadRouterModule<Encoding>(source);
      const data = listingData();
      const join = Array.prototype.join;
      const now = Date.now;
      let joins = 0;
      let clockReads = 0;
      Array.prototype.join = function (this: unknown[], separator?: string) {
        joins += 1;
        return join.call(this, separator);
      };
      Date.now = () => {
        clockReads += 1;
        return now();
      };
      try {
        await encoded(encoding, data);
      } finally {
        Array.prototype.join = join;
        Date.now = now;
      }
      return { joins, clockReads };
    };

    const original = await counted(installed);
    const rewritten = await counted(hydrationDataEncodedDirectly(installed));

    // As written: a join for every object's parts and for every reference to a value seen before,
    // and the clock for every value. Rewritten: the one join of the whole list, and the clock once.
    expect(original.joins).toBeGreaterThan(100);
    expect(rewritten.joins).toBeLessThanOrEqual(2);
    expect(original.clockReads).toBeGreaterThan(100);
    expect(rewritten.clockReads).toBeLessThanOrEqual(2);
  });

  it("fails the build when React Router encodes another way", () => {
    const changed = installed.replace(
      "const existing = indices.get(value);\n    if (existing) return [existing];",
      "const existing = indices.get(value);\n    if (existing !== void 0) return [existing];",
    );
    expect(changed).not.toBe(installed);

    expect(() => hydrationDataEncodedDirectly(changed)).toThrow(
      /async function stringify\(…\) is not the one .*decision 040/,
    );
    expect(hydrationDataEncodedDirectly("function somethingElse() {}")).toBe("function somethingElse() {}");
  });
});

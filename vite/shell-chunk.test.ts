import { rollup, type Plugin } from "rollup";
import { describe, expect, it } from "vitest";
import { shellModules } from "./shell-chunk";

/** Modules by name, each importing others statically (`import`) or on demand (`import()`). */
const modules: Record<string, string> = {
  "/app/root.tsx": `import { header } from "/app/header.ts"; export const root = () => header();`,
  "/app/header.ts": `import { link } from "/app/link.ts"; export const header = () => link("header");`,
  "/app/link.ts": `import { escape } from "/node_modules/escape/index.js";
    export const link = (to) => "<a>" + escape(to) + "</a>";`,
  "/app/product.tsx": `import { link } from "/app/link.ts"; import { price } from "/app/price.ts";
    export const product = () => link(price()) + import("/app/gallery.ts");`,
  "/app/catalog.tsx": `import { price } from "/app/price.ts"; export const catalog = () => price();`,
  "/app/search.tsx": `import { escape } from "/node_modules/escape/index.js"; export const search = () => escape("q");`,
  "/app/price.ts": `export const price = () => "9";`,
  "/app/gallery.ts": `import { price } from "/app/price.ts"; export const gallery = () => price();`,
  "/node_modules/escape/index.js": `export const escape = (text) => text.replace(/</g, "&lt;");`,
};

const inMemory: Plugin = {
  name: "in-memory",
  resolveId: (id) => (id in modules ? id : null),
  load: (id) => modules[id] ?? null,
};

/** The chunks a build of the three routes makes, each with the modules in it. */
async function chunks(manualChunks?: ReturnType<typeof shellModules>) {
  const bundle = await rollup({
    input: ["/app/root.tsx", "/app/product.tsx", "/app/catalog.tsx", "/app/search.tsx"],
    plugins: [inMemory],
  });
  const { output } = await bundle.generate({ format: "es", ...(manualChunks ? { manualChunks } : {}) });
  await bundle.close();
  return output.flatMap((file) => (file.type === "chunk" ? [[file.name, Object.keys(file.modules).sort()]] : []));
}

describe("shellModules", () => {
  it("puts what the root imports at any depth in one chunk, and nothing a page alone needs", async () => {
    // Without it, the link the root shares with the pages is a chunk of its own.
    expect(await chunks()).toContainEqual(["link", ["/app/link.ts"]]);

    const built = Object.fromEntries(await chunks(shellModules(/\/app\/root\.tsx$/)));
    expect(built["root-shell"]).toEqual(["/app/header.ts", "/app/link.ts", "/node_modules/escape/index.js"]);
    expect(built["root"]).toEqual(["/app/root.tsx"]);
    // What pages share without the root keeps its own chunk; what one loads on demand stays on demand.
    expect(built["price"]).toEqual(["/app/price.ts"]);
    expect(built["gallery"]).toEqual(["/app/gallery.ts"]);
    expect(built["product"]).toEqual(["/app/product.tsx"]);
  });

  it("takes in what pages share without the root when asked", async () => {
    const built = Object.fromEntries(await chunks(shellModules(/\/app\/root\.tsx$/, [/\/app\/price\.ts$/])));
    expect(built["root-shell"]).toEqual([
      "/app/header.ts",
      "/app/link.ts",
      "/app/price.ts",
      "/node_modules/escape/index.js",
    ]);
    expect(built["price"]).toBeUndefined();
    // The pages stay routes of their own, and what one loads on demand stays on demand.
    expect(built["product"]).toEqual(["/app/product.tsx"]);
    expect(built["catalog"]).toEqual(["/app/catalog.tsx"]);
    expect(built["gallery"]).toEqual(["/app/gallery.ts"]);
  });

  it("fails the build when a module it is asked to take in is not there", async () => {
    await expect(chunks(shellModules(/\/app\/root\.tsx$/, [/\/app\/prices\.ts$/]))).rejects.toThrow(
      /No module matches .*prices/,
    );
  });
});

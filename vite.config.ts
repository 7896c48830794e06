import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a brotli and a gzip copy of every client script and stylesheet at the strongest settings, once at
 * build time; the server sends them to browsers that accept them (server/assets.ts).
 */
function precompressAssets(): Plugin {
  return {
    name: "vantage:precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      const folder = options.dir ?? "";
      await Promise.all(
        Object.values(bundle)
          .filter((output) => /\.(?:js|css)$/.test(output.fileName))
          .map(async (output) => {
            const source = await readFile(join(folder, output.fileName));
            const [gzipped, brotlied] = await Promise.all([
              gzip(source, { level: 9 }),
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ]);
            await Promise.all([
              writeFile(join(folder, `${output.fileName}.gz`), gzipped),
              writeFile(join(folder, `${output.fileName}.br`), brotlied),
            ]);
          }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        target: "es2022",
        // Terser's extra passes take a few KB more off React and React Router than esbuild does: every
        // page ships them, and the first-load budget is 120 KB gzipped (issue #3).
        minify: "terser" as const,
        terserOptions: { ecma: 2020 as const, module: true, compress: { passes: 3, pure_getters: true } },
        // React Router preloads every route's chunks itself (modulepreload links from its manifest). Vite's
        // own helper would only preload the few on-demand imports' dependencies, and every page would pay
        // for the helper and its dependency map on first load.
        modulePreload: false as const,
      },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets()])],
  resolve: {
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
    },
  },
  ssr: {
    // Native or WASM packages must be loaded from node_modules at run time, not bundled.
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer", "xlsx"],
  },
}));

import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, type Plugin, type Rollup, type UserConfig } from "vite";
import { serverBundle } from "./vite/server-bundle";
import { serverLinks } from "./vite/server-links";
import { shellModules } from "./vite/shell-chunk";

const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a brotli and a gzip copy of every client script and stylesheet at the strongest settings, once at
 * build time; the server sends them to browsers that accept them (http/assets.ts). The gzip copies are
 * Zopfli's: 2.5% smaller than zlib's level 9, still plain gzip to every browser, for a few seconds of
 * build (decision 006).
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
              gzipAsync(source, { numiterations: 5 }),
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

/**
 * Build warnings that point at nothing anyone here can fix: zod's sources carry `/* @__PURE__ *\/`
 * comments where Rollup cannot use them (it drops them, harmlessly), and routes that only answer on
 * the server (a loader or action, no component) leave an empty browser chunk by design.
 */
const onwarn: Rollup.RollupOptions["onwarn"] = (warning, warn) => {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  if (warning.code === "EMPTY_BUNDLE") return;
  warn(warning);
};

const alias = {
  "#app": fileURLToPath(new URL("./app", import.meta.url)),
  "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
};

/**
 * `vite build --mode cli`: the admin command line as one plain JavaScript file, so a call starts at
 * once instead of compiling TypeScript first. Packages stay in node_modules, as for the server.
 */
const adminCli: UserConfig = {
  build: {
    ssr: "scripts/admin-cli.ts",
    outDir: "build/cli",
    target: "node20",
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "admin.js" }, onwarn },
  },
  resolve: { alias },
  logLevel: "warn",
};

/**
 * Modules nearly every public page imports besides the root: their meta tags, product pictures and
 * buttons and links, the hook that tells a hydrated page and the records' addresses. In the shell rather than chunks of their own (decision 082).
 */
const PUBLIC_PAGES_SHARE = [
  /\/app\/domain\/seo\.ts$/,
  /\/app\/components\/ui\.tsx$/,
  /\/app\/components\/responsive-image\.tsx$/,
  /\/app\/components\/use-hydrated\.ts$/,
  /\/app\/domain\/paths\.ts$/,
];

export default defineConfig(({ isSsrBuild, mode }) =>
  mode === "cli"
    ? adminCli
    : {
        build: isSsrBuild
          ? { rollupOptions: { input: "./http/app.ts", onwarn }, target: "node20" }
          : {
              target: "es2022",
              // Terser's extra passes take a few KB more off React and React Router than esbuild does: every
              // page ships them, and the first-load budget is 120 KB gzipped (decision 006).
              minify: "terser" as const,
              terserOptions: { ecma: 2020 as const, module: true, compress: { passes: 3, pure_getters: true } },
              // React Router preloads every route's chunks itself (modulepreload links from its manifest). Vite's
              // own helper would only preload the few on-demand imports' dependencies, and every page would pay
              // for the helper and its dependency map on first load.
              modulePreload: false as const,
              rollupOptions: { onwarn, output: { manualChunks: shellModules(undefined, PUBLIC_PAGES_SHARE) } },
            },
        plugins: [
          tailwindcss(),
          reactRouter(),
          serverLinks(),
          // VANTAGE_REWRITES=off builds the server with its dependencies as they are (vite/README.md).
          ...(isSsrBuild
            ? [serverBundle({ rewrites: process.env.VANTAGE_REWRITES !== "off" })]
            : [precompressAssets()]),
        ],
        resolve: { alias },
        ssr: {
          // The server build bundles React Router to rewrite it (vite/server-bundle.ts), and its Node.js
          // helpers with it so that all use that one copy. The development server loads it as it is.
          noExternal: isSsrBuild ? ["react-router", "@react-router/node"] : [],
          // Native or WASM packages must be loaded from node_modules at run time, not bundled.
          external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty", "nodemailer", "xlsx"],
        },
      },
);

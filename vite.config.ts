import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2022" },
  plugins: [tailwindcss(), reactRouter()],
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

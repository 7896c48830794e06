import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const BROWSER_LINKS = fileURLToPath(new URL("../app/components/links.ts", import.meta.url));
const SERVER_LINKS = fileURLToPath(new URL("./links.server.tsx", import.meta.url));

/**
 * Server renders import `vite/links.server.tsx` wherever a page imports
 * `app/components/links.ts`: the router's links as HTML, without the work only a browser uses
 * (decision 032). The browser build keeps the router's own, unchanged, to hydrate that HTML.
 */
export function serverLinks(): Plugin {
  return {
    name: "vantage:server-links",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!options.ssr || !/\/links$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === BROWSER_LINKS ? SERVER_LINKS : null;
    },
  };
}

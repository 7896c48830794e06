import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverLinks } from "./server-links";

let vite: ViteDevServer;

beforeAll(async () => {
  vite = await createServer({
    configFile: false,
    root: fileURLToPath(new URL("..", import.meta.url)),
    plugins: [serverLinks()],
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    // Only the transforms are asked for: nothing to pre-bundle for a browser.
    optimizeDeps: { noDiscovery: true },
    logLevel: "silent",
  });
});

afterAll(async () => {
  await vite.close();
});

/** The module paths `id`'s imports resolve to, as Vite serves it to the browser or to the server. */
async function importsOf(id: string, ssr: boolean): Promise<string[]> {
  const result = await vite.transformRequest(id, { ssr });
  const code = result?.code ?? "";
  return [...code.matchAll(/["'](\/(?:app\/components|vite)\/[\w.-]+)["']/g)].map((match) => match[1] ?? "");
}

describe("serverLinks", () => {
  it("gives server renders the server's links where a page imports the router's", async () => {
    expect(await importsOf("/app/components/ui.tsx", true)).toContain("/vite/links.server.tsx");
    expect(await importsOf("/app/components/ui.tsx", true)).not.toContain("/app/components/links.ts");
  });

  it("leaves the browser the router's own links", async () => {
    expect(await importsOf("/app/components/ui.tsx", false)).toContain("/app/components/links.ts");
    expect(await importsOf("/app/components/ui.tsx", false)).not.toContain("/vite/links.server.tsx");
  });
});

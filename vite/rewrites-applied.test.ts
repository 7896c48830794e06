import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { REACT_ROUTER_DIST, serverBundle } from "./server-bundle";

// The server build rewrites React Router and React where decisions measured it paid (vite/README.md).
// A new version that renames a rewrite's anchor must stop the build, not leave it green with the
// rewrite gone: here the server bundle's plugin builds a copy of React Router, once as installed and
// once with one anchor renamed.

const root = fileURLToPath(new URL("..", import.meta.url));
/** Copies live inside node_modules, so that their own imports (react, cookie) resolve as the real one's do. */
const scratch = path.join(root, "node_modules", ".vantage-test", `rewrites-${process.pid}`);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A copy of the installed React Router's bundled folder, each module changed by `change`. */
function copyOfReactRouter(name: string, change: (source: string) => string): string {
  const dist = path.join(scratch, name, "node_modules", "react-router", "dist", path.basename(REACT_ROUTER_DIST));
  fs.mkdirSync(dist, { recursive: true });
  for (const file of fs.readdirSync(REACT_ROUTER_DIST)) {
    if (!file.endsWith(".mjs")) continue;
    fs.writeFileSync(path.join(dist, file), change(fs.readFileSync(path.join(REACT_ROUTER_DIST, file), "utf8")));
  }
  return dist;
}

/** The server bundle's plugin building an entry that takes React Router from `dist` and React's renderer. */
async function buildWith(name: string, dist: string): Promise<void> {
  const entry = path.join(scratch, `${name}.mjs`);
  fs.writeFileSync(
    entry,
    `export * from ${JSON.stringify(path.join(dist, "index.mjs"))};\nexport { renderToPipeableStream } from "react-dom/server";\n`,
  );
  await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [serverBundle({ reactRouterDist: dist })],
    build: {
      ssr: entry,
      write: false,
      target: "node20",
      // React's renderer is bundled, to be rewritten; what it and React Router import stays outside.
      rollupOptions: {
        external: (id) => ["react", "react-dom", "cookie", "set-cookie-parser"].includes(id) || id.startsWith("react/"),
      },
    },
    ssr: { noExternal: [/react-router/] },
  });
}

describe("the server build's rewrites", () => {
  it("apply to React Router as installed, each once", { timeout: 120_000 }, async () => {
    await expect(
      buildWith(
        "as-installed",
        copyOfReactRouter("as-installed", (source) => source),
      ),
    ).resolves.toBeUndefined();
  });

  it(
    "stop the build, naming the decision, when an anchor is renamed in a new React Router",
    { timeout: 120_000 },
    async () => {
      const renamed = copyOfReactRouter("renamed", (source) =>
        source.replace(/\bmatchRoutesImpl\b/g, "matchRoutesImplementation"),
      );
      await expect(buildWith("renamed", renamed)).rejects.toThrow(
        /rewrite for decision 037: function matchRoutesImpl\(…\) applied 0 times, not once/,
      );
    },
  );
});

// @ts-check
// Starts the web server: the production build by default, Vite's dev server with --dev.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.argv.includes("--dev");
// React and React Router choose their development or production code by NODE_ENV when they are first
// loaded. The build carries React's production server renderer (decision 033), which React's
// development code cannot drive: the build always runs in production, the dev server in development.
process.env.NODE_ENV = development ? "development" : "production";
// Everything the server creates (the embedded database, stored files, the outbox, temp files) is its
// user's alone, whatever the shell's umask (app/server/platform/private-files.server.ts).
process.umask(0o077);

async function main() {
  /** @type {typeof import("./http/app")} */
  let app;
  /** @type {import("./http/app").AppOptions} */
  let options;
  /** @type {import("vite").ViteDevServer | undefined} */
  let vite;
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const viteServer = vite;
    app = /** @type {typeof import("./http/app")} */ (await vite.ssrLoadModule("./http/app.ts"));
    options = {
      development: true,
      before: viteServer.middlewares,
      build: async () =>
        /** @type {import("react-router").ServerBuild} */ (
          await viteServer.ssrLoadModule("virtual:react-router/server-build")
        ),
    };
  } else {
    const entry = path.join(root, "build/server/index.js");
    app = await import(/* @vite-ignore */ entry);
    options = { build: await app.loadBuild(), clientDir: path.join(root, "build/client"), renderThreadEntry: entry };
  }

  const { runtime: started, site } = await app.startSite(options);
  const { env, logger } = started;
  // A port another process holds (or one below 1024 without the right) is a setting to change, said in
  // one line, not a stack trace; what the start opened is closed first.
  site.http.once("error", (/** @type {NodeJS.ErrnoException} */ error) => {
    const reason =
      error.code === "EADDRINUSE"
        ? `Port ${env.PORT} on ${env.HOST ?? "127.0.0.1"} is already in use: stop what uses it, or set PORT to another port.`
        : error.code === "EACCES"
          ? `Port ${env.PORT} needs privileges this user lacks: set PORT to 1024 or above (and put nginx in front).`
          : `Cannot listen on port ${env.PORT}: ${error.message}`;
    console.error(reason);
    void started.close().finally(() => process.exit(1));
  });
  const server = site.http.listen(env.PORT, env.HOST ?? "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, url: env.publicUrl, mode: process.env.NODE_ENV }, `Vantage is listening on ${env.publicUrl}`);
    // A parent process (the tests, a benchmark) hears of the server once it is wholly started.
    void site.started.then(() => process.send?.({ type: "listening", port }));
  });

  let stopping = false;
  // A restart drops nothing: requests in flight finish (up to the grace period), live pages reconnect
  // to another instance, and only then does the database close.
  const stop = async (/** @type {string} */ signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, "shutting down: finishing the requests in flight");
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + CLOSE_MS);
    forced.unref();
    const finished = await site.drain(SHUTDOWN_GRACE_MS);
    if (!finished)
      logger.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still running after the grace period were cut");
    await vite?.close();
    await started.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** How long requests in flight may take to finish once asked to stop; systemd's default stop timeout is 90 s. */
const SHUTDOWN_GRACE_MS = 20_000;
/** For closing the database and the rest after that, before the process gives up and exits anyway. */
const CLOSE_MS = 5_000;

main().catch((error) => {
  console.error(error instanceof Error && error.constructor.name.endsWith("Error") ? error.message : error);
  if (process.env.LOG_LEVEL === "debug" && error instanceof Error) console.error(error.stack);
  process.exit(1);
});

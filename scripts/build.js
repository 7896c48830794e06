// @ts-check
// `npm run build`: the site (React Router's client and server builds) and the admin command line.
// `npm start` and `npm run admin` call the parts they need only when a source is newer than the build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = [
  "app",
  "http",
  "demo",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "vite",
  "react-router.config.ts",
];

export const SITE_ENTRY = path.join(root, "build/server/index.js");
export const ADMIN_CLI_ENTRY = path.join(root, "build/cli/admin.js");

/** @param {string} target @returns {number} the newest modification time below target */
function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

/** @param {string} output @param {string[]} extraSources @returns {boolean} */
function stale(output, extraSources = []) {
  const built = fs.statSync(output, { throwIfNoEntry: false });
  return (
    !built || [...SOURCES, ...extraSources].some((source) => newestChange(path.join(root, source)) > built.mtimeMs)
  );
}

/** @param {string} bin @param {string[]} args */
function run(bin, args) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", bin), ...args], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildSite() {
  run("@react-router/dev/bin.js", ["build"]);
}

export function buildAdminCli() {
  run("vite/bin/vite.js", ["build", "--mode", "cli"]);
}

export function buildSiteIfStale() {
  if (!stale(SITE_ENTRY)) return;
  console.log("Building the site…");
  buildSite();
}

export function buildAdminCliIfStale() {
  if (!stale(ADMIN_CLI_ENTRY, ["scripts/admin-cli.ts"])) return;
  // On stderr: what the command prints on stdout is its answer alone.
  console.error("Building the admin command line…");
  buildAdminCli();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildSite();
  buildAdminCli();
}

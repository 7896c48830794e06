// @ts-check
// `npm start`: builds the site when there is no build yet (or the sources are newer), then serves it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

/** @param {string} target @returns {number} the newest modification time below target */
function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

const built = fs.statSync(buildEntry, { throwIfNoEntry: false });
const stale = !built || sources.some((source) => newestChange(path.join(root, source)) > built.mtimeMs);
if (stale) {
  console.log("Building the site…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server.js");

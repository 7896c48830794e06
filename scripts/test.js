// @ts-check
// `npm test`: installs what the tests need from Debian when it is missing (Chromium, the PostgreSQL
// server), builds the site when its sources changed, then runs the unit and integration tests (Vitest)
// and the end-to-end tests (Playwright on the production build). A site already running from this
// folder keeps working: an unchanged build is not rebuilt under it.
import { spawnSync } from "node:child_process";
import { buildAdminCliIfStale, buildSiteIfStale } from "./build.js";
import { ensureDebianPackages } from "./system-packages.js";

/** @param {string} label @param {string[]} args */
function run(label, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync("npx", args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

ensureDebianPackages(["chromium", "postgresql"]);
// Integration tests start the production server and the admin command line, so the build comes first.
buildSiteIfStale();
buildAdminCliIfStale();
run("unit and integration tests", ["vitest", "run"]);
run("end-to-end tests", ["playwright", "test"]);

// @ts-check
// `npm test`: installs what the tests need from Debian when it is missing (Chromium, the PostgreSQL
// server), builds the site, then runs the unit and integration tests (Vitest) and the end-to-end
// tests (Playwright on the production build).
import { spawnSync } from "node:child_process";
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
// Integration tests start the production server too, so the build comes first.
run("production build", ["react-router", "build"]);
run("unit and integration tests", ["vitest", "run"]);
run("end-to-end tests", ["playwright", "test"]);

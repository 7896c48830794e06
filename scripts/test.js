// @ts-check
// `npm test`: installs what the tests need from Debian when it is missing (Chromium's headless shell,
// the PostgreSQL server, nginx), builds the site when its sources changed, then runs the unit and
// integration tests (Vitest) and the end-to-end tests (Playwright on the production build);
// `npm run test:unit`, `test:integration` and `test:e2e` run each part alone. A site already running
// from this folder keeps working: an unchanged build is not rebuilt under it.
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

// `--integration` or `--e2e` runs one part alone (`npm run test:integration`, `npm run test:e2e`).
const only = process.argv.includes("--integration") ? "integration" : process.argv.includes("--e2e") ? "e2e" : null;

// nginx: the end-to-end tests run two instances behind it.
ensureDebianPackages(only === "integration" ? ["postgresql"] : ["chromium-headless-shell", "postgresql", "nginx"]);
// Both start the production server (integration tests also the admin command line): build first.
buildSiteIfStale();
buildAdminCliIfStale();
if (only !== "e2e") {
  run(only ? "integration tests" : "unit and integration tests", [
    "vitest",
    "run",
    ...(only ? ["--project", "integration", "--project", "integration-s3"] : []),
  ]);
}
// Whatever follows `npm run test:e2e --` (a file, `-g title`) goes to Playwright.
const playwrightArgs = only === "e2e" ? process.argv.slice(3) : [];
if (only !== "integration") run("end-to-end tests", ["playwright", "test", ...playwrightArgs]);

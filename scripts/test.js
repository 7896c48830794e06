// @ts-check
// `npm test`: installs what the tests need from Debian when it is missing (Chromium, the PostgreSQL
// server), builds the site, then runs the unit and integration tests (Vitest) and the end-to-end
// tests (Playwright on the production build).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

function postgresInstalled() {
  const base = "/usr/lib/postgresql";
  return (
    fs.existsSync(base) && fs.readdirSync(base).some((version) => fs.existsSync(`${base}/${version}/bin/postgres`))
  );
}

function ensureSystemPackages() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push("chromium");
  if (!postgresInstalled()) missing.push("postgresql");
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing ${missing.join(" and ")}: install them (apt-get install ${missing.join(" ")}) and run again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { stdio: "inherit", env });
}

/** @param {string} label @param {string[]} args */
function run(label, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync("npx", args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

ensureSystemPackages();
// Integration tests start the production server too, so the build comes first.
run("production build", ["react-router", "build"]);
run("unit and integration tests", ["vitest", "run"]);
run("end-to-end tests", ["playwright", "test"]);

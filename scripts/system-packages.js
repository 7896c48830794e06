// @ts-check
// Debian packages the tests and benchmarks need beside Node.js, installed with apt-get when missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
/**
 * Chromium's headless shell, from Debian's package of the same release: the end-to-end tests drive it,
 * as Playwright drives its own headless shell, for half the CPU of the whole browser (decision 039).
 * The benchmarks that measure what visitors see (Lighthouse, throttled visitors) keep the browser.
 */
export const CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** How every test and benchmark runs Chromium: headless, no sandbox, nothing fetched from the network. */
export const CHROMIUM_HEADLESS_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function postgresInstalled() {
  const base = "/usr/lib/postgresql";
  return (
    fs.existsSync(base) && fs.readdirSync(base).some((version) => fs.existsSync(`${base}/${version}/bin/postgres`))
  );
}

/** @type {Record<string, () => boolean>} Debian package name → whether it is installed */
const installed = {
  chromium: () => fs.existsSync(CHROMIUM),
  "chromium-headless-shell": () => fs.existsSync(CHROMIUM_HEADLESS_SHELL),
  postgresql: postgresInstalled,
  nginx: () => fs.existsSync("/usr/sbin/nginx"),
};

/** @param {Array<keyof typeof installed>} packages */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((name) => !installed[name]?.());
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

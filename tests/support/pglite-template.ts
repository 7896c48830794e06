import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A new embedded database costs seconds of CPU (PGlite's initdb, then every migration), and the suite
// opens dozens. The run's global set-up makes one, by the same code a first start runs, and each test's
// fresh data folder starts from a copy of it: the same bytes a first start would have written.

const root = path.resolve(import.meta.dirname, "../..");
const TEMPLATE_PREFIX = "vantage-pglite-template-";

/** Whatever decides what a new database holds: the migrations and the PGlite release. */
function templateKey(): string {
  const hash = createHash("sha256");
  const migrations = path.join(root, "drizzle");
  for (const entry of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrations, entry);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(entry).update(fs.readFileSync(file));
  }
  const pglite = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  return hash.update(pglite.version).digest("hex").slice(0, 16);
}

let folder: string | undefined;

/** Where this checkout's template lives: worked out once per process, not at every test start. */
function templateFolder(): string {
  folder ??= path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  return folder;
}

/**
 * Another checkout's template (other migrations) may be in use by a run of that checkout at this very
 * moment: only one nobody has made for a day is taken for abandoned.
 */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the template for this checkout's migrations unless it is there already (a folder appears
 * whole or not at all: it is renamed into place), and removes abandoned templates of other migrations.
 */
export async function ensurePgliteTemplate(): Promise<void> {
  const target = templateFolder();
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), entry);
    if (!entry.startsWith(TEMPLATE_PREFIX) || other === target) continue;
    const made = fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > ABANDONED_AFTER_MS) fs.rmSync(other, { recursive: true, force: true });
  }
  if (fs.existsSync(target)) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-template-build-"));
  try {
    // Loaded here, not with this module, which every test that starts a server imports: the server's
    // modules take a second or two to load, and only the run's set-up makes a template.
    const [{ parseEnv }, { startRuntime }] = await Promise.all([
      import("../../app/server/env.server"),
      import("../../app/server/runtime.server"),
    ]);
    const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
    await runtime.close();
    try {
      fs.renameSync(path.join(dataDir, "db"), target);
    } catch (error) {
      // Another run made it first.
      if (!fs.existsSync(target)) throw error;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Gives a new, empty data folder the template's database, when the run's set-up made one. */
export function seedEmbeddedDatabase(dataDir: string): void {
  const template = templateFolder();
  if (fs.existsSync(template)) fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
}

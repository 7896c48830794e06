import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A new embedded database costs seconds of CPU (PGlite's initdb, then every migration), and the suite
// opens dozens. The run's global set-up makes one, by the same code a first start runs, and each test's
// fresh data folder starts from a copy of it: the same bytes a first start would have written.
// The browser suite's set-up also makes a data folder holding the demo catalog: a third of its servers
// start with it, and loading it (pictures, PDFs, every row) costs each of them about five seconds more.

const root = path.resolve(import.meta.dirname, "../..");
const TEMPLATE_PREFIX = "vantage-pglite-template-";
const DEMO_TEMPLATE_PREFIX = "vantage-demo-template-";

/** Hashes every file under each of `sources` (folders or files, relative to the checkout), in order. */
function hashSources(hash: ReturnType<typeof createHash>, sources: string[]): void {
  for (const source of sources) {
    const start = path.join(root, source);
    const entries = fs.statSync(start).isDirectory()
      ? fs.readdirSync(start, { recursive: true, encoding: "utf8" }).sort()
      : [""];
    for (const entry of entries) {
      const file = path.join(start, entry);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(path.join(source, entry)).update(fs.readFileSync(file));
    }
  }
}

/** Whatever decides what a new database holds: the migrations and the PGlite release. */
function templateKey(): string {
  const hash = createHash("sha256");
  hashSources(hash, ["drizzle"]);
  const pglite = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  return hash.update(pglite.version).digest("hex").slice(0, 16);
}

/**
 * What decides what the demo catalog's data folder holds: the catalog and how it is drawn, the server
 * code that stores its rows and files, and every package's release (the image library's among them).
 */
function demoTemplateKey(): string {
  const hash = createHash("sha256").update(templateKey());
  hashSources(hash, ["demo", "app/server", "app/domain", "package-lock.json"]);
  return hash.digest("hex").slice(0, 16);
}

let folder: string | undefined;
let demoFolder: string | undefined;

/** Where this checkout's templates live: worked out once per process, not at every test start. */
function templateFolder(): string {
  folder ??= path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  return folder;
}

function demoTemplateFolder(): string {
  demoFolder ??= path.join(os.tmpdir(), `${DEMO_TEMPLATE_PREFIX}${demoTemplateKey()}`);
  return demoFolder;
}

/**
 * Another checkout's template (other migrations) may be in use by a run of that checkout at this very
 * moment: only one nobody has made for a day is taken for abandoned.
 */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the template at `target` unless it is there already, and removes abandoned templates of the
 * same kind (named with `prefix`). `fill` is given a new data folder and returns the part of it to
 * keep, which is renamed into place: a template appears whole or not at all.
 */
async function makeTemplate(prefix: string, target: string, fill: (dataDir: string) => Promise<string>) {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), entry);
    if (!entry.startsWith(prefix) || other === target) continue;
    const made = fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > ABANDONED_AFTER_MS) fs.rmSync(other, { recursive: true, force: true });
  }
  if (fs.existsSync(target)) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-template-build-"));
  try {
    const made = await fill(dataDir);
    try {
      fs.renameSync(made, target);
    } catch (error) {
      // Another run made it first.
      if (!fs.existsSync(target)) throw error;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Opens the site's services on `dataDir` as a first start does, without a log. The server's modules
 * are loaded here, not with this module, which every test that starts a server imports: they take a
 * second or two, and only the run's set-up makes a template.
 */
async function startQuietRuntime(dataDir: string, demoData: boolean) {
  const [{ parseEnv }, { startRuntime }] = await Promise.all([
    import("../../app/server/platform/env.server"),
    import("../../app/server/runtime/runtime.server"),
  ]);
  return startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: demoData ? "1" : "0" }));
}

/** Makes the template for this checkout's migrations unless it is there already. */
export function ensurePgliteTemplate(): Promise<void> {
  return makeTemplate(TEMPLATE_PREFIX, templateFolder(), async (dataDir) => {
    await (await startQuietRuntime(dataDir, false)).close();
    return path.join(dataDir, "db");
  });
}

/**
 * Makes the demo catalog's data folder (its database and its files on disk) by the loader a first
 * start with DEMO_DATA runs, unless it is there already. Needs the empty template: call
 * `ensurePgliteTemplate` first.
 */
export function ensureDemoTemplate(): Promise<void> {
  return makeTemplate(DEMO_TEMPLATE_PREFIX, demoTemplateFolder(), async (dataDir) => {
    seedEmbeddedDatabase(dataDir);
    const [runtime, { loadDemoCatalogIfEmpty }] = await Promise.all([
      startQuietRuntime(dataDir, true),
      import("../../demo/load"),
    ]);
    try {
      await loadDemoCatalogIfEmpty(runtime);
    } finally {
      await runtime.close();
    }
    return dataDir;
  });
}

/** Gives a new, empty data folder the template's database, when the run's set-up made one. */
export function seedEmbeddedDatabase(dataDir: string): void {
  const template = templateFolder();
  if (fs.existsSync(template)) fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
}

/**
 * Gives a new, empty data folder the demo catalog (its database and its files, kept in the folder),
 * when the run's set-up made it; otherwise the empty database, and the server loads the catalog itself.
 */
export function seedDemoDataFolder(dataDir: string): void {
  const template = demoTemplateFolder();
  if (fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  else seedEmbeddedDatabase(dataDir);
}

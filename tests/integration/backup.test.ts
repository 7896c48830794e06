import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime } from "#app/server/runtime/runtime.server";
import { openStorage, storageLocation } from "#app/server/runtime/storage-location.server";
import { readAll } from "#app/server/platform/streams.server";
import { loadDemoCatalogIfEmpty } from "../../demo/load";
import { adminEnv, signIn, TEST_ADMIN } from "#tests/support/http";
import { seedEmbeddedDatabase } from "#tests/support/pglite-template";
import { createDatabase } from "#tests/support/postgres";
import { startS3Server, type S3TestServer } from "#tests/support/s3";
import { startServer, type RunningServer } from "#tests/support/server";
import { stageText } from "#tests/support/staged-files";
import { TEST_ORIGIN } from "#tests/support/origin";

const folders: string[] = [];
const running: { stop(): Promise<void> }[] = [];

afterAll(async () => {
  for (const item of running.reverse()) await item.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-backup-"));
  folders.push(folder);
  return folder;
}

async function postgresDatabase(): Promise<string> {
  return createDatabase(inject("postgresAdminUrl"), `backup_${Math.random().toString(36).slice(2, 12)}`);
}

/** `npm run admin -- …` with `env` as the operator's environment. */
function admin(env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/admin.js", ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "silent", DEMO_DATA: "0", ...env } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** A site as an operator leaves it: the demo catalog, a category and a download added by an admin, the admin. */
async function prepareSite(env: Record<string, string>): Promise<void> {
  const runtime = await startRuntime(parseEnv({ ...env, LOG_LEVEL: "silent" }));
  try {
    await loadDemoCatalogIfEmpty(runtime);
    await runtime.admins.ensure(TEST_ADMIN.email, TEST_ADMIN.password);
    await runtime.services.categoryAdmin.createCategory(
      {
        name: "Added after the demo",
        description: "An admin's edit, with a feature",
        features: [{ id: undefined, label: "Restored feature" }],
      },
      TEST_ORIGIN,
    );
    const manual = await stageText(runtime, "Restored manual.pdf", "A manual written by an admin.\n");
    await runtime.services.downloadAdmin.createGeneralDownload(
      { description: "Restored manual", fileId: manual.id },
      TEST_ORIGIN,
    );
  } finally {
    await runtime.close();
  }
}

/** The public pages a visitor can reach, from the sitemap and the menus. */
async function publicPaths(site: RunningServer): Promise<string[]> {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || "/");
  return [...new Set([...listed, "/", "/catalog", "/support", "/about", "/contact", "/privacy", "/search?q=dome"])];
}

/** A page as every visitor sees it: the address the site was reached at and the per-response nonces set aside. */
async function page(site: RunningServer, pathname: string): Promise<string> {
  const response = await fetch(`${site.url}${pathname}`);
  const html = (await response.text())
    .replaceAll(site.url, "ORIGIN")
    // A fresh render carries a nonce, a page from the cache none (decision 007): either is the same page.
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\\"nonce\\",\\"[^"\\]*\\"/g, '\\"nonce\\",\\"\\"');
  return `${response.status} ${html}`;
}

/** SHA-256 of every stored original (image variants are remade on request, not kept in backups). */
async function fileHashes(env: Record<string, string>): Promise<Record<string, string>> {
  const storage = await openStorage(storageLocation(parseEnv(env)));
  const hashes: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    if (key.startsWith("variants/")) continue;
    hashes[key] = createHash("sha256")
      .update(await readAll(storage.read(key)))
      .digest("hex");
  }
  return hashes;
}

/** Starts a site on `target` (restored there) and checks that it is the source's site; returns it, running. */
async function expectSameSite(
  source: RunningServer,
  sourceEnv: Record<string, string>,
  target: Record<string, string>,
) {
  const restored = await startServer({ ...target, LOG_LEVEL: "warn" });
  running.push(restored);
  const paths = await publicPaths(source);
  expect(paths.length).toBeGreaterThan(20);
  expect(await publicPaths(restored)).toEqual(paths);
  for (const pathname of paths) {
    expect(await page(restored, pathname), pathname).toBe(await page(source, pathname));
  }
  const before = await fileHashes(sourceEnv);
  expect(Object.keys(before).length).toBeGreaterThan(10);
  expect(await fileHashes(target)).toEqual(before);
  await signIn(restored.url);
  return restored;
}

describe("a backup of the embedded database and local files", () => {
  let s3: S3TestServer;
  const source: Record<string, string> = {};
  let site: RunningServer;
  let archive: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    running.push(s3);
    source.DATA_DIR = tempFolder();
    seedEmbeddedDatabase(source.DATA_DIR);
    await prepareSite(source);
    site = await startServer({ ...source, ...adminEnv() });
    running.push(site);
    archive = path.join(tempFolder(), "site.tar.gz");
  });

  it("is written through the running server, which owns the database, while it serves", async () => {
    const visits = Array.from({ length: 20 }, () => fetch(`${site.url}/catalog`).then((response) => response.status));
    const result = await admin(source, "backup", archive);
    expect(result).toMatchObject({ status: 0 });
    expect(result.output).toMatch(
      /^Backup written to .*site\.tar\.gz: \d+ rows in \d+ tables, \d+ files \([\d.]+ MB\)\.\n$/,
    );
    expect(await Promise.all(visits)).toEqual(Array.from({ length: 20 }, () => 200));
  });

  it("restores into an empty PostgreSQL database with files in S3: the same pages, files and admin", async () => {
    const target = { DATA_DIR: tempFolder(), DATABASE_URL: await postgresDatabase(), ...s3.env("restored") };
    const result = await admin(target, "restore", archive);
    expect(result.output).toMatch(
      /^Restored .*: \d+ rows in \d+ tables, \d+ files\.\nEveryone is signed out: a backup keeps no sessions, /,
    );
    expect(result.status).toBe(0);
    await expectSameSite(site, source, target);
  });
});

describe("a backup of a PostgreSQL database with files in S3", () => {
  let s3: S3TestServer;
  let source: Record<string, string>;
  let site: RunningServer;
  let archive: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    running.push(s3);
    source = { DATA_DIR: tempFolder(), DATABASE_URL: await postgresDatabase(), ...s3.env("site") };
    await prepareSite(source);
    site = await startServer({ ...source, ...adminEnv() });
    running.push(site);
    archive = path.join(tempFolder(), "site.tar.gz");
    const result = await admin({ ...source, DATA_DIR: tempFolder() }, "backup", archive);
    expect(result.status, result.output).toBe(0);
  });

  it("restores into the embedded database with files on disk: the same pages, files and admin", async () => {
    const target = { DATA_DIR: tempFolder() };
    expect(await admin(target, "restore", archive)).toMatchObject({ status: 0 });
    const restored = await expectSameSite(site, source, target);

    // A restore waits for the site on its folder to stop; then, over what is there, it is refused
    // unless asked to replace it.
    const whileRunning = await admin(target, "restore", archive);
    expect(whileRunning).toEqual({
      status: 1,
      output: "A server is running on this DATA_DIR: stop the site, then restore.\n",
    });
    await restored.stop();
    const again = await admin(target, "restore", archive);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/^The target is not empty \(\d+ rows, \d+ stored files\): restore into an empty/);
    expect(await admin(target, "restore", archive, "--force")).toMatchObject({ status: 0 });
  });

  it("refuses a damaged or cut-off archive with a clear message and leaves the target empty", async () => {
    const bytes = fs.readFileSync(archive);
    const cutOff = path.join(tempFolder(), "cut-off.tar.gz");
    fs.writeFileSync(cutOff, bytes.subarray(0, Math.floor(bytes.byteLength * 0.6)));
    const flipped = path.join(tempFolder(), "flipped.tar.gz");
    const damaged = Buffer.from(bytes);
    const middle = Math.floor(damaged.byteLength / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    fs.writeFileSync(flipped, damaged);
    const notABackup = path.join(tempFolder(), "notes.txt");
    fs.writeFileSync(notABackup, "not an archive");

    for (const [file, message] of [
      [cutOff, /^The archive .*cut-off\.tar\.gz is damaged or incomplete: /],
      [flipped, /^The archive .*flipped\.tar\.gz is damaged/],
      [notABackup, /^The archive .*notes\.txt is damaged or incomplete: /],
      [path.join(tempFolder(), "missing.tar.gz"), /^There is no file .*missing\.tar\.gz\./],
    ] as const) {
      const target = { DATA_DIR: tempFolder(), DATABASE_URL: await postgresDatabase() };
      const result = await admin(target, "restore", file);
      expect(result.status, file).toBe(1);
      expect(result.output, file).toMatch(message);
      // Nothing half-restored: no rows, no files.
      expect(await admin(target, "list")).toMatchObject({ output: expect.stringContaining("No admins yet") });
      expect(await fileHashes(target)).toEqual({});
    }
  });
});

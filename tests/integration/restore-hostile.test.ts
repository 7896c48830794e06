import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime } from "#app/server/runtime/runtime.server";
import { readBackupEntries, writeCraftedArchive, type CraftedEntry } from "#tests/support/backup-archive";
import { residentBytes } from "#tests/support/memory";
import { TEST_ORIGIN } from "#tests/support/origin";
import { seedEmbeddedDatabase } from "#tests/support/pglite-template";
import { startS3Server, type S3TestServer } from "#tests/support/s3";
import { stageText } from "#tests/support/staged-files";

// Archives made to hurt the machine that restores them, as an attack probe made them: names that
// climb out of the storage, a file no record uses, a record whose file lies outside the storage, a
// climb hidden after hundreds of good files, an entry far larger than memory. Each is refused before
// anything is written (the target here keeps its files in a bucket whose every write is counted),
// with a message naming what is wrong, in bounded memory.

const FILE_COUNT = 250;
const folders: string[] = [];
let s3: S3TestServer;
let entries: { name: string; bytes: Buffer }[];

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-hostile-"));
  folders.push(folder);
  return folder;
}

beforeAll(async () => {
  s3 = await startS3Server();
  const source = { DATA_DIR: tempFolder() };
  seedEmbeddedDatabase(source.DATA_DIR);
  const runtime = await startRuntime(parseEnv({ ...source, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
  try {
    const files = [];
    for (let index = 0; index < FILE_COUNT; index++)
      files.push(await stageText(runtime, `note-${index}.txt`, `note ${index}\n`));
    await runtime.services.downloadAdmin.createGeneralDownload(
      { description: "A manual", fileId: files[0]?.id ?? "" },
      TEST_ORIGIN,
    );
  } finally {
    await runtime.close();
  }
  const archive = path.join(tempFolder(), "site.tar.gz");
  const made = await admin(source, "backup", archive);
  expect(made.status, made.output).toBe(0);
  entries = (await readBackupEntries(archive)).filter((entry) => entry.name !== "checksums.json");
});

afterAll(async () => {
  await s3?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** `npm run admin -- …`, with the highest resident memory the process reached while it ran. */
function admin(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ status: number | null; output: string; peakBytes: number }>((resolve) => {
    let peakBytes = 0;
    const child = execFile(
      process.execPath,
      ["scripts/admin.js", ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "silent", DEMO_DATA: "0", ...env } },
      (error, stdout, stderr) => {
        clearInterval(sampling);
        const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}`, peakBytes });
      },
    );
    // scripts/admin.js runs the built command line in a process of its own: its children count too.
    const sampling = setInterval(() => {
      for (const pid of processTree(child.pid ?? 0)) {
        try {
          peakBytes = Math.max(peakBytes, residentBytes(pid));
        } catch {
          // Ended between the listing and the reading.
        }
      }
    }, 20);
  });
}

function processTree(pid: number): number[] {
  if (!pid) return [];
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The archive's real entries, changed by `change`, written with truthful checksums. */
async function hostile(change: (real: CraftedEntry[]) => CraftedEntry[]): Promise<string> {
  const file = path.join(tempFolder(), `${randomUUID()}.tar.gz`);
  await writeCraftedArchive(file, change(entries.map(({ name, bytes }) => ({ name, bytes }))));
  return file;
}

/** Restores `file` into an empty embedded database with its files in the bucket; what it wrote there. */
async function restoreInto(file: string) {
  const target = { DATA_DIR: tempFolder(), ...s3.env(randomUUID()) };
  const writesBefore = s3.writes();
  const result = await admin(target, "restore", file);
  const listed = await admin(target, "list");
  return { ...result, bucketWrites: s3.writes() - writesBefore, admins: listed.output };
}

function replaceFilesRow(real: CraftedEntry[], change: (row: Record<string, unknown>) => void): CraftedEntry[] {
  return real.map((entry) => {
    if (entry.name !== "db/files.jsonl" || !entry.bytes) return entry;
    const lines = entry.bytes.toString("utf8").split("\n").filter(Boolean);
    const first = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    change(first);
    lines[0] = JSON.stringify(first);
    return { name: entry.name, bytes: Buffer.from(`${lines.join("\n")}\n`) };
  });
}

describe("a restore of a hostile archive", () => {
  /** The most memory a restore of the good archive took (the embedded database's own is most of it). */
  let ordinaryPeakBytes = 0;

  it("takes the archive as it was made: the test's own archive is good", async () => {
    const result = await restoreInto(await hostile((real) => real));
    expect(result.status, result.output).toBe(0);
    expect(result.bucketWrites).toBeGreaterThanOrEqual(FILE_COUNT);
    ordinaryPeakBytes = result.peakBytes;
  });

  it("refuses an entry named ../../../x, and writes nothing anywhere", async () => {
    const outside = path.resolve(os.tmpdir(), "x");
    fs.rmSync(outside, { force: true });
    const file = await hostile((real) => [
      ...real.slice(0, 1),
      { name: "../../../x", bytes: Buffer.from("x") },
      ...real.slice(1),
    ]);
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain('"../../../x", which has no place in a backup');
    expect(result.bucketWrites).toBe(0);
    expect(result.admins).toContain("No admins yet");
    expect(fs.existsSync(outside)).toBe(false);
  });

  it("refuses a 1 GiB file no record uses when it reads its header, before storing a byte", async () => {
    const unused = randomUUID();
    const file = await hostile((real) => [
      ...real,
      { name: `files/${unused.slice(0, 2)}/${unused}`, size: 1024 * 1024 * 1024, fill: 0x61 },
    ]);
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain("which no file record of the backup names");
    expect(result.bucketWrites).toBe(0);
  });

  it("refuses a file record whose storage key is ../../../../etc/passwd", async () => {
    const file = await hostile((real) =>
      replaceFilesRow(real, (row) => {
        row.storage_key = "../../../../etc/passwd";
      }),
    );
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain('names "../../../../etc/passwd", which is not a place in the file storage');
    expect(result.bucketWrites).toBe(0);
    expect(result.admins).toContain("No admins yet");
  });

  it(`refuses a climb under files/ that comes after ${FILE_COUNT} good files, before storing any of them`, async () => {
    const file = await hostile((real) => [...real, { name: "files/../../../evil", bytes: Buffer.from("evil") }]);
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain("files/../../../evil");
    expect(result.bucketWrites).toBe(0);
  });

  it("refuses a link in place of a file", async () => {
    const file = await hostile((real) => [
      ...real.slice(0, 1),
      { name: "db/link.jsonl", type: "symlink", linkname: "/etc/passwd" },
      ...real.slice(1),
    ]);
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain('"db/link.jsonl" is not a plain file');
    expect(result.bucketWrites).toBe(0);
  });

  it("refuses a 600 MB entry in little memory", async () => {
    const file = await hostile((real) =>
      real.map((entry) =>
        entry.name === "db/products.jsonl" ? { name: entry.name, size: 600 * 1024 * 1024, fill: 0x61 } : entry,
      ),
    );
    const result = await restoreInto(file);
    expect(result.status).toBe(1);
    expect(result.output).toContain("db/products.jsonl holds a row longer than 16 MB");
    expect(result.bucketWrites).toBe(0);
    // The entry's 600 MB never came near memory: no more than a restore of the good archive took, and
    // a row's cap (16 MB) read a few times over.
    expect(ordinaryPeakBytes).toBeGreaterThan(0);
    expect(result.peakBytes).toBeLessThan(ordinaryPeakBytes + 100 * 1024 * 1024);
  });
});

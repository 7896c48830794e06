import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
import { testDatabaseConfig } from "#tests/support/database";
import { stageText } from "#tests/support/staged-files";

let runtime: Runtime;
let config: Awaited<ReturnType<typeof testDatabaseConfig>>;
let root: string;

beforeAll(async () => {
  config = await testDatabaseConfig("pglite");
  runtime = await startRuntime(parseEnv({ DATA_DIR: config.dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
  root = path.join(config.dataDir, "files");
});
afterAll(async () => {
  await runtime?.close();
  config?.cleanup();
});

function put(relative: string, ageMs = 0): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "bytes");
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid ?? 999_999;
}

describe("cleaning up after interrupted writes", () => {
  it("removes the temp pieces of ended processes and old ones, never a write in progress", async () => {
    const host = os.hostname().replace(/[^A-Za-z0-9-]/g, "_");
    const crashed = put(`.tmp/${host}.${deadPid()}.${randomUUID()}`);
    const running = put(`.tmp/${host}.${process.pid}.${randomUUID()}`);
    const otherMachineRecent = put(`.tmp/elsewhere.1.${randomUUID()}`);
    const otherMachineOld = put(`.tmp/elsewhere.1.${randomUUID()}`, 25 * 60 * 60 * 1000);
    expect(await runtime.storage.sweepInterrupted()).toBe(2);
    expect([crashed, running, otherMachineRecent, otherMachineOld].map((file) => fs.existsSync(file))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it("removes stored bytes and variants no file row names, written before the cut-off only", async () => {
    const kept = await stageText(runtime, "kept.txt", "recorded");
    // Old enough to be swept, but recorded: it stays.
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, kept.storageKey), longAgo, longAgo);
    const strayId = randomUUID();
    const stray = put(`${strayId.slice(0, 2)}/${strayId}`, 60_000);
    const strayVariant = put(`variants/${strayId}/640`, 60_000);
    const recentId = randomUUID();
    const recent = put(`${recentId.slice(0, 2)}/${recentId}`);
    const cutoff = new Date(Date.now() - 30_000);
    expect(await runtime.files.sweepOrphans(cutoff)).toBe(2);
    expect([stray, strayVariant, recent].map((file) => fs.existsSync(file))).toEqual([false, false, true]);
    expect(await runtime.storage.stat(kept.storageKey)).toEqual({ size: "recorded".length });
  });
});

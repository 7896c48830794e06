import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "#tests/support/server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cli-"));

function admin(...args: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/admin.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run admin", () => {
  it("creates, lists, re-keys and deletes admins", () => {
    expect(admin("create", "Ops@Vantage.test", "--password", "first-password")).toMatchObject({ status: 0 });
    const listed = admin("list");
    expect(listed.status).toBe(0);
    expect(listed.output).toContain("ops@vantage.test");

    const duplicate = admin("create", "ops@vantage.test", "--password", "other-password");
    expect(duplicate.status).toBe(1);
    expect(duplicate.output).toContain("already exists");

    expect(admin("set-password", "ops@vantage.test", "--password", "second-password").status).toBe(0);
    expect(admin("delete", "ops@vantage.test").status).toBe(0);
    expect(admin("list").output).toContain("No admins yet");
  });

  it("refuses passwords outside 8 to 128 characters and unknown commands, saying how to use it", () => {
    const short = admin("create", "x@vantage.test", "--password", "seven77");
    expect(short.status).toBe(1);
    expect(short.output).toContain("at least 8");
    expect(admin("create", "x@vantage.test", "--password", "p".repeat(129)).status).toBe(1);
    const unknown = admin("promote", "x@vantage.test");
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain("Usage:");
  });

  it("fails fast with a clear message while a server holds the embedded database", async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const startedAt = Date.now();
      const busy = admin("list");
      expect(busy.status).toBe(1);
      expect(busy.output).toContain("in use by another process");
      expect(Date.now() - startedAt).toBeLessThan(30_000);

      const second = await startServer({ DATA_DIR: dataDir }).then(
        async (unexpected) => {
          await unexpected.stop();
          return "started";
        },
        (error: unknown) => String(error),
      );
      expect(second).toContain("in use by another process");
    } finally {
      await server.stop();
    }
    expect(admin("list").status).toBe(0);
  });
});

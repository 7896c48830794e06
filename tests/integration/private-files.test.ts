import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { adminEnv, sendRaw, signIn, TEST_ADMIN } from "#tests/support/http";
import { seedEmbeddedDatabase } from "#tests/support/pglite-template";
import { startServer } from "#tests/support/server";

// The data folder holds the embedded database (from which the session secret can be read and an
// owner's session forged), stored files and the outbox's reset links: other users of the machine
// must not read any of it, whatever the umask of the shell that started the server.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Every path under `root` (itself included) that a user other than its owner may read or enter. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (at: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(root, at) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) visit(path.join(at, name));
  };
  visit(root);
  return open;
}

describe("the data folder", () => {
  it("is made readable by the server's user alone: the database, stored files, the outbox, temp files", async () => {
    expect(process.umask() & 0o077).not.toBe(0o077);
    const dataDir = path.join(os.tmpdir(), `vantage-private-${randomUUID()}`);
    folders.push(dataDir);
    const server = await startServer({ ...adminEnv(), DATA_DIR: dataDir });
    try {
      const { cookie } = await signIn(server.url);
      const uploaded = await sendRaw(`${server.url}/uploads?name=notes.txt`, {
        method: "POST",
        headers: { Origin: server.url, Cookie: cookie, "Content-Length": "5" },
        body: Buffer.from("notes"),
      });
      expect(uploaded.status).toBe(201);
      const forgot = new FormData();
      forgot.set("email", TEST_ADMIN.email);
      await fetch(`${server.url}/forgot`, { method: "POST", body: forgot, headers: { Origin: server.url } });
      await expect.poll(() => fs.readdirSync(path.join(dataDir, "outbox")).length).toBeGreaterThan(0);
      for (const part of ["db", "files", "outbox", "run"])
        expect(fs.existsSync(path.join(dataDir, part)), part).toBe(true);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(server.logs()).not.toContain("is open to other users");
    } finally {
      await server.stop();
    }
  });

  it("found open to others at start, is named in the log with how to close it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-open-"));
    folders.push(dataDir);
    seedEmbeddedDatabase(dataDir);
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, "db"), 0o755);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const logs = server.logs();
      expect(logs).toContain(`${dataDir} is open to other users of this machine (mode 0755)`);
      expect(logs).toContain(`${path.join(dataDir, "outbox")} is open to other users of this machine (mode 0755)`);
      expect(logs).toContain(`chmod -R go= ${dataDir}`);
      // The embedded database, which holds the session secret, the server takes back at once.
      expect(openToOthers(path.join(dataDir, "db"))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

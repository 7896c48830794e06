import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { COMMAND_LINE } from "#app/server/admin/audit.server";
import { SESSION_COOKIE_PREFIX } from "#app/server/people/auth.server";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime } from "#app/server/runtime/runtime.server";
import { readBackupEntries } from "#tests/support/backup-archive";
import { adminEnv, signIn, TEST_ADMIN } from "#tests/support/http";
import { createDatabase } from "#tests/support/postgres";
import { startServer, type RunningServer } from "#tests/support/server";

// What a backup must not hold: anything that opens the site to whoever holds a copy of it. The
// attack a probe made is kept here: a session cookie forged from what an archive holds.

const folders: string[] = [];
const running: { stop(): Promise<void> }[] = [];

afterAll(async () => {
  for (const item of running.reverse()) await item.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-backup-secrets-"));
  folders.push(folder);
  return folder;
}

/** `npm run admin -- …` in a shell with `umask` set, as an operator's cron job might have it. */
function admin(
  env: Record<string, string>,
  umask: string,
  ...args: string[]
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      "/bin/sh",
      ["-c", `umask ${umask} && exec "$0" scripts/admin.js "$@"`, process.execPath, ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "silent", DEMO_DATA: "0", ...env } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** A session cookie as the sign-in library signs one: the token, a dot, its HMAC-SHA256 under the secret. */
function sessionCookie(secret: string, token: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${SESSION_COOKIE_PREFIX}.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The generated session secret and the live session tokens, wherever the rows in `lines` hold them. */
function secretsIn(tables: Map<string, string[]>): { secret?: string; tokens: string[] } {
  const secret = (tables.get("deployment") ?? [])
    .map((line) => JSON.parse(line) as { key: string; value: string })
    .find((row) => row.key === "session-secret")?.value;
  const tokens = (tables.get("session") ?? []).map((line) => (JSON.parse(line) as { token: string }).token);
  return { secret, tokens };
}

describe("a backup", () => {
  let databaseUrl: string;
  let source: Record<string, string>;
  let site: RunningServer;
  let ownerCookie: string;

  beforeAll(async () => {
    databaseUrl = await createDatabase(
      inject("postgresAdminUrl"),
      `secrets_${Math.random().toString(36).slice(2, 10)}`,
    );
    source = { DATA_DIR: tempFolder(), DATABASE_URL: databaseUrl };
    const runtime = await startRuntime(parseEnv({ ...source, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
    try {
      const owner = await runtime.admins.create(TEST_ADMIN.email, TEST_ADMIN.password, "owner", COMMAND_LINE);
      await runtime.services.invitations.invite("invited@vantage.test", "editor", {
        userId: owner.id,
        email: owner.email,
        clientAddress: "192.0.2.10",
      });
    } finally {
      await runtime.close();
    }
    site = await startServer({ ...source, ...adminEnv() });
    running.push(site);
    ({ cookie: ownerCookie } = await signIn(site.url));
    // A password reset asked for: a one-time token in the database.
    const forgot = new FormData();
    forgot.set("email", TEST_ADMIN.email);
    await fetch(`${site.url}/forgot`, { method: "POST", body: forgot, headers: { Origin: site.url } });
  });

  it("forged into a cookie from what the database holds opens the owner's audit log: what a copy must never give", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const [secretRow] = (
        await client.query<{ value: string }>("select value from deployment where key = 'session-secret'")
      ).rows;
      const [sessionRow] = (await client.query<{ token: string }>("select token from session")).rows;
      const forged = sessionCookie(secretRow?.value ?? "", sessionRow?.token ?? "");
      // The forgery is exact: the signed-in cookie is the same string.
      expect(ownerCookie).toContain(forged.split("=")[1] ?? "-");
      const audit = await fetch(`${site.url}/dashboard/audit`, { headers: { Cookie: forged }, redirect: "manual" });
      expect(audit.status).toBe(200);
    } finally {
      await client.end();
    }
  });

  it("is readable by its owner alone whatever the umask, and holds no session, secret, reset link or invitation", async () => {
    const archive = path.join(tempFolder(), "site.tar.gz");
    const result = await admin({ ...source, DATA_DIR: tempFolder() }, "000", "backup", archive);
    expect(result.status, result.output).toBe(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const entries = await readBackupEntries(archive);
    const tables = new Map(
      entries
        .filter((entry) => entry.name.startsWith("db/"))
        .map((entry) => [
          entry.name.slice("db/".length, -".jsonl".length),
          entry.bytes.toString("utf8").split("\n").filter(Boolean),
        ]),
    );
    for (const table of ["session", "verification", "invitations", "deployment"])
      expect(tables.has(table), table).toBe(false);
    // The content and the people are there: a restore brings the site back, and its admins sign in.
    expect(tables.get("user")?.join("\n")).toContain(TEST_ADMIN.email);
    expect(tables.get("account")?.length).toBe(1);
    const everything = Buffer.concat(entries.map((entry) => entry.bytes)).toString("utf8");
    const token = decodeURIComponent(ownerCookie.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(16);
    expect(everything).not.toContain(token);

    // The probe's attack on this archive: nothing in it to sign a cookie with, nor a session to sign.
    const { secret, tokens } = secretsIn(tables);
    expect(secret).toBeUndefined();
    expect(tokens).toEqual([]);
  });

  it("written by the running server, is its owner's alone too", async () => {
    const embedded = { DATA_DIR: tempFolder() };
    const server = await startServer({ ...embedded, ...adminEnv() });
    running.push(server);
    const archive = path.join(tempFolder(), "served.tar.gz");
    const result = await admin(embedded, "000", "backup", archive);
    expect(result.status, result.output).toBe(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  });

  it("encrypted with a passphrase, opens only with it; a short passphrase is refused", async () => {
    const archive = path.join(tempFolder(), "site.tar.gz.age");
    const backupEnv = { ...source, DATA_DIR: tempFolder() };
    const short = await admin({ ...backupEnv, BACKUP_PASSPHRASE: "too short" }, "022", "backup", archive, "--encrypt");
    expect(short).toMatchObject({ status: 1, output: expect.stringContaining("at least 12 characters") });
    expect(fs.existsSync(archive)).toBe(false);

    const secret = "a passphrase of some length";
    const made = await admin({ ...backupEnv, BACKUP_PASSPHRASE: secret }, "000", "backup", archive, "--encrypt");
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/^Backup written to .*site\.tar\.gz\.age, encrypted: /);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // An age file (age-encryption.org), which `age -d` opens too.
    expect(fs.readFileSync(archive).subarray(0, 22).toString("latin1")).toBe("age-encryption.org/v1\n");

    const unasked = await admin({ DATA_DIR: tempFolder() }, "022", "restore", archive);
    expect(unasked).toMatchObject({
      status: 1,
      output: expect.stringContaining("No terminal to ask for the passphrase"),
    });
    const wrong = await admin(
      { DATA_DIR: tempFolder(), BACKUP_PASSPHRASE: "not the passphrase" },
      "022",
      "restore",
      archive,
    );
    expect(wrong).toMatchObject({
      status: 1,
      output: expect.stringContaining("The passphrase does not open the archive"),
    });
    const target = { DATA_DIR: tempFolder() };
    const passphraseFile = path.join(tempFolder(), "passphrase");
    fs.writeFileSync(passphraseFile, `${secret}\n`, { mode: 0o600 });
    const restored = await admin(target, "022", "restore", archive, "--passphrase-file", passphraseFile);
    expect(restored.status, restored.output).toBe(0);
    expect(await admin(target, "022", "list")).toMatchObject({ output: expect.stringContaining(TEST_ADMIN.email) });
  });

  it("restored, signs everyone out and says so; the admins sign in again with their passwords", async () => {
    const archive = path.join(tempFolder(), "to-restore.tar.gz");
    expect(await admin({ ...source, DATA_DIR: tempFolder() }, "022", "backup", archive)).toMatchObject({ status: 0 });
    const target = { DATA_DIR: tempFolder() };
    const restored = await admin(target, "022", "restore", archive);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain("Everyone is signed out");
    const server = await startServer({ ...target, LOG_LEVEL: "warn" });
    running.push(server);
    const audit = await fetch(`${server.url}/dashboard/audit`, {
      headers: { Cookie: ownerCookie },
      redirect: "manual",
    });
    expect(audit.status).toBe(302);
    expect(audit.headers.get("location")).toMatch(/^\/login/);
    const { cookie } = await signIn(server.url);
    const signedIn = await fetch(`${server.url}/dashboard/audit`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(signedIn.status).toBe(200);
  });
});

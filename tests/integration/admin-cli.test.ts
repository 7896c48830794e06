import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminSocketPath } from "#app/server/runtime/admin-commands.server";
import { LAST_OWNER_MESSAGE } from "#app/server/people/admins.server";
import { signIn } from "#tests/support/http";
import { startServer } from "#tests/support/server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cli-"));
/** A site of its own for the roles test, which leaves an owner behind (the last one cannot go). */
const rolesDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cli-roles-"));
/** And one for the two-factor test's admin. */
const twoFactorDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cli-two-factor-"));

/** `npm run admin -- …` as an operator runs it (without npm's own start-up), never blocking this process. */
function admin(...args: string[]): Promise<{ status: number | null; output: string }> {
  return adminOn(dataDir, ...args);
}

function adminOn(siteDataDir: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/admin.js", ...args],
      { env: { ...process.env, DATA_DIR: siteDataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

afterAll(() => {
  for (const dir of [dataDir, rolesDataDir, twoFactorDataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run admin", () => {
  it("turns a person's two factors off, and names an address it does not know", async () => {
    const site = (...args: string[]) => adminOn(twoFactorDataDir, ...args);
    expect((await site("create", "phone.lost@vantage.test", "--password", "first-password")).status).toBe(0);
    expect(await site("two-factor-off", "Phone.Lost@vantage.test")).toEqual({
      status: 0,
      output:
        "Two-factor authentication of phone.lost@vantage.test turned off and their passkeys removed; their sessions were signed out.\n",
    });
    expect(await site("two-factor-off", "nobody@vantage.test")).toEqual({
      status: 1,
      output: "No admin with the email nobody@vantage.test.\n",
    });
    expect((await site("two-factor-off")).output).toContain("two-factor-off needs an email address.");
    expect(await site("password-sign-in-on")).toEqual({
      status: 0,
      output: "Signing in with a password is on again.\n",
    });
  });

  it("creates, lists, re-keys, gives roles to and deletes admins, always keeping an owner", async () => {
    const site = (...args: string[]) => adminOn(rolesDataDir, ...args);
    expect(await site("create", "Ops@Vantage.test", "--password", "first-password")).toEqual({
      status: 0,
      output: "Owner ops@vantage.test created.\n",
    });
    expect(await site("create", "writer@vantage.test", "--password", "first-password", "--role", "editor")).toEqual({
      status: 0,
      output: "Editor writer@vantage.test created.\n",
    });
    const listed = await site("list");
    expect(listed.status).toBe(0);
    expect(listed.output).toMatch(
      /^ops@vantage\.test\towner\t\(created \d{4}-\d\d-\d\dT[\d:.]+Z, never signed in\)\nwriter@vantage\.test\teditor\t\(created [^)]+\)\n$/,
    );

    const duplicate = await site("create", "ops@vantage.test", "--password", "other-password");
    expect(duplicate.status).toBe(1);
    expect(duplicate.output).toContain("already exists");
    const badRole = await site("create", "x@vantage.test", "--password", "other-password", "--role", "admin");
    expect(badRole.status).toBe(1);
    expect(badRole.output).toContain("Unknown role admin: owner or editor.");

    expect((await site("set-password", "ops@vantage.test", "--password", "second-password")).status).toBe(0);
    // The only owner can neither be demoted nor deleted; once another is an owner, both can.
    for (const refused of [
      ["set-role", "ops@vantage.test", "--role", "editor"],
      ["delete", "ops@vantage.test"],
    ]) {
      expect(await site(...refused)).toEqual({ status: 1, output: `${LAST_OWNER_MESSAGE}\n` });
    }
    expect(await site("set-role", "writer@vantage.test", "--role", "owner")).toEqual({
      status: 0,
      output: "writer@vantage.test is now an owner.\n",
    });
    expect((await site("delete", "ops@vantage.test")).status).toBe(0);
    expect((await site("list")).output).toMatch(/^writer@vantage\.test\towner\t/);
    expect(await site("delete", "writer@vantage.test")).toEqual({ status: 1, output: `${LAST_OWNER_MESSAGE}\n` });
  });

  it("refuses passwords outside 8 to 128 characters and unknown commands, saying how to use it", async () => {
    const short = await admin("create", "x@vantage.test", "--password", "seven77");
    expect(short.status).toBe(1);
    expect(short.output).toContain("at least 8");
    expect((await admin("create", "x@vantage.test", "--password", "p".repeat(129))).status).toBe(1);
    const unknown = await admin("promote", "x@vantage.test");
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain("Usage:");
  });

  it("works while the server runs, through the server, with the same output, and the new admin signs in", async () => {
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    try {
      // The server owns the embedded database; with no admin yet, its log says how to make one.
      expect(server.logs()).toContain("No admin yet: to sign in, run `npm run admin -- create you@example.com`");
      expect(fs.statSync(adminSocketPath(dataDir)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(adminSocketPath(dataDir))).mode & 0o777).toBe(0o700);

      expect(await admin("create", "live@vantage.test", "--password", "while-it-runs")).toEqual({
        status: 0,
        output: "Owner live@vantage.test created.\n",
      });
      expect((await admin("list")).output).toMatch(/^live@vantage\.test\towner\t\(created [^)]+\)\n$/);
      expect(server.logs()).toContain("admin command from the command line");
      const { cookie } = await signIn(server.url, { email: "live@vantage.test", password: "while-it-runs" });
      expect(cookie).toContain("vantage");

      const duplicate = await admin("create", "live@vantage.test", "--password", "while-it-runs");
      expect(duplicate).toEqual({ status: 1, output: "An admin with the email live@vantage.test already exists.\n" });
      expect((await admin("create", "short@vantage.test", "--password", "seven77")).output).toContain("at least 8");
      expect(await admin("delete", "live@vantage.test")).toEqual({ status: 1, output: `${LAST_OWNER_MESSAGE}\n` });
      expect(
        (await admin("create", "later@vantage.test", "--password", "while-it-runs", "--role", "editor")).status,
      ).toBe(0);
      expect((await admin("delete", "later@vantage.test")).status).toBe(0);
      // Every command the server is handed, the ways back after a lost phone or a provider gone among them.
      expect((await admin("two-factor-off", "live@vantage.test")).output).toContain("turned off");
      expect(await admin("password-sign-in-on")).toEqual({
        status: 0,
        output: "Signing in with a password is on again.\n",
      });

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
    // The stopped server took its socket with it: the command opens the database itself again.
    expect(fs.existsSync(adminSocketPath(dataDir))).toBe(false);
    expect((await admin("list")).output).toMatch(
      /^live@vantage\.test\towner\t\(created [^)]+, last sign-in [^)]+\)\n$/,
    );
  });

  it("opens the database itself when a crashed server left its socket behind", async () => {
    const socket = adminSocketPath(dataDir);
    fs.mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    fs.writeFileSync(socket, "");
    expect((await admin("list")).status).toBe(0);
  });
});

import { createHash } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { AdminAccounts } from "../people/admins.server";
import { COMMAND_LINE } from "../admin/audit.server";
import type { BackupSummary } from "../import-export/backup.server";
import type { Role } from "#app/domain/roles";

/** What `npm run admin` asks for, run by the server that owns the database or by the command itself. */
export type AdminCommand =
  | { command: "create"; email: string; password: string; role: Role }
  | { command: "set-password"; email: string; password: string }
  | { command: "set-role"; email: string; role: Role }
  | { command: "list" | "sign-out-all" | "password-sign-in-on" }
  | { command: "delete"; email: string }
  | { command: "two-factor-off"; email: string }
  | { command: "backup"; file: string; passphrase?: string };

/** What the command prints, the same whichever process ran it. Refusals throw AdminError. */
export async function runAdminCommand(
  admins: AdminAccounts,
  request: AdminCommand,
  writeBackupTo: (file: string, passphrase?: string) => Promise<BackupSummary>,
): Promise<string> {
  switch (request.command) {
    case "backup": {
      const written = await writeBackupTo(request.file, request.passphrase);
      const megabytes = (written.bytes / 1_000_000).toFixed(1);
      const encrypted = request.passphrase === undefined ? "" : ", encrypted";
      return `Backup written to ${request.file}${encrypted}: ${written.rows} rows in ${written.tables} tables, ${written.files} files (${megabytes} MB).`;
    }
    case "create":
      await admins.create(request.email, request.password, request.role, COMMAND_LINE);
      return `${request.role === "owner" ? "Owner" : "Editor"} ${request.email.toLowerCase()} created.`;
    case "set-role": {
      const changed = await admins.setRoleByEmail(request.email, request.role, COMMAND_LINE);
      return `${changed.email} is now ${changed.role === "owner" ? "an owner" : "an editor"}.`;
    }
    case "set-password":
      await admins.setPassword(request.email, request.password, COMMAND_LINE);
      return `Password of ${request.email.toLowerCase()} changed; their sessions were signed out.`;
    case "list": {
      const list = await admins.list();
      if (list.length === 0) return NO_ADMIN_YET;
      return list
        .map((admin) => {
          const lastSignIn = admin.lastSignInAt
            ? `last sign-in ${admin.lastSignInAt.toISOString()}`
            : "never signed in";
          return `${admin.email}\t${admin.role}\t(created ${admin.createdAt.toISOString()}, ${lastSignIn})`;
        })
        .join("\n");
    }
    case "delete":
      await admins.removeByEmail(request.email, COMMAND_LINE);
      return `Admin ${request.email.toLowerCase()} deleted.`;
    case "two-factor-off":
      await admins.turnOffTwoFactorByEmail(request.email, COMMAND_LINE);
      return `Two-factor authentication of ${request.email.toLowerCase()} turned off and their passkeys removed; their sessions were signed out.`;
    case "password-sign-in-on":
      await admins.turnPasswordSignInOn(COMMAND_LINE);
      return "Signing in with a password is on again.";
    case "sign-out-all": {
      const ended = await admins.signOutAll(COMMAND_LINE);
      return `Signed everyone out (${ended} session${ended === 1 ? "" : "s"} ended).`;
    }
  }
}

export const NO_ADMIN_YET = "No admins yet. Create one with: npm run admin -- create <email>";

/** The answer on the socket: one JSON line. */
export type AdminCommandReply = { ok: true; output: string } | { ok: false; error: string };

/** Unix socket paths are limited to 107 bytes on Linux; a deep DATA_DIR gets a private folder in /tmp. */
const SOCKET_PATH_MAX = 100;

/**
 * Where the running server takes admin commands. It lives in a folder only the server's OS user can
 * enter, and the socket itself is readable and writable by that user alone: whoever can connect could
 * read the database files anyway.
 */
export function adminSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, "run", "admin.sock");
  if (Buffer.byteLength(inDataDir) <= SOCKET_PATH_MAX) return inDataDir;
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `vantage-${process.getuid?.() ?? "user"}-${digest}`, "admin.sock");
}

/** Whether a live server listens on `socketPath` (a file left by a crash does not answer). */
export function serverAnswersOn(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

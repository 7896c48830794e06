import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { AdminAccounts } from "./admins.server";

/** What `npm run admin` asks for, run by the server that owns the database or by the command itself. */
export type AdminCommand =
  | { command: "create" | "set-password"; email: string; password: string }
  | { command: "list" | "sign-out-all" }
  | { command: "delete"; email: string }
  | { command: "backup"; file: string };

/** What a backup wrote, as the command line prints it. */
export function describeBackup(file: string, result: { tables: number; rows: number; files: number; bytes: number }) {
  const megabytes = (result.bytes / 1_000_000).toFixed(1);
  return `Backup written to ${file}: ${result.rows} rows in ${result.tables} tables, ${result.files} files (${megabytes} MB).`;
}

/** What the command prints, the same whichever process ran it. Refusals throw AdminError. */
export async function runAdminCommand(
  admins: AdminAccounts,
  request: AdminCommand,
  backup: (file: string) => Promise<string>,
): Promise<string> {
  switch (request.command) {
    case "backup":
      return backup(request.file);
    case "create":
      await admins.create(request.email, request.password);
      return `Admin ${request.email.toLowerCase()} created.`;
    case "set-password":
      await admins.setPassword(request.email, request.password);
      return `Password of ${request.email.toLowerCase()} changed; their sessions were signed out.`;
    case "list": {
      const list = await admins.list();
      if (list.length === 0) return NO_ADMIN_YET;
      return list.map((admin) => `${admin.email}\t(created ${admin.createdAt.toISOString()})`).join("\n");
    }
    case "delete":
      await admins.delete(request.email);
      return `Admin ${request.email.toLowerCase()} deleted.`;
    case "sign-out-all": {
      const ended = await admins.signOutAll();
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

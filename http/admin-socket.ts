import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import {
  adminSocketPath,
  runAdminCommand,
  serverAnswersOn,
  type AdminCommandReply,
} from "#app/server/runtime/admin-commands.server";
import { AdminError, type AdminAccounts } from "#app/server/people/admins.server";
import { BackupError, type BackupSummary } from "#app/server/import-export/backup.server";
import type { Logger } from "#app/server/platform/logger.server";
import { ROLES } from "#app/domain/roles";

const email = z.string().trim().min(1).max(320);
/** What arrives on the socket is checked like any other input before it runs. */
const adminCommandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("create"), email, password: z.string().max(10_000), role: z.enum(ROLES) }),
  z.object({ command: z.literal("set-password"), email, password: z.string().max(10_000) }),
  z.object({ command: z.literal("set-role"), email, role: z.enum(ROLES) }),
  z.object({ command: z.enum(["list", "sign-out-all", "password-sign-in-on"]) }),
  z.object({ command: z.literal("delete"), email }),
  z.object({ command: z.literal("two-factor-off"), email }),
  z.object({
    command: z.literal("backup"),
    file: z.string().min(1).max(4096).startsWith("/"),
    passphrase: z.string().min(1).max(4096).optional(),
  }),
]);

/** A command is a few hundred bytes; anything this long is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** A client that connects and says nothing is let go after this long. */
const IDLE_MS = 30_000;

/**
 * Takes `npm run admin` commands on a Unix socket in DATA_DIR while the server runs: the embedded
 * database belongs to this process, so the command line hands its work over instead of opening it.
 * Returns a function that stops listening and removes the socket.
 */
export async function listenForAdminCommands(options: {
  dataDir: string;
  admins: AdminAccounts;
  /** Writes a backup to the file (an absolute path), encrypted with the passphrase if given, and says what it holds. */
  backup: (file: string, passphrase?: string) => Promise<BackupSummary>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { admins, backup, logger } = options;
  const socketPath = adminSocketPath(options.dataDir);
  const folder = path.dirname(socketPath);
  if (!privateFolder(folder)) {
    logger.warn({ folder }, "admin commands are not taken while the server runs: their folder belongs to another user");
    return async () => undefined;
  }
  if (await serverAnswersOn(socketPath)) {
    // Another server on this DATA_DIR (only possible with DATABASE_URL) already takes the commands.
    logger.debug({ socketPath }, "another server takes admin commands here");
    return async () => undefined;
  }
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((connection) => {
    connection.setTimeout(IDLE_MS, () => connection.destroy());
    let received = "";
    connection.setEncoding("utf8");
    connection.on("error", () => undefined);
    connection.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        connection.destroy();
        return;
      }
      const end = received.indexOf("\n");
      if (end === -1) return;
      connection.removeAllListeners("data");
      // The command is in: a backup may take minutes, during which the client waits in silence.
      connection.setTimeout(0);
      void answer(received.slice(0, end)).then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
  });

  async function answer(line: string): Promise<AdminCommandReply> {
    let parsed;
    try {
      parsed = adminCommandSchema.safeParse(JSON.parse(line));
    } catch {
      return { ok: false, error: "Not an admin command." };
    }
    if (!parsed.success) return { ok: false, error: "Not an admin command." };
    const request = parsed.data;
    try {
      const output = await runAdminCommand(admins, request, backup);
      logger.info(
        { command: request.command, email: "email" in request ? request.email.toLowerCase() : undefined },
        "admin command from the command line",
      );
      return { ok: true, output };
    } catch (error) {
      if (error instanceof AdminError || error instanceof BackupError) return { ok: false, error: error.message };
      logger.error({ err: error, command: request.command }, "admin command failed");
      return { ok: false, error: "The server could not run the command; its log says why." };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };
}

/** Makes `folder` (or finds it) so that only this process's OS user can enter it. */
function privateFolder(folder: string): boolean {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) return false;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(folder, 0o700);
  return true;
}

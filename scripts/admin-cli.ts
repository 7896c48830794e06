// `npm run admin -- <command>`: manage admin accounts from the command line (there is no public sign-up).
// Built with the site into build/cli/admin.js (see scripts/admin.js), so a call runs plain JavaScript.
import fs from "node:fs";
import net from "node:net";
import readline from "node:readline";
import { Writable } from "node:stream";
import path from "node:path";
import {
  adminSocketPath,
  runAdminCommand,
  serverAnswersOn,
  type AdminCommand,
  type AdminCommandReply,
} from "#app/server/runtime/admin-commands.server";
import { AdminError, createAdminAccounts, isRole } from "#app/server/people/admins.server";
import {
  BACKUP_PASSPHRASE_MIN_LENGTH,
  BackupError,
  isEncryptedBackup,
  restoreBackup,
  writeBackup,
} from "#app/server/import-export/backup.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import { DatabaseInUseError, openDatabase } from "#app/server/db/client.server";
import { DeploymentError } from "#app/server/runtime/deployment.server";
import { EnvError, getEnv } from "#app/server/platform/env.server";
import { openCheckedStorage } from "#app/server/runtime/storage-location.server";

const USAGE = `Usage:
  npm run admin -- create <email> [--password P] [--role owner|editor]   (an owner unless told)
  npm run admin -- set-role <email> --role owner|editor
  npm run admin -- set-password <email> [--password P]
  npm run admin -- list
  npm run admin -- delete <email>
  npm run admin -- two-factor-off <email>
  npm run admin -- password-sign-in-on
  npm run admin -- sign-out-all
  npm run admin -- backup <file> [--encrypt [--passphrase-file F]]
  npm run admin -- restore <file> [--force] [--passphrase-file F]

An encrypted backup's passphrase comes from --passphrase-file (its first line), else from
BACKUP_PASSPHRASE, else from the terminal.`;

class UsageError extends Error {}
/** The server answered, and said no: its message is the whole story. */
class RefusedError extends Error {}

/** How many times a refused password or passphrase is asked for before the command gives up. */
const PROMPT_TRIES = 3;

/**
 * Reads a secret from the terminal without echoing it: with `confirm`, twice. One that `refused`
 * turns down (too short, the two differ) is asked for again, with the reason, rather than ending
 * the command.
 */
async function promptSecret(
  question: string,
  options: { confirm: boolean; refused: (answer: string) => string | null; noTerminal: string },
): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(options.noTerminal);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const ask = (text: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(text);
      muted = true;
      rl.question("", (answer) => {
        muted = false;
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  try {
    for (let attempt = 1; ; attempt++) {
      const first = await ask(question);
      const reason =
        options.refused(first) ?? (options.confirm && (await ask("Repeat it: ")) !== first ? "The two differ." : null);
      if (reason === null) return first;
      if (attempt === PROMPT_TRIES) throw new UsageError(reason);
      process.stdout.write(`${reason} Try again.\n`);
    }
  } finally {
    rl.close();
  }
}

function promptPassword(): Promise<string> {
  return promptSecret("Password: ", {
    confirm: true,
    refused: (answer) =>
      answer.length < PASSWORD_MIN_LENGTH || answer.length > PASSWORD_MAX_LENGTH
        ? `A password must have at least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters.`
        : null,
    noTerminal: "No terminal to ask for the password: pass --password P.",
  });
}

/** An encrypted backup's passphrase: from a file, the environment, or (asked for) the terminal. */
async function passphrase(options: { file: string | undefined; confirm: boolean }): Promise<string> {
  let given: string | undefined;
  if (options.file !== undefined) {
    try {
      given = fs.readFileSync(options.file, "utf8").split(/\r?\n/)[0] ?? "";
    } catch (error) {
      throw new UsageError(`Cannot read the passphrase file ${options.file}: ${(error as Error).message}`);
    }
  } else if (process.env.BACKUP_PASSPHRASE) {
    given = process.env.BACKUP_PASSPHRASE;
  }
  const tooShort = (answer: string) =>
    options.confirm && answer.length < BACKUP_PASSPHRASE_MIN_LENGTH
      ? `A backup's passphrase needs at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters.`
      : null;
  if (given !== undefined) {
    const reason = tooShort(given);
    if (reason) throw new UsageError(reason);
    return given;
  }
  return promptSecret("Passphrase: ", {
    confirm: options.confirm,
    refused: tooShort,
    noTerminal: "No terminal to ask for the passphrase: set BACKUP_PASSPHRASE or pass --passphrase-file FILE.",
  });
}

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  let password: string | undefined;
  let role: string | undefined;
  let force = false;
  let encrypt = false;
  let passphraseFile: string | undefined;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? "";
    if (arg === "--force" && command === "restore") {
      force = true;
    } else if (arg === "--encrypt" && command === "backup") {
      encrypt = true;
    } else if (arg === "--passphrase-file" && (command === "backup" || command === "restore")) {
      passphraseFile = rest[++index];
      if (passphraseFile === undefined) throw new UsageError("--passphrase-file needs a file name.");
    } else if (arg === "--password") {
      password = rest[++index];
      if (password === undefined) throw new UsageError("--password needs a value.");
    } else if (arg.startsWith("--password=")) {
      password = arg.slice("--password=".length);
    } else if (arg === "--role" && (command === "create" || command === "set-role")) {
      role = rest[++index];
      if (role === undefined) throw new UsageError("--role needs a value: owner or editor.");
    } else if (arg.startsWith("--role=") && (command === "create" || command === "set-role")) {
      role = arg.slice("--role=".length);
    } else if (arg.startsWith("--")) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  if (role !== undefined && !isRole(role)) throw new UsageError(`Unknown role ${role}: owner or editor.`);
  if (passphraseFile !== undefined && command === "backup" && !encrypt) {
    throw new UsageError("--passphrase-file goes with --encrypt.");
  }
  return { command, email: positional[0], extra: positional.slice(1), password, role, force, encrypt, passphraseFile };
}

/** A restore: run by the command line alone, with the site stopped. */
interface RestoreCommand {
  command: "restore";
  file: string;
  force: boolean;
  passphrase?: string;
}

async function commandFromArgs(argv: string[]): Promise<AdminCommand | RestoreCommand> {
  const args = parseArgs(argv);
  const known = [
    "create",
    "set-role",
    "set-password",
    "list",
    "delete",
    "two-factor-off",
    "password-sign-in-on",
    "sign-out-all",
    "backup",
    "restore",
  ];
  if (!args.command || !known.includes(args.command)) {
    throw new UsageError(args.command ? `Unknown command ${args.command}.` : "No command given.");
  }
  if (args.command === "backup" || args.command === "restore") {
    if (!args.email) throw new UsageError(`${args.command} needs a file name.`);
    if (args.extra.length > 0) throw new UsageError(`Unexpected argument ${args.extra[0]}.`);
    const file = path.resolve(args.email);
    if (args.command === "backup") {
      return args.encrypt
        ? { command: "backup", file, passphrase: await passphrase({ file: args.passphraseFile, confirm: true }) }
        : { command: "backup", file };
    }
    const encrypted = isEncryptedBackup(file);
    return {
      command: "restore",
      file,
      force: args.force,
      ...(encrypted ? { passphrase: await passphrase({ file: args.passphraseFile, confirm: false }) } : {}),
    };
  }
  const needsEmail = !["list", "sign-out-all", "password-sign-in-on"].includes(args.command);
  if (needsEmail && !args.email) throw new UsageError(`${args.command} needs an email address.`);
  if (args.extra.length > 0) throw new UsageError(`Unexpected argument ${args.extra[0]}.`);
  const email = args.email ?? "";
  switch (args.command) {
    case "create": {
      const role = isRole(args.role) ? args.role : "owner";
      return { command: "create", email, role, password: args.password ?? (await promptPassword()) };
    }
    case "set-role":
      if (!isRole(args.role)) throw new UsageError("set-role needs --role owner or --role editor.");
      return { command: "set-role", email, role: args.role };
    case "set-password":
      return { command: "set-password", email, password: args.password ?? (await promptPassword()) };
    case "delete":
      return { command: "delete", email };
    case "two-factor-off":
      return { command: "two-factor-off", email };
    case "sign-out-all":
      return { command: "sign-out-all" };
    case "password-sign-in-on":
      return { command: "password-sign-in-on" };
    default:
      return { command: "list" };
  }
}

/**
 * Hands the command to the server running on this DATA_DIR. Resolves to null when no server listens
 * there (no socket, or one a stopped server left behind).
 */
function askRunningServer(socketPath: string, request: AdminCommand): Promise<AdminCommandReply | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socketPath);
    let received = "";
    let connected = false;
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on("data", (chunk: string) => (received += chunk));
    connection.on("end", () => {
      try {
        resolve(JSON.parse(received) as AdminCommandReply);
      } catch {
        reject(new RefusedError("The running server gave no answer; its log may say why."));
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
  });
}

/** Runs the command on the database (and for backups the storage) itself: no server holds them. */
async function runHere(request: AdminCommand | RestoreCommand): Promise<string> {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, shortLived: true });
  try {
    const storage = () => openCheckedStorage(env);
    if (request.command === "restore") {
      const result = await restoreBackup({
        db: database.db,
        storage: await storage(),
        file: request.file,
        force: request.force,
        passphrase: request.passphrase,
      });
      return (
        `Restored ${request.file}: ${result.rows} rows in ${result.tables} tables, ${result.files} files.\n` +
        "Everyone is signed out: a backup keeps no sessions, password-reset links or invitations. " +
        "Sign in again with your password; send open invitations again."
      );
    }
    return await runAdminCommand(createAdminAccounts(database.db), request, async (file, secret) =>
      writeBackup({ db: database.db, storage: await storage(), file, passphrase: secret }),
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const request = await commandFromArgs(process.argv.slice(2));
  const env = getEnv();
  if (request.command === "restore") {
    // A restore replaces what a running site serves and holds in memory: it waits until the site is stopped.
    if (await serverAnswersOn(adminSocketPath(env.dataDir))) {
      throw new RefusedError("A server is running on this DATA_DIR: stop the site, then restore.");
    }
    console.log(await runHere(request));
    return;
  }
  const reply = await askRunningServer(adminSocketPath(env.dataDir), request);
  if (reply && !reply.ok) throw new RefusedError(reply.error);
  console.log(reply ? reply.output : await runHere(request));
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (
    error instanceof AdminError ||
    error instanceof RefusedError ||
    error instanceof EnvError ||
    error instanceof BackupError ||
    error instanceof DeploymentError ||
    error instanceof DatabaseInUseError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

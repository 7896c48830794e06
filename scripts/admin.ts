// `npm run admin -- <command>`: manage admin accounts from the command line (there is no public sign-up).
import readline from "node:readline";
import { Writable } from "node:stream";
import { AdminError } from "#app/server/auth.server";
import { DatabaseInUseError } from "#app/server/db/client.server";
import { EnvError, getEnv } from "#app/server/env.server";
import { createLogger } from "#app/server/logger.server";
import { startRuntime } from "#app/server/runtime.server";

const USAGE = `Usage:
  npm run admin -- create <email> [--password P]
  npm run admin -- set-password <email> [--password P]
  npm run admin -- list
  npm run admin -- delete <email>`;

class UsageError extends Error {}

/** Reads a password from the terminal without echoing it. */
async function promptPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new UsageError("No terminal to ask for the password: pass --password P.");
  }
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
    const first = await ask(question);
    const second = await ask("Repeat it: ");
    if (first !== second) throw new UsageError("The two passwords differ.");
    return first;
  } finally {
    rl.close();
  }
}

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  let password: string | undefined;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? "";
    if (arg === "--password") {
      password = rest[++index];
      if (password === undefined) throw new UsageError("--password needs a value.");
    } else if (arg.startsWith("--password=")) {
      password = arg.slice("--password=".length);
    } else if (arg.startsWith("--")) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  return { command, email: positional[0], extra: positional.slice(1), password };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const needsEmail = ["create", "set-password", "delete"].includes(args.command ?? "");
  if (!args.command || !["create", "set-password", "list", "delete"].includes(args.command)) {
    throw new UsageError(args.command ? `Unknown command ${args.command}.` : "No command given.");
  }
  if (needsEmail && !args.email) throw new UsageError(`${args.command} needs an email address.`);
  if (args.extra.length > 0) throw new UsageError(`Unexpected argument ${args.extra[0]}.`);

  const env = getEnv();
  const password =
    args.command === "create" || args.command === "set-password"
      ? (args.password ?? (await promptPassword("Password: ")))
      : undefined;
  const runtime = await startRuntime(env, createLogger("warn"));
  try {
    const admins = runtime.auth.admins;
    const email = args.email ?? "";
    switch (args.command) {
      case "create":
        await admins.create(email, password ?? "");
        console.log(`Admin ${email.toLowerCase()} created.`);
        break;
      case "set-password":
        await admins.setPassword(email, password ?? "");
        console.log(`Password of ${email.toLowerCase()} changed; their sessions were signed out.`);
        break;
      case "list": {
        const list = await admins.list();
        if (list.length === 0) console.log("No admins yet. Create one with: npm run admin -- create <email>");
        for (const admin of list) console.log(`${admin.email}\t(created ${admin.createdAt.toISOString()})`);
        break;
      }
      case "delete":
        await admins.delete(email);
        console.log(`Admin ${email.toLowerCase()} deleted.`);
        break;
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof AdminError || error instanceof EnvError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

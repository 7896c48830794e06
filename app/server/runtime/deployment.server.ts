import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { deployment, files, session } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import type { FileStorage } from "../files/storage.server";

/** A set-up the site must not run in: the message says what to change. */
export class DeploymentError extends Error {}

const SECRET_KEY = "session-secret";
const CHECK_KEY = "session-secret-check";

/** A value that shows which secret signed the sessions, without revealing the secret. */
function secretCheck(secret: string): string {
  return createHmac("sha256", secret).update("vantage session secret check").digest("base64url");
}

/**
 * The secret sessions are signed with, the same on every instance of the site. AUTH_SECRET when set;
 * otherwise one generated once and kept in the database every instance shares (an older install's
 * `DATA_DIR/auth-secret` is taken over). Instances with different secrets would each refuse the
 * other's sessions, so a start whose secret differs from the one the database's live sessions were
 * signed with is refused; without live sessions the new secret takes over, with a warning.
 */
export async function sessionSecret(options: {
  db: Database;
  configured: string | undefined;
  dataDir: string;
  logger: Logger;
}): Promise<string> {
  const { db, configured, dataDir, logger } = options;
  const secret = configured ?? (await sharedGeneratedSecret(db, dataDir));
  const check = secretCheck(secret);
  await db.insert(deployment).values({ key: CHECK_KEY, value: check }).onConflictDoNothing();
  const [stored] = await db.select().from(deployment).where(eq(deployment.key, CHECK_KEY));
  if (stored?.value === check) return secret;

  const [live] = await db.select({ count: count() }).from(session).where(gt(session.expiresAt, new Date()));
  if ((live?.count ?? 0) > 0) {
    throw new DeploymentError(
      "This database's sessions were signed with another secret than this instance's: every instance must " +
        "share the same AUTH_SECRET (or all leave it unset). To change the secret on purpose, sign everyone " +
        "out first with `npm run admin -- sign-out-all`.",
    );
  }
  await db.update(deployment).set({ value: check }).where(eq(deployment.key, CHECK_KEY));
  logger.warn("The session secret changed; no session was signed with the old one, so the new one takes over.");
  return secret;
}

async function sharedGeneratedSecret(db: Database, dataDir: string): Promise<string> {
  const legacyFile = path.join(dataDir, "auth-secret");
  let legacy: string | undefined;
  try {
    legacy = fs.readFileSync(legacyFile, "utf8").trim() || undefined;
  } catch {
    legacy = undefined;
  }
  const candidate = legacy ?? randomBytes(32).toString("base64url");
  // Another instance may be starting at the same moment: whichever writes first, all read the same.
  await db.insert(deployment).values({ key: SECRET_KEY, value: candidate }).onConflictDoNothing();
  const [stored] = await db.select().from(deployment).where(eq(deployment.key, SECRET_KEY));
  if (!stored) throw new Error("The generated session secret could not be stored");
  if (legacy) fs.rmSync(legacyFile, { force: true });
  return stored.value;
}

/** How many of the newest stored files a start looks for in storage. */
const STORAGE_SAMPLE = 3;

/**
 * Refuses a start whose file storage is not the one the database's files were stored in (a second
 * instance with its own folder): the newest recorded files must be there. One missing file is a
 * loss to report, not a split set-up, so only a storage holding none of them is refused.
 */
export async function checkSharedStorage(db: Database, storage: FileStorage): Promise<void> {
  const newest = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.staged, false)))
    .orderBy(desc(files.createdAt))
    .limit(STORAGE_SAMPLE);
  if (newest.length === 0) return;
  const found = await Promise.all(newest.map((file) => storage.stat(file.storageKey)));
  if (found.every((stat) => stat === null)) {
    throw new DeploymentError(
      `None of the ${newest.length} newest files this database records is in this instance's file storage: ` +
        "every instance must use the same storage (STORAGE_URL on a shared folder) as well as the same DATABASE_URL.",
    );
  }
}

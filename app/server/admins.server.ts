import { and, asc, count, eq } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import type { Database } from "./db/client.server";
import { account, session, user } from "./db/schema";

/** A refusal an operator can act on: the message says what to change. */
export class AdminError extends Error {}

/**
 * The sign-in library's password hashing and ids. Loaded on first use: listing admins from the command
 * line needs neither, and every module loaded is time before its answer.
 */
const crypto = () => import("better-auth/crypto");
const newId = async () => (await crypto()).generateRandomString(32, "a-z", "A-Z", "0-9");

/** The sign-in library's provider id for email and password accounts. */
const CREDENTIAL_PROVIDER = "credential";

/**
 * Admin accounts, written in the sign-in library's own tables and password format, so what is made
 * here signs in through it. Only its small crypto module is loaded: the command line opens this without
 * the rest of the server, and must answer at once.
 */
export function createAdminAccounts(db: Database) {
  const normalize = (email: string) => email.trim().toLowerCase();

  async function find(email: string) {
    const [found] = await db
      .select()
      .from(user)
      .where(eq(user.email, normalize(email)));
    return found;
  }

  return {
    async list() {
      return db
        .select({ id: user.id, email: user.email, createdAt: user.createdAt })
        .from(user)
        .orderBy(asc(user.email));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(user);
      return row?.value ?? 0;
    },

    async create(email: string, password: string) {
      const normalized = normalize(email);
      if (await find(normalized)) throw new AdminError(`An admin with the email ${normalized} already exists.`);
      assertPasswordLength(password);
      const passwordHash = await (await crypto()).hashPassword(password);
      const [id, accountId] = [await newId(), await newId()];
      await db.transaction(async (tx) => {
        await tx.insert(user).values({ id, email: normalized, name: normalized, emailVerified: true });
        await tx.insert(account).values({
          id: accountId,
          userId: id,
          accountId: id,
          providerId: CREDENTIAL_PROVIDER,
          password: passwordHash,
        });
      });
      return { id, email: normalized };
    },

    /** Changes the password and signs the admin out everywhere. */
    async setPassword(email: string, password: string) {
      const found = await find(email);
      if (!found) throw new AdminError(`No admin with the email ${email}.`);
      assertPasswordLength(password);
      const passwordHash = await (await crypto()).hashPassword(password);
      const accountId = await newId();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, found.id), eq(account.providerId, CREDENTIAL_PROVIDER)))
          .returning({ id: account.id });
        if (updated.length === 0) {
          await tx.insert(account).values({
            id: accountId,
            userId: found.id,
            accountId: found.id,
            providerId: CREDENTIAL_PROVIDER,
            password: passwordHash,
          });
        }
        await tx.delete(session).where(eq(session.userId, found.id));
      });
    },

    /** Ends every session (before changing AUTH_SECRET, or after a suspected leak). Returns how many. */
    async signOutAll(): Promise<number> {
      const ended = await db.delete(session).returning({ id: session.id });
      return ended.length;
    },

    async delete(email: string) {
      const deleted = await db
        .delete(user)
        .where(eq(user.email, normalize(email)))
        .returning({ id: user.id });
      if (deleted.length === 0) throw new AdminError(`No admin with the email ${email}.`);
    },

    /** Makes sure this admin exists with this password (ADMIN_EMAIL and ADMIN_PASSWORD at start). */
    async ensure(email: string, password: string) {
      const found = await find(email);
      if (!found) {
        await this.create(email, password);
        return;
      }
      const [credential] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, found.id), eq(account.providerId, CREDENTIAL_PROVIDER)));
      const matches = credential?.password
        ? await (await crypto()).verifyPassword({ hash: credential.password, password })
        : false;
      if (!matches) await this.setPassword(email, password);
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;

function assertPasswordLength(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new AdminError(
      `A password must have at least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  }
}

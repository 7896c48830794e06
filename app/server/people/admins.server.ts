import { and, asc, count, eq, sql } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import { COMMAND_LINE, recordAudit, type Actor } from "../admin/audit.server";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { account, auditLog, invitations, passkey, session, signInPolicy, twoFactor, user } from "../db/schema";
import { ROLES, type Role } from "#app/domain/roles";
import { notifyChange } from "../db/live.server";

/** A refusal a person or an operator can act on: the message says what to change. */
export class AdminError extends Error {}

export const LAST_OWNER_MESSAGE =
  "The last owner can neither be removed nor made an editor: make someone else an owner first.";

/**
 * The sign-in library's password hashing and ids. Loaded on first use: listing admins from the command
 * line needs neither, and every module loaded is time before its answer.
 */
const crypto = () => import("better-auth/crypto");
const newId = async () => (await crypto()).generateRandomString(32, "a-z", "A-Z", "0-9");

/** The sign-in library's provider id for email and password accounts. */
const CREDENTIAL_PROVIDER = "credential";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export async function hashPassword(password: string): Promise<string> {
  assertPasswordLength(password);
  return (await crypto()).hashPassword(password);
}

/**
 * Adds a person who signs in with `passwordHash`, in the sign-in library's own tables and format, so
 * they sign in through it. The caller's transaction records why (a command, an accepted invitation).
 */
export async function insertPerson(tx: Transaction, email: string, passwordHash: string, role: Role) {
  const [id, accountId] = [await newId(), await newId()];
  await tx.insert(user).values({ id, email, name: email, emailVerified: true, role });
  await tx.insert(account).values({
    id: accountId,
    userId: id,
    accountId: id,
    providerId: CREDENTIAL_PROVIDER,
    password: passwordHash,
  });
  await notifyChange(tx, ["people"]);
  return { id, email, role };
}

/**
 * The person `id` as they are now, with every owner row locked (always in id order, so two such
 * changes wait for each other instead of deadlocking). Then `keepAnOwner` can count on what it reads:
 * two owners demoting each other at the same moment cannot both pass.
 */
async function lockForRoleChange(tx: Transaction, id: string) {
  const owners = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "owner"))
    .orderBy(asc(user.id))
    .for("update");
  const [found] = await tx.select().from(user).where(eq(user.id, id)).for("update");
  if (!found) throw new AdminError("This person no longer has access.");
  const keepAnOwner = () => {
    if (found.role === "owner" && !owners.some((other) => other.id !== id)) throw new AdminError(LAST_OWNER_MESSAGE);
  };
  return { found, keepAnOwner };
}

/** Why an owner cannot require two factors yet. */
export const TWO_FACTOR_FIRST =
  "Turn on two-factor authentication or add a passkey for yourself first (on Your account), then require two factors of everyone.";

/**
 * Whether the person of a select from the user table has two factors: an authenticator app's codes,
 * or a passkey, which is something they have and checks it is them (decision 079). The user's id is
 * spelled out: in a one-table select drizzle writes its columns bare, and inside the subquery a bare
 * "id" would name the passkey's own.
 */
function hasTwoFactorsSql() {
  return sql<boolean>`(${user.twoFactorEnabled} or exists (select 1 from ${passkey} where ${passkey.userId} = "user"."id"))`;
}

export interface PersonView {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  /** The last successful sign-in the audit log holds; null when none. */
  lastSignInAt: Date | null;
  /** Their sessions that have not expired. */
  sessions: number;
  /** An authenticator app or a passkey. */
  twoFactor: boolean;
}

/** How people must sign in (decisions 076 and 080). */
export interface SignInPolicy {
  requireTwoFactor: boolean;
  /** E-mail domains whose people single sign-on may make editors of without an invitation. */
  ssoDomains: string[];
  /** Whether a password signs anyone in (off: single sign-on and passkeys only). */
  passwordSignIn: boolean;
}

/**
 * The people who can sign in to the dashboard, for the People page and the command line alike. Only
 * the sign-in library's small crypto module is loaded: the command line opens this without the rest of
 * the server, and must answer at once.
 */
export function createAdminAccounts(db: Database) {
  async function find(executor: Queryable, email: string) {
    const [found] = await executor
      .select()
      .from(user)
      .where(eq(user.email, normalizeEmail(email)));
    return found;
  }

  return {
    async list(): Promise<PersonView[]> {
      // Spelled out: in a one-table select drizzle writes the outer column as a bare "id", which inside
      // the subquery would name the audit entry's own id.
      const lastSignIn = sql<Date | null>`(
        select max(${auditLog.at}) from ${auditLog}
        where ${auditLog.actorId} = "user"."id" and ${auditLog.kind} = 'sign-in'
      )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
      const sessions = sql<number>`(
        select count(*) from ${session} where ${session.userId} = "user"."id" and ${session.expiresAt} > now()
      )`.mapWith(Number);
      return db
        .select({
          id: user.id,
          email: user.email,
          role: user.role,
          createdAt: user.createdAt,
          lastSignInAt: lastSignIn,
          sessions,
          twoFactor: hasTwoFactorsSql(),
        })
        .from(user)
        .orderBy(asc(user.email));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(user);
      return row?.value ?? 0;
    },

    async findByEmail(email: string) {
      return find(db, email);
    },

    async create(email: string, password: string, role: Role, actor: Actor) {
      const normalized = normalizeEmail(email);
      if (await find(db, normalized)) throw new AdminError(`An admin with the email ${normalized} already exists.`);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const created = await insertPerson(tx, normalized, passwordHash, role);
        await recordAudit(tx, actor, {
          kind: "person-added",
          record: { type: "person", id: created.id, label: normalized },
          details: { role },
        });
        return created;
      });
    },

    /** Changes the password and signs the person out everywhere. */
    async setPassword(email: string, password: string, actor: Actor) {
      const found = await find(db, email);
      if (!found) throw new AdminError(`No admin with the email ${email}.`);
      const passwordHash = await hashPassword(password);
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
        await recordAudit(tx, actor, {
          kind: "password-set",
          record: { type: "person", id: found.id, label: found.email },
        });
      });
    },

    /**
     * Gives a person another role; the last owner keeps theirs. Returns the person as they are now
     * (unchanged when they already had the role: nothing is recorded then). `tabId`: the dashboard tab
     * that asked, which is not told of its own change.
     */
    async setRole(id: string, role: Role, actor: Actor, tabId?: string) {
      return db.transaction(async (tx) => {
        const { found, keepAnOwner } = await lockForRoleChange(tx, id);
        if (found.role === role) return found;
        if (role !== "owner") {
          keepAnOwner();
          // Only owners invite: what this person sent as one no longer stands.
          await tx.delete(invitations).where(eq(invitations.invitedBy, id));
        }
        await tx.update(user).set({ role }).where(eq(user.id, id));
        await recordAudit(tx, actor, {
          kind: "role-changed",
          record: { type: "person", id, label: found.email },
          details: { role: `${found.role} → ${role}` },
        });
        await notifyChange(tx, ["people"], tabId);
        return { ...found, role };
      });
    },

    /** Removes a person: their sessions end with them, at once. The last owner stays. */
    async remove(id: string, actor: Actor, tabId?: string) {
      await db.transaction(async (tx) => {
        const { found, keepAnOwner } = await lockForRoleChange(tx, id);
        keepAnOwner();
        // Sessions and the password go with the person (ON DELETE CASCADE); so do the invitations they
        // sent, which would otherwise let them back in.
        await tx.delete(invitations).where(eq(invitations.invitedBy, id));
        await tx.delete(user).where(eq(user.id, id));
        await recordAudit(tx, actor, {
          kind: "person-removed",
          record: { type: "person", id, label: found.email },
          details: { role: found.role },
        });
        await notifyChange(tx, ["people"], tabId);
      });
    },

    /** The command line's delete, by address. */
    async removeByEmail(email: string, actor: Actor) {
      const found = await find(db, email);
      if (!found) throw new AdminError(`No admin with the email ${email}.`);
      await this.remove(found.id, actor);
    },

    /** The command line's role change, by address. */
    async setRoleByEmail(email: string, role: Role, actor: Actor) {
      const found = await find(db, email);
      if (!found) throw new AdminError(`No admin with the email ${email}.`);
      return this.setRole(found.id, role, actor);
    },

    /**
     * Turns a person's two factors off, the authenticator app and every passkey, and signs them out
     * (they lost their phone, their security key and their recovery codes): the operator's way back,
     * from the command line. With the owners' policy on, their next sign-in sends them to set two
     * factors up again.
     */
    async turnOffTwoFactorByEmail(email: string, actor: Actor): Promise<void> {
      const found = await find(db, email);
      if (!found) throw new AdminError(`No admin with the email ${email}.`);
      await db.transaction(async (tx) => {
        await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, found.id));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id));
        await tx.delete(passkey).where(eq(passkey.userId, found.id));
        await tx.delete(session).where(eq(session.userId, found.id));
        await recordAudit(tx, actor, {
          kind: "two-factor-off",
          record: { type: "person", id: found.id, label: found.email },
        });
      });
    },

    /**
     * Ends every session of a person (an owner on the People page: a lost laptop, a shared browser).
     * Returns how many ended; they are signed out at once.
     */
    async endSessionsOf(id: string, actor: Actor, tabId?: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ email: user.email }).from(user).where(eq(user.id, id));
        if (!found) throw new AdminError("That person is no longer here.");
        const ended = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
        await recordAudit(tx, actor, {
          kind: "sessions-ended",
          record: { type: "person", id, label: found.email },
          details: { sessions: String(ended.length) },
        });
        await notifyChange(tx, ["people"], tabId);
        return ended.length;
      });
    },

    /** Whether the person with `id` has two factors (an authenticator app or a passkey). */
    async hasTwoFactors(id: string): Promise<boolean> {
      const [row] = await db.select({ on: hasTwoFactorsSql() }).from(user).where(eq(user.id, id));
      return Boolean(row?.on);
    },

    /** How people must sign in: read afresh, so that a change made on another instance holds at once. */
    async signInPolicy(): Promise<SignInPolicy> {
      const [row] = await db
        .select({
          requireTwoFactor: signInPolicy.requireTwoFactor,
          ssoDomains: signInPolicy.ssoDomains,
          passwordSignIn: signInPolicy.passwordSignIn,
        })
        .from(signInPolicy);
      return {
        requireTwoFactor: row?.requireTwoFactor ?? false,
        ssoDomains: row?.ssoDomains ?? [],
        passwordSignIn: row?.passwordSignIn ?? true,
      };
    },

    /**
     * Requires two factors of everyone, or stops requiring them. An owner requires them only with their
     * own on: the requirement would otherwise send them to set it up first.
     */
    async setSignInPolicy(
      policy: Pick<SignInPolicy, "requireTwoFactor"> & Partial<SignInPolicy>,
      actor: Actor,
      tabId?: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (policy.requireTwoFactor && actor.userId) {
          const [own] = await tx.select({ on: hasTwoFactorsSql() }).from(user).where(eq(user.id, actor.userId));
          if (!own?.on) throw new AdminError(TWO_FACTOR_FIRST);
        }
        const domains = {
          ...(policy.ssoDomains ? { ssoDomains: policy.ssoDomains } : {}),
          ...(policy.passwordSignIn === undefined ? {} : { passwordSignIn: policy.passwordSignIn }),
        };
        await tx
          .insert(signInPolicy)
          .values({ id: 1, requireTwoFactor: policy.requireTwoFactor, ...domains })
          .onConflictDoUpdate({
            target: signInPolicy.id,
            set: { requireTwoFactor: policy.requireTwoFactor, ...domains, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          kind: "sign-in-policy-changed",
          details: {
            twoFactor: policy.requireTwoFactor ? "required" : "not required",
            ...(policy.ssoDomains ? { singleSignOnDomains: policy.ssoDomains.join(", ") || "none" } : {}),
            ...(policy.passwordSignIn === undefined ? {} : { passwordSignIn: policy.passwordSignIn ? "on" : "off" }),
          },
        });
        await notifyChange(tx, ["people"], tabId);
      });
    },

    /**
     * Lets a password sign people in again (the owners turned it off for single sign-on, and the
     * provider is gone or misconfigured): the operator's way back, from the command line.
     */
    async turnPasswordSignInOn(actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(signInPolicy)
          .values({ id: 1, passwordSignIn: true })
          .onConflictDoUpdate({ target: signInPolicy.id, set: { passwordSignIn: true, updatedAt: new Date() } });
        await recordAudit(tx, actor, { kind: "sign-in-policy-changed", details: { passwordSignIn: "on" } });
        await notifyChange(tx, ["people"]);
      });
    },

    /** Ends every session (before changing AUTH_SECRET, or after a suspected leak). Returns how many. */
    async signOutAll(actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await tx.delete(session).returning({ id: session.id });
        await recordAudit(tx, actor, { kind: "signed-everyone-out", details: { sessions: String(ended.length) } });
        return ended.length;
      });
    },

    /**
     * Makes sure this admin exists with this password (ADMIN_EMAIL and ADMIN_PASSWORD at start). Made an
     * owner when new (whoever runs the server names the first owner); a role given later is kept.
     */
    async ensure(email: string, password: string) {
      const found = await find(db, email);
      if (!found) {
        await this.create(email, password, "owner", COMMAND_LINE);
        return;
      }
      const [credential] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, found.id), eq(account.providerId, CREDENTIAL_PROVIDER)));
      const matches = credential?.password
        ? await (await crypto()).verifyPassword({ hash: credential.password, password })
        : false;
      if (!matches) await this.setPassword(email, password, COMMAND_LINE);
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

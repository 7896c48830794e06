import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AdminError, hashPassword, insertPerson, normalizeEmail } from "./admins.server";
import { recordAudit, type Actor } from "../admin/audit.server";
import type { Database } from "../db/client.server";
import { invitations, user } from "../db/schema";
import type { Role } from "#app/domain/roles";
import { notifyChange } from "../db/live.server";
import { isUuid } from "../files/files.server";
import type { SendMail } from "../platform/mail.server";

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: Date;
  expired: boolean;
}

/**
 * Invitations to the dashboard: an owner names an address and a role, the person gets a single-use
 * link by mail and chooses their password with it. Only a hash of the link's token is stored.
 */
export function createInvitations({
  db,
  sendMail,
  publicUrl,
}: {
  db: Database;
  sendMail: SendMail;
  publicUrl: string;
}) {
  const inviter = alias(user, "inviter");

  return {
    /** Pending invitations, expired ones included (they can be sent again), by address. */
    async pending(): Promise<InvitationView[]> {
      const rows = await db
        .select({
          id: invitations.id,
          email: invitations.email,
          role: invitations.role,
          invitedBy: inviter.email,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .orderBy(asc(invitations.email));
      const now = Date.now();
      return rows.map((row) => ({ ...row, expired: row.expiresAt.getTime() <= now }));
    },

    /**
     * Invites `email` as `role`, replacing an earlier invitation to the same address (its link stops
     * working). The mail is sent before the invitation is committed: if it cannot be sent, nothing is kept.
     */
    async invite(email: string, role: Role, actor: Actor, tabId?: string): Promise<{ email: string; expiresAt: Date }> {
      const normalized = normalizeEmail(email);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3600_000);
      return db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, normalized));
        if (existing) throw new AdminError(`${normalized} already has access to the dashboard.`);
        await tx.delete(invitations).where(eq(invitations.email, normalized));
        const [row] = await tx
          .insert(invitations)
          .values({ email: normalized, role, tokenHash: tokenHash(token), invitedBy: actor.userId, expiresAt })
          .returning({ id: invitations.id });
        if (!row) throw new Error("The invitation was not stored");
        await recordAudit(tx, actor, {
          kind: "invitation-sent",
          record: { type: "invitation", id: row.id, label: normalized },
          details: { role },
        });
        await notifyChange(tx, ["people"], tabId);
        const link = `${publicUrl}/invite?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: normalized,
          subject: "You are invited to the Vantage dashboard",
          text:
            `${actor.email ?? "An owner"} invited you to edit the Vantage website as ${role === "owner" ? "an owner" : "an editor"}.\n\n` +
            `Choose your password here (the link works once, for ${INVITATION_HOURS} hours):\n${link}\n\n` +
            "If you did not expect this, ignore this message: nothing happens without you.\n",
        });
        return { email: normalized, expiresAt };
      });
    },

    async cancel(id: string, actor: Actor, tabId?: string): Promise<void> {
      if (!isUuid(id)) return;
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(invitations)
          .where(eq(invitations.id, id))
          .returning({ email: invitations.email });
        if (!deleted) return;
        await recordAudit(tx, actor, {
          kind: "invitation-cancelled",
          record: { type: "invitation", id, label: deleted.email },
        });
        await notifyChange(tx, ["people"], tabId);
      });
    },

    /** The address and role a token invites, while it is unused and unexpired. */
    async find(token: string): Promise<{ email: string; role: Role } | null> {
      if (!token || token.length > 200) return null;
      const [row] = await db
        .select({ email: invitations.email, role: invitations.role })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash(token)), gt(invitations.expiresAt, new Date())));
      return row ?? null;
    },

    /**
     * Turns an invitation into a person with `password`, once: the row is locked and deleted in the
     * same transaction, so two submits of one link cannot both pass. Null when the link is no good.
     */
    async accept(token: string, password: string, clientAddress: string): Promise<{ email: string } | null> {
      // The token first: a made-up one costs no password hashing.
      if (!(await this.find(token))) return null;
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(invitations)
          .where(and(eq(invitations.tokenHash, tokenHash(token)), gt(invitations.expiresAt, new Date())))
          .for("update");
        if (!invitation) return null;
        await tx.delete(invitations).where(eq(invitations.id, invitation.id));
        const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, invitation.email));
        if (existing) return null;
        const person = await insertPerson(tx, invitation.email, passwordHash, invitation.role);
        await recordAudit(
          tx,
          { userId: person.id, email: person.email, clientAddress },
          {
            kind: "invitation-accepted",
            record: { type: "person", id: person.id, label: person.email },
            details: { role: person.role },
          },
        );
        return { email: person.email };
      });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

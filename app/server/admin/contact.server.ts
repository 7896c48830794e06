import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { CONTACT_LIMIT, CONTACT_WINDOW_SECONDS, type InboxMessage } from "#app/domain/contact";
import type { ContactInput } from "#app/domain/forms/contact";
import { DASHBOARD_PAGE_SIZE, type Paged } from "#app/domain/paging";
import type { AdminWrite, WriteOrigin } from "./write.server";
import { NotFoundError } from "./write.server";
import type { Catalog } from "../site/catalog.server";
import type { Database } from "../db/client.server";
import { countRows, readPage } from "../db/paging.server";
import { contactMessages } from "../db/schema";
import { isUuid } from "../files/files.server";
import type { Logger } from "../platform/logger.server";
import type { SendMail } from "../platform/mail.server";
import { notifyChange } from "../db/live.server";
import type { RateLimiter } from "../db/rate-limit.server";

type Row = typeof contactMessages.$inferSelect;

function toView(row: Row): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    product: row.product,
    productId: row.productId,
    message: row.message,
    mailed: row.mailed,
    read: row.readAt !== null,
    receivedAt: row.createdAt.toISOString(),
  };
}

/** The mail the team gets: the visitor's words as written, a reply goes to the visitor. */
function mailText(input: ContactInput, publicUrl: string, inboxId: string): string {
  return [
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    ...(input.company ? [`Company: ${input.company}`] : []),
    ...(input.product ? [`Product: ${input.product}`] : []),
    "",
    input.message,
    "",
    "--",
    `Sent through the contact form. Reply to this mail to answer ${input.name}.`,
    `In the dashboard's inbox: ${publicUrl}/dashboard/inbox/${inboxId}`,
  ].join("\n");
}

/**
 * The contact form and the dashboard's inbox. A message is kept first (the inbox has it whatever the
 * mail server does), then mailed to the contact address from the site settings with the visitor as
 * Reply-To; a mail that could not go is marked so in the inbox.
 */
export function createContact(parts: {
  db: Database;
  write: AdminWrite;
  catalog: Catalog;
  sendMail: SendMail;
  rateLimiter: RateLimiter;
  contactAddress: () => Promise<string>;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, write, catalog, sendMail, rateLimiter, contactAddress, publicUrl, logger } = parts;
  const limitKey = (clientAddress: string) => `contact:${clientAddress}`;

  /**
   * Keeps and mails a visitor's message; `{ retryAfterSeconds }` when this client sent CONTACT_LIMIT in
   * the window already (nothing kept, nothing sent).
   */
  async function send(input: ContactInput, clientAddress: string): Promise<{ retryAfterSeconds: number }> {
    // Counted first: of a burst sent at once, only the first CONTACT_LIMIT get through.
    const counted = await rateLimiter.hit(limitKey(clientAddress), CONTACT_WINDOW_SECONDS);
    if (counted.count > CONTACT_LIMIT) return { retryAfterSeconds: Math.max(1, counted.secondsLeftInWindow) };
    const product = input.product ? await catalog.findPublishedModel(input.product) : null;
    const row = await db.transaction(async (tx) => {
      const [kept] = await tx
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          company: input.company,
          product: input.product,
          productId: product?.id ?? null,
          message: input.message,
          clientAddress,
        })
        .returning({ id: contactMessages.id });
      if (!kept) throw new Error("Insert returned no row");
      await notifyChange(tx, ["inbox"]);
      return kept;
    });
    try {
      await sendMail({
        to: await contactAddress(),
        replyTo: { name: input.name, address: input.email },
        subject: `Contact form: ${input.name}${input.company ? ` (${input.company})` : ""}`,
        text: mailText(input, publicUrl, row.id),
      });
      await db.update(contactMessages).set({ mailed: true }).where(eq(contactMessages.id, row.id));
    } catch (error) {
      logger.error({ err: error, messageId: row.id }, "mailing a contact message failed; it is in the inbox");
    }
    return { retryAfterSeconds: 0 };
  }

  /** A page of the messages, newest first, and how many are unread. */
  async function list(page = 1): Promise<Paged<InboxMessage> & { unread: number }> {
    const [paged, unread] = await Promise.all([
      readPage(
        (offset, limit) =>
          db
            .select({ row: contactMessages })
            .from(contactMessages)
            .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
            .limit(limit)
            .offset(offset),
        () => countRows(db, contactMessages, undefined),
        page,
        DASHBOARD_PAGE_SIZE,
      ),
      unreadCount(),
    ]);
    return { ...paged, items: paged.items.map(({ row }) => toView(row)), unread };
  }

  async function unreadCount(): Promise<number> {
    const [row] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
    return row?.unread ?? 0;
  }

  async function get(id: string): Promise<InboxMessage | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row ? toView(row) : undefined;
  }

  /**
   * Marks a message read, as the page does once someone has it open (or its button without scripts).
   * Reading changes nothing anyone relies on, so it is not an audited write; open inboxes are told.
   */
  async function markRead(id: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(contactMessages)
        .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id });
      if (!row) throw new NotFoundError();
      await notifyChange(tx, ["inbox"]);
    });
  }

  function label(row: Pick<Row, "name" | "email">): string {
    return `${row.name} <${row.email}>`;
  }

  /** Marks a message unread again (a colleague should look at it). */
  async function markUnread(id: string, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["inbox"], origin, async ({ tx, audit }) => {
      const [row] = await tx
        .update(contactMessages)
        .set({ readAt: null })
        .where(eq(contactMessages.id, id))
        .returning({ name: contactMessages.name, email: contactMessages.email });
      if (!row) throw new NotFoundError();
      await audit({ kind: "marked-unread", record: { type: "message", id, label: label(row) } });
    });
  }

  async function remove(id: string, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["inbox"], origin, async ({ tx, audit }) => {
      const [row] = await tx
        .delete(contactMessages)
        .where(eq(contactMessages.id, id))
        .returning({ name: contactMessages.name, email: contactMessages.email });
      if (!row) throw new NotFoundError();
      await audit({ kind: "deleted", record: { type: "message", id, label: label(row) } });
    });
  }

  return { send, list, unreadCount, get, markRead, markUnread, remove };
}

export type Contact = ReturnType<typeof createContact>;

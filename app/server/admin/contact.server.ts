import { count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  CONTACT_LIMIT,
  CONTACT_WINDOW_SECONDS,
  reportReference,
  type InboxBox,
  type InboxMessage,
} from "#app/domain/contact";
import type { BarrierReportInput, ContactInput, SecurityReportInput } from "#app/domain/forms/contact";
import { DISCLOSURE_POLICY_PATH } from "#app/domain/paths";
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
    box: row.box,
    reference: reportReference(row.id),
    name: row.name,
    email: row.email,
    company: row.company,
    product: row.product,
    productId: row.productId,
    firmwareVersion: row.firmwareVersion,
    credit: row.credit,
    pageAddress: row.pageAddress,
    assistiveTechnology: row.assistiveTechnology,
    message: row.message,
    mailed: row.mailed,
    acknowledged: row.acknowledged,
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

/** The security team's copy of a report: every field as the reporter wrote it; a reply goes to them. */
function reportText(input: SecurityReportInput, publicUrl: string, inboxId: string): string {
  return [
    `Reference: ${reportReference(inboxId)}`,
    `From: ${input.name ? `${input.name} <${input.email}>` : input.email}`,
    ...(input.product ? [`Product: ${input.product}`] : []),
    ...(input.firmwareVersion ? [`Firmware version: ${input.firmwareVersion}`] : []),
    `Credit in the advisory: ${input.credit || "none asked for"}`,
    "",
    input.message,
    "",
    "--",
    "Sent through the vulnerability report form. The reporter was mailed an acknowledgment with the reference.",
    `In the dashboard's security inbox: ${publicUrl}/dashboard/inbox/${inboxId}`,
  ].join("\n");
}

/** The team's copy of an accessibility barrier's report; a reply goes to the visitor. */
function barrierText(input: BarrierReportInput, publicUrl: string, inboxId: string): string {
  return [
    `From: ${input.name ? `${input.name} <${input.email}>` : input.email}`,
    ...(input.pageAddress ? [`Page: ${input.pageAddress}`] : []),
    ...(input.assistiveTechnology ? [`Browser and assistive technology: ${input.assistiveTechnology}`] : []),
    "",
    input.message,
    "",
    "--",
    `Sent through the accessibility page's form. Reply to this mail to answer ${input.name || input.email}.`,
    `In the dashboard's accessibility inbox: ${publicUrl}/dashboard/inbox/${inboxId}`,
  ].join("\n");
}

/**
 * The reporter's acknowledgment. Nothing the form was sent with is in it but the reference: anyone can
 * type someone else's address into the form, and the site must not carry their words to it.
 */
function acknowledgmentText(reference: string, publicUrl: string): string {
  return [
    "Hello,",
    "",
    `Thank you for your vulnerability report. Our product security team has received it as ${reference}; please name this reference when you write to us about it.`,
    "",
    "We will confirm what we find within three working days and keep you informed as we investigate. Please keep the details to yourself until we have published a fix or an advisory, as our disclosure policy asks:",
    `${publicUrl}${DISCLOSURE_POLICY_PATH}`,
    "",
    "If you did not send this report, you can ignore this mail.",
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
  securityAddress: () => Promise<string>;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, write, catalog, sendMail, rateLimiter, contactAddress, securityAddress, publicUrl, logger } = parts;
  const limitKey = (box: InboxBox, clientAddress: string) => `${box}:${clientAddress}`;

  /** Counts a client's message into `box`; the seconds to wait when it sent CONTACT_LIMIT in the window already. */
  async function waitBefore(box: InboxBox, clientAddress: string): Promise<number> {
    // Counted first: of a burst sent at once, only the first CONTACT_LIMIT get through.
    const counted = await rateLimiter.hit(limitKey(box, clientAddress), CONTACT_WINDOW_SECONDS);
    return counted.count > CONTACT_LIMIT ? Math.max(1, counted.secondsLeftInWindow) : 0;
  }

  /**
   * Sends a kept message's mail and notes on it that it went (`mailed`, `acknowledged`); a mail that
   * could not go is logged, and the inbox says so: the message is kept either way.
   */
  async function mailAndNote(
    id: string,
    sent: "mailed" | "acknowledged",
    failure: string,
    message: () => Promise<Parameters<SendMail>[0]>,
  ): Promise<void> {
    try {
      await sendMail(await message());
      await db
        .update(contactMessages)
        .set({ [sent]: true })
        .where(eq(contactMessages.id, id));
    } catch (error) {
      logger.error({ err: error, messageId: id }, failure);
    }
  }

  /** Keeps a message; open inboxes are told. */
  async function keep(values: typeof contactMessages.$inferInsert): Promise<{ id: string }> {
    return db.transaction(async (tx) => {
      const [kept] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      if (!kept) throw new Error("Insert returned no row");
      await notifyChange(tx, ["inbox"]);
      return kept;
    });
  }

  /**
   * Keeps and mails a visitor's message; `{ retryAfterSeconds }` when this client sent CONTACT_LIMIT in
   * the window already (nothing kept, nothing sent).
   */
  async function send(input: ContactInput, clientAddress: string): Promise<{ retryAfterSeconds: number }> {
    const retryAfterSeconds = await waitBefore("contact", clientAddress);
    if (retryAfterSeconds > 0) return { retryAfterSeconds };
    const product = input.product ? await catalog.findPublishedModel(input.product) : null;
    const row = await keep({
      name: input.name,
      email: input.email,
      company: input.company,
      product: input.product,
      productId: product?.id ?? null,
      message: input.message,
      clientAddress,
    });
    await mailAndNote(row.id, "mailed", "mailing a contact message failed; it is in the inbox", async () => ({
      to: await contactAddress(),
      replyTo: { name: input.name, address: input.email },
      subject: `Contact form: ${input.name}${input.company ? ` (${input.company})` : ""}`,
      text: mailText(input, publicUrl, row.id),
    }));
    return { retryAfterSeconds: 0 };
  }

  /**
   * Keeps a vulnerability report in the security box, mails it to the security address of the site
   * settings (the reporter as Reply-To) and mails the reporter an acknowledgment with its reference.
   * Limited per client as the contact form is, on a count of its own.
   */
  async function report(input: SecurityReportInput, clientAddress: string): Promise<{ retryAfterSeconds: number }> {
    const retryAfterSeconds = await waitBefore("security", clientAddress);
    if (retryAfterSeconds > 0) return { retryAfterSeconds };
    const product = input.product ? await catalog.findPublishedModel(input.product) : null;
    const row = await keep({
      box: "security",
      name: input.name,
      email: input.email,
      product: input.product,
      productId: product?.id ?? null,
      firmwareVersion: input.firmwareVersion,
      credit: input.credit,
      message: input.message,
      clientAddress,
    });
    const reference = reportReference(row.id);
    await mailAndNote(row.id, "mailed", "mailing a vulnerability report failed; it is in the inbox", async () => ({
      to: await securityAddress(),
      replyTo: { name: input.name || input.email, address: input.email },
      subject: `Vulnerability report ${reference}${input.product ? `: ${input.product}` : ""}`,
      text: reportText(input, publicUrl, row.id),
    }));
    await mailAndNote(row.id, "acknowledged", "mailing a report's acknowledgment failed", async () => ({
      to: input.email,
      subject: `We received your vulnerability report ${reference}`,
      text: acknowledgmentText(reference, publicUrl),
    }));
    return { retryAfterSeconds: 0 };
  }

  /**
   * Keeps an accessibility barrier's report in its own box and mails it to the contact address (the
   * visitor as Reply-To). Limited per client as the contact form is, on a count of its own.
   */
  async function reportBarrier(
    input: BarrierReportInput,
    clientAddress: string,
  ): Promise<{ retryAfterSeconds: number }> {
    const retryAfterSeconds = await waitBefore("accessibility", clientAddress);
    if (retryAfterSeconds > 0) return { retryAfterSeconds };
    const row = await keep({
      box: "accessibility",
      name: input.name,
      email: input.email,
      pageAddress: input.pageAddress,
      assistiveTechnology: input.assistiveTechnology,
      message: input.message,
      clientAddress,
    });
    await mailAndNote(row.id, "mailed", "mailing an accessibility report failed; it is in the inbox", async () => ({
      to: await contactAddress(),
      replyTo: { name: input.name || input.email, address: input.email },
      subject: `Accessibility barrier reported by ${input.name || input.email}`,
      text: barrierText(input, publicUrl, row.id),
    }));
    return { retryAfterSeconds: 0 };
  }

  /** A page of a box's messages, newest first, and how many are unread in each box. */
  async function list(box: InboxBox, page = 1): Promise<Paged<InboxMessage> & { unread: Record<InboxBox, number> }> {
    const [paged, unread] = await Promise.all([
      readPage(
        (offset, limit) =>
          db
            .select({ row: contactMessages })
            .from(contactMessages)
            .where(eq(contactMessages.box, box))
            .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
            .limit(limit)
            .offset(offset),
        () => countRows(db, contactMessages, eq(contactMessages.box, box)),
        page,
        DASHBOARD_PAGE_SIZE,
      ),
      unreadCounts(),
    ]);
    return { ...paged, items: paged.items.map(({ row }) => toView(row)), unread };
  }

  async function unreadCounts(): Promise<Record<InboxBox, number>> {
    const rows = await db
      .select({ box: contactMessages.box, unread: count() })
      .from(contactMessages)
      .where(isNull(contactMessages.readAt))
      .groupBy(contactMessages.box);
    const unread = { contact: 0, security: 0, accessibility: 0 };
    for (const row of rows) unread[row.box] = row.unread;
    return unread;
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
    return row.name ? `${row.name} <${row.email}>` : row.email;
  }

  /** Marks a message unread again (a colleague should look at it); answers the box it is in. */
  async function markUnread(id: string, origin: WriteOrigin): Promise<InboxBox> {
    if (!isUuid(id)) throw new NotFoundError();
    return write(["inbox"], origin, async ({ tx, audit }) => {
      const [row] = await tx
        .update(contactMessages)
        .set({ readAt: null })
        .where(eq(contactMessages.id, id))
        .returning({ name: contactMessages.name, email: contactMessages.email, box: contactMessages.box });
      if (!row) throw new NotFoundError();
      await audit({ kind: "marked-unread", record: { type: "message", id, label: label(row) } });
      return row.box;
    });
  }

  /** Deletes a message; answers the box it was in. */
  async function remove(id: string, origin: WriteOrigin): Promise<InboxBox> {
    if (!isUuid(id)) throw new NotFoundError();
    return write(["inbox"], origin, async ({ tx, audit }) => {
      const [row] = await tx
        .delete(contactMessages)
        .where(eq(contactMessages.id, id))
        .returning({ name: contactMessages.name, email: contactMessages.email, box: contactMessages.box });
      if (!row) throw new NotFoundError();
      await audit({ kind: "deleted", record: { type: "message", id, label: label(row) } });
      return row.box;
    });
  }

  return { send, report, reportBarrier, list, unreadCounts, get, markRead, markUnread, remove };
}

export type Contact = ReturnType<typeof createContact>;

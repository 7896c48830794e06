import { parseWithZod } from "@conform-to/zod/v4";
import { desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import {
  infoItemSchema,
  isInfoItemType,
  type InfoActionResult,
  type InfoIntent,
  type InfoItemInput,
  type InfoItemRecord,
  type InfoItemView,
} from "#app/domain/forms/info-item";
import { ALT_TEXT_TOO_LONG, MAX_ALT_TEXT_LENGTH, normalizeAltText } from "#app/domain/alt-text";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { adminWrite, claimVersion, ConflictError, formOrigin, NotFoundError } from "./admin/write.server";
import { files, infoItems, type InfoItemType } from "./db/schema";
import { fileUrl, MissingFileError, NotAnImageError } from "./files.server";
import { runtime } from "./runtime.server";

export type { InfoActionResult, InfoItemRecord, InfoItemView };

/** Home-page items, most recently added or moved to the top first. */
export async function listInfoItems(): Promise<InfoItemRecord[]> {
  const rows = await runtime()
    .database.db.select({ item: infoItems, file: files })
    .from(infoItems)
    .leftJoin(files, eq(files.id, infoItems.imageFileId))
    .orderBy(desc(infoItems.sortAt), desc(infoItems.id));
  return rows.map(({ item, file }) => toView(item, file));
}

function toView(item: typeof infoItems.$inferSelect, file: typeof files.$inferSelect | null): InfoItemRecord {
  return {
    id: item.id,
    type: item.type,
    heading: item.heading,
    content: item.content,
    image: file
      ? { fileId: file.id, url: fileUrl(file), width: file.width, height: file.height, alt: item.imageAlt }
      : null,
    sortAt: item.sortAt.toISOString(),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    version: item.version,
  };
}

async function readInfoItem(id: string): Promise<InfoItemRecord | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const rows = await runtime()
    .database.db.select({ item: infoItems, file: files })
    .from(infoItems)
    .leftJoin(files, eq(files.id, infoItems.imageFileId))
    .where(eq(infoItems.id, id));
  const row = rows[0];
  return row ? toView(row.item, row.file) : undefined;
}

const imageMessage = (type: InfoItemType) =>
  type === "image" ? ADMIN_MESSAGES.imageRequiredInfo : ADMIN_MESSAGES.cardImage;

/**
 * The home page's admin action (create, edit, delete, move to top), after requireAdmin: each write is
 * one transaction with its files, announced on the "info" topic; released images go after the commit.
 */
export async function infoItemAction(formData: FormData): Promise<InfoActionResult | ReturnType<typeof data>> {
  const intent = formData.get("intent");
  const origin = formOrigin(formData);
  const id = String(formData.get("id") ?? "");
  const version = Number(formData.get("version"));

  if (intent === "create") {
    const type = formData.get("type");
    if (!isInfoItemType(type)) throw data("Unknown info item type", 400);
    const submission = parseWithZod(formData, { schema: infoItemSchema(type, "create") });
    if (submission.status !== "success") {
      return data({ intent, status: "invalid", result: submission.reply() } satisfies InfoActionResult, 400);
    }
    const value: InfoItemInput = submission.value;
    try {
      await adminWrite(["info"], origin, async ({ tx }) => {
        if (value.imageFileId) await runtime().files.claim(tx, [value.imageFileId], { images: true });
        await tx.insert(infoItems).values({
          type,
          heading: value.heading ?? null,
          content: value.content ?? null,
          imageFileId: value.imageFileId ?? null,
          imageAlt: value.imageFileId ? normalizeAltText(value.imageAlt) : "",
        });
      });
    } catch (error) {
      if (error instanceof MissingFileError || error instanceof NotAnImageError) {
        const result = submission.reply({ fieldErrors: { imageFileId: [imageMessage(type)] } });
        return data({ intent, status: "invalid", result } satisfies InfoActionResult, 400);
      }
      throw error;
    }
    return { intent, status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "edit") {
    const existing = await readInfoItem(id);
    if (!existing) return { intent, status: "gone" };
    const submission = parseWithZod(formData, { schema: infoItemSchema(existing.type, "edit") });
    if (submission.status !== "success") {
      return data({ intent, status: "invalid", result: submission.reply() } satisfies InfoActionResult, 400);
    }
    const value: InfoItemInput = submission.value;
    try {
      await adminWrite(["info"], origin, async ({ tx, purgeAfterCommit }) => {
        await claimVersion(tx, infoItems, id, version);
        const [row] = await tx.select().from(infoItems).where(eq(infoItems.id, id));
        if (!row) throw new NotFoundError();
        let imageFileId = row.imageFileId;
        if (value.imageFileId) {
          await runtime().files.claim(tx, [value.imageFileId], { images: true });
          imageFileId = value.imageFileId;
        } else if (row.type === "card" && value.removeImage) {
          imageFileId = null;
        }
        await tx
          .update(infoItems)
          .set({
            heading: row.type === "card" ? (value.heading ?? null) : null,
            content: row.type === "image" ? null : (value.content ?? null),
            imageFileId,
            // A description without a picture would describe nothing; the next picture gets its own.
            imageAlt: imageFileId ? normalizeAltText(value.imageAlt) : "",
            updatedAt: new Date(),
          })
          .where(eq(infoItems.id, id));
        if (row.imageFileId && row.imageFileId !== imageFileId) {
          purgeAfterCommit(await runtime().files.release(tx, [row.imageFileId]));
        }
      });
    } catch (error) {
      if (error instanceof MissingFileError || error instanceof NotAnImageError) {
        const result = submission.reply({ fieldErrors: { imageFileId: [imageMessage(existing.type)] } });
        return data({ intent, status: "invalid", result } satisfies InfoActionResult, 400);
      }
      const outcome = await concurrencyOutcome(intent, id, error);
      if (outcome) return outcome;
      throw error;
    }
    return { intent, status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "delete") {
    try {
      await adminWrite(["info"], origin, async ({ tx, purgeAfterCommit }) => {
        await claimVersion(tx, infoItems, id, version);
        const [row] = await tx.delete(infoItems).where(eq(infoItems.id, id)).returning();
        if (row?.imageFileId) purgeAfterCommit(await runtime().files.release(tx, [row.imageFileId]));
      });
    } catch (error) {
      const outcome = await concurrencyOutcome(intent, id, error);
      if (outcome) return outcome;
      throw error;
    }
    return { intent, status: "done" };
  }

  if (intent === "move-to-top") {
    // Moving is not an edit of the item's content, so it leaves the version (and open edit forms) and
    // the time of the last change alone (the column would otherwise take the update's time).
    const moved = z.uuid().safeParse(id).success
      ? await adminWrite(["info"], origin, ({ tx }) =>
          tx
            .update(infoItems)
            .set({ sortAt: new Date(), updatedAt: sql`${infoItems.updatedAt}` })
            .where(eq(infoItems.id, id))
            .returning({ id: infoItems.id }),
        )
      : [];
    return { intent, status: moved.length ? "done" : "gone" };
  }

  throw data("Unknown intent", 400);
}

async function concurrencyOutcome(intent: InfoIntent, id: string, error: unknown): Promise<InfoActionResult | null> {
  if (error instanceof NotFoundError) return { intent, status: "gone" };
  if (!(error instanceof ConflictError)) return null;
  const current = await readInfoItem(id);
  return current ? { intent, status: "conflict", current } : { intent, status: "gone" };
}

export interface NewInfoItem {
  type: InfoItemType;
  heading?: string | null;
  content?: string | null;
  /** A staged upload's id; it becomes the item's image. */
  imageFileId?: string | null;
  /** The image's description; empty or absent for none. */
  imageAlt?: string | null;
}

/**
 * Adds a home-page item at the top, in one transaction with claiming its image and announcing the
 * change (for seeding and tests; the admin forms go through infoItemAction, which validates first).
 * `origin` names the browser tab that asked, so it is not told about its own write.
 */
export async function createInfoItem(input: NewInfoItem, origin?: string): Promise<string> {
  const imageAlt = input.imageFileId ? normalizeAltText(input.imageAlt) : "";
  if (imageAlt.length > MAX_ALT_TEXT_LENGTH) throw new RangeError(`The image description: ${ALT_TEXT_TOO_LONG}`);
  return adminWrite(["info"], origin, async ({ tx }) => {
    if (input.imageFileId) await runtime().files.claim(tx, [input.imageFileId], { images: true });
    const [row] = await tx
      .insert(infoItems)
      .values({
        type: input.type,
        heading: input.heading ?? null,
        content: input.content ?? null,
        imageFileId: input.imageFileId ?? null,
        imageAlt,
      })
      .returning({ id: infoItems.id });
    if (!row) throw new Error("Insert returned no row");
    return row.id;
  });
}

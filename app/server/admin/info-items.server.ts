import { eq, sql } from "drizzle-orm";
import { ALT_TEXT_TOO_LONG, MAX_ALT_TEXT_LENGTH, normalizeAltText } from "#app/domain/alt-text";
import type { InfoItemInput, InfoItemKind } from "#app/domain/forms/info-item";
import { infoItems } from "../db/schema";
import { isUuid } from "../files.server";
import { claimVersion, FieldRuleError, NotFoundError, type AdminWrite } from "./write.server";

// The home page's items written the way every dashboard entity is: typed input in, the record's id or
// an error (FieldRuleError, ConflictError, NotFoundError, MissingFileError, NotAnImageError) out, each
// write one transaction with its files, announced on the "info" topic.

/** A description without a picture would describe nothing; one too long is refused like the form does. */
function storedAltText(imageFileId: string | null | undefined, imageAlt: string | undefined): string {
  if (!imageFileId) return "";
  const alt = normalizeAltText(imageAlt);
  if (alt.length > MAX_ALT_TEXT_LENGTH) throw new FieldRuleError("imageAlt", ALT_TEXT_TOO_LONG);
  return alt;
}

/** The home page's info items as the dashboard writes them. */
export function createInfoItemAdmin({ write }: { write: AdminWrite }) {
  /** Adds an item at the top of the home page; returns its id. */
  async function createInfoItem(type: InfoItemKind, input: InfoItemInput, tabId?: string): Promise<string> {
    const imageAlt = storedAltText(input.imageFileId, input.imageAlt);
    return write(["info"], tabId, async ({ tx, fileService }) => {
      if (input.imageFileId) await fileService.claim(tx, [input.imageFileId], { images: true });
      const [row] = await tx
        .insert(infoItems)
        .values({
          type,
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

  /**
   * Saves an item opened at `version`. Its type never changes, so fields another type would use are
   * dropped; a new upload replaces the picture, `removeImage` drops a card's, and the old picture's
   * bytes go once the save has committed.
   */
  async function updateInfoItem(id: string, version: number, input: InfoItemInput, tabId?: string) {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["info"], tabId, async ({ tx, fileService, purgeAfterCommit }) => {
      await claimVersion(tx, infoItems, id, version);
      const [row] = await tx.select().from(infoItems).where(eq(infoItems.id, id));
      if (!row) throw new NotFoundError();
      let imageFileId = row.imageFileId;
      if (input.imageFileId) {
        await fileService.claim(tx, [input.imageFileId], { images: true });
        imageFileId = input.imageFileId;
      } else if (row.type === "card" && input.removeImage) {
        imageFileId = null;
      }
      await tx
        .update(infoItems)
        .set({
          heading: row.type === "card" ? (input.heading ?? null) : null,
          content: row.type === "image" ? null : (input.content ?? null),
          imageFileId,
          imageAlt: storedAltText(imageFileId, input.imageAlt),
          updatedAt: new Date(),
        })
        .where(eq(infoItems.id, id));
      if (row.imageFileId && row.imageFileId !== imageFileId) {
        purgeAfterCommit(await fileService.release(tx, [row.imageFileId]));
      }
    });
  }

  /** Deletes an item opened at `version`, and its picture's bytes after the commit. */
  async function deleteInfoItem(id: string, version: number, tabId?: string) {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["info"], tabId, async ({ tx, fileService, purgeAfterCommit }) => {
      await claimVersion(tx, infoItems, id, version);
      const [row] = await tx.delete(infoItems).where(eq(infoItems.id, id)).returning();
      if (row?.imageFileId) purgeAfterCommit(await fileService.release(tx, [row.imageFileId]));
    });
  }

  /**
   * Puts an item first. Moving is not an edit of its content, so it leaves the version (and open edit
   * forms) and the time of the last change alone (the column would otherwise take the update's time).
   */
  async function moveInfoItemToTop(id: string, tabId?: string) {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["info"], tabId, async ({ tx }) => {
      const moved = await tx
        .update(infoItems)
        .set({ sortAt: new Date(), updatedAt: sql`${infoItems.updatedAt}` })
        .where(eq(infoItems.id, id))
        .returning({ id: infoItems.id });
      if (!moved.length) throw new NotFoundError();
    });
  }

  return { createInfoItem, updateInfoItem, deleteInfoItem, moveInfoItemToTop };
}

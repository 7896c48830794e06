import { eq, sql } from "drizzle-orm";
import { ALT_TEXT_TOO_LONG, MAX_ALT_TEXT_LENGTH, normalizeAltText } from "#app/domain/alt-text";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { isoToday } from "#app/domain/format";
import { isIsoDay } from "#app/domain/forms/day";
import type { InfoItemPlace } from "#app/domain/info-item-places";
import { infoItemLabel, isInfoItemLink, type InfoItemInput, type InfoItemKind } from "#app/domain/forms/info-item";
import { infoItems } from "../db/schema";
import { isUuid } from "../files/files.server";
import {
  claimVersion,
  FieldRuleError,
  NotFoundError,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import { syncFileVisibility } from "./publication.server";
import { publicationSet, storedPublication } from "#app/domain/publication";
import type { HomeItemData } from "../records/home-item.server";

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

/** The link and day as stored, refused as the form refuses them (a restore or a caller may skip the form). */
function storedNews(input: InfoItemInput): { link: string | null; datedOn: string | undefined } {
  const link = input.link?.trim() || null;
  if (link !== null && !isInfoItemLink(link)) throw new FieldRuleError("link", ADMIN_MESSAGES.infoLink);
  if (input.datedOn !== undefined && !isIsoDay(input.datedOn)) {
    throw new FieldRuleError("datedOn", ADMIN_MESSAGES.infoDate);
  }
  return { link, datedOn: input.datedOn };
}

/** A slide's button words and eyebrow, trimmed; none for other kinds, which have neither. */
function slideWords(type: InfoItemKind, input: InfoItemInput): { linkLabel: string | null; eyebrow: string | null } {
  if (type !== "slide") return { linkLabel: null, eyebrow: null };
  return { linkLabel: input.linkLabel?.trim() || null, eyebrow: input.eyebrow?.trim() || null };
}

function placeOf(onHomePage: boolean | undefined): InfoItemPlace | undefined {
  return onHomePage === undefined ? undefined : onHomePage ? "home" : "news";
}

/** A home page item revision as its form saves it: no picture in it means none (a card's is removed). */
function homeItemInput(data: HomeItemData): InfoItemInput {
  return {
    heading: data.heading ?? undefined,
    content: data.content ?? undefined,
    imageFileId: data.imageFileId ?? undefined,
    imageAlt: data.imageAlt,
    ...(data.imageFileId ? {} : { removeImage: "on" as const }),
    link: data.link ?? undefined,
    linkLabel: data.linkLabel ?? undefined,
    eyebrow: data.eyebrow ?? undefined,
    datedOn: data.datedOn,
    shownOn: placeOf(data.onHomePage),
  };
}

/** The home page's info items as the dashboard writes them. */
export function createInfoItemAdmin({ write }: { write: AdminWrite }) {
  /** Adds an item at the top of the home page; returns its id. */
  async function createInfoItem(
    type: InfoItemKind,
    input: InfoItemInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<string> {
    const imageAlt = storedAltText(input.imageFileId, input.imageAlt);
    const { link, datedOn } = storedNews(input);
    return write(
      ["info"],
      origin,
      async ({ tx, fileService, audit }) => {
        if (input.imageFileId) await fileService.claim(tx, [input.imageFileId], { images: true });
        const [row] = await tx
          .insert(infoItems)
          .values({
            id: restoring?.recordId,
            type,
            heading: input.heading ?? null,
            content: input.content ?? null,
            imageFileId: input.imageFileId ?? null,
            imageAlt,
            link,
            ...slideWords(type, input),
            datedOn: datedOn ?? isoToday(),
            onHomePage: input.shownOn !== "news",
            ...publicationSet(input.publication),
          })
          .returning({ id: infoItems.id });
        if (!row) throw new Error("Insert returned no row");
        const label = infoItemLabel(type, input.heading, input.content);
        await audit({ kind: "created", record: { type: "home-item", id: row.id, label } });
        await syncFileVisibility(tx, "home-item", row.id);
        return row.id;
      },
      restoring,
    );
  }

  /**
   * Saves an item opened at `version`. Its type never changes, so fields another type would use are
   * dropped; a new upload replaces the picture, `removeImage` drops a card's, and the old picture's
   * bytes go once the save has committed.
   */
  async function updateInfoItem(
    id: string,
    version: number,
    input: InfoItemInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ) {
    if (!isUuid(id)) throw new NotFoundError();
    const { link, datedOn } = storedNews(input);
    await write(
      ["info"],
      origin,
      async ({ tx, fileService, purgeAfterCommit, audit }) => {
        await claimVersion(tx, infoItems, id, version);
        const [row] = await tx.select().from(infoItems).where(eq(infoItems.id, id));
        if (!row) throw new NotFoundError();
        const heading = row.type === "card" || row.type === "slide" ? input.heading : null;
        const label = infoItemLabel(row.type, heading, row.type === "image" ? null : input.content);
        await audit({ kind: "updated", record: { type: "home-item", id, label } });
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
            heading: heading ?? null,
            ...slideWords(row.type, input),
            content: row.type === "image" ? null : (input.content ?? null),
            imageFileId,
            imageAlt: storedAltText(imageFileId, input.imageAlt),
            link,
            datedOn: datedOn ?? row.datedOn,
            onHomePage: input.shownOn ? input.shownOn === "home" : row.onHomePage,
            ...publicationSet(input.publication),
            updatedAt: new Date(),
          })
          .where(eq(infoItems.id, id));
        if (row.imageFileId && row.imageFileId !== imageFileId) {
          purgeAfterCommit(await fileService.release(tx, [row.imageFileId]));
        }
        await syncFileVisibility(tx, "home-item", id);
      },
      restoring,
    );
  }

  /** Deletes an item opened at `version`, and its picture's bytes after the commit. */
  async function deleteInfoItem(id: string, version: number, origin: WriteOrigin) {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["info"], origin, async ({ tx, fileService, purgeAfterCommit, audit }) => {
      await claimVersion(tx, infoItems, id, version);
      const [current] = await tx.select().from(infoItems).where(eq(infoItems.id, id));
      if (!current) throw new NotFoundError();
      const label = infoItemLabel(current.type, current.heading, current.content);
      await audit({ kind: "deleted", record: { type: "home-item", id, label } });
      const [row] = await tx.delete(infoItems).where(eq(infoItems.id, id)).returning();
      if (!row) throw new NotFoundError();
      if (row.imageFileId) purgeAfterCommit(await fileService.release(tx, [row.imageFileId]));
    });
  }

  /**
   * Puts an item first. Moving is not an edit of its content, so it leaves the version (and open edit
   * forms) and the time of the last change alone (the column would otherwise take the update's time).
   */
  async function moveInfoItemToTop(id: string, origin: WriteOrigin) {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["info"], origin, async ({ tx, audit }) => {
      const [moved] = await tx
        .update(infoItems)
        .set({ sortAt: new Date(), updatedAt: sql`${infoItems.updatedAt}` })
        .where(eq(infoItems.id, id))
        .returning();
      if (!moved) throw new NotFoundError();
      await audit({
        kind: "moved-to-top",
        record: { type: "home-item", id, label: infoItemLabel(moved.type, moved.heading, moved.content) },
      });
    });
  }

  const restorer: Restorer<HomeItemData> = {
    restoreRevision: (id, version, data, origin, restoring) =>
      updateInfoItem(id, version, homeItemInput(data), origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      const input = { ...homeItemInput(data), publication: storedPublication(data.publication) };
      await createInfoItem(data.type, input, origin, restoring);
    },
  };

  return { createInfoItem, updateInfoItem, deleteInfoItem, moveInfoItemToTop, ...restorer };
}
export type InfoItemAdmin = ReturnType<typeof createInfoItemAdmin>;

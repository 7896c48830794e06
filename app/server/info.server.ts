import { desc, eq } from "drizzle-orm";
import { files, infoItems, type InfoItemType } from "./db/schema";
import { fileUrl } from "./files.server";
import { notifyChange } from "./live.server";
import { runtime } from "./runtime.server";

export interface InfoItemView {
  id: string;
  type: InfoItemType;
  heading: string | null;
  content: string | null;
  image: { fileId: string; url: string; width: number | null; height: number | null } | null;
  sortAt: string;
}

/** Home-page items, most recently added or moved to the top first. */
export async function listInfoItems(): Promise<InfoItemView[]> {
  const rows = await runtime()
    .database.db.select({ item: infoItems, file: files })
    .from(infoItems)
    .leftJoin(files, eq(files.id, infoItems.imageFileId))
    .orderBy(desc(infoItems.sortAt), desc(infoItems.id));
  return rows.map(({ item, file }) => ({
    id: item.id,
    type: item.type,
    heading: item.heading,
    content: item.content,
    image: file ? { fileId: file.id, url: fileUrl(file), width: file.width, height: file.height } : null,
    sortAt: item.sortAt.toISOString(),
  }));
}

export interface NewInfoItem {
  type: InfoItemType;
  heading?: string | null;
  content?: string | null;
  /** A staged upload's id; it becomes the item's image. */
  imageFileId?: string | null;
}

/**
 * Adds a home-page item at the top, in one transaction with claiming its image and announcing the
 * change. `origin` names the browser tab that asked, so it is not told about its own write.
 */
export async function createInfoItem(input: NewInfoItem, origin?: string): Promise<string> {
  const { database, files } = runtime();
  return database.db.transaction(async (tx) => {
    if (input.imageFileId) await files.claim(tx, [input.imageFileId], { images: true });
    const [row] = await tx
      .insert(infoItems)
      .values({
        type: input.type,
        heading: input.heading ?? null,
        content: input.content ?? null,
        imageFileId: input.imageFileId ?? null,
      })
      .returning({ id: infoItems.id });
    if (!row) throw new Error("Insert returned no row");
    await notifyChange(tx, ["info"], origin);
    return row.id;
  });
}

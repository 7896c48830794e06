import { INFO_ITEM_PLACE_NAMES } from "#app/domain/info-item-places";
import { eq, sql } from "drizzle-orm";
import { INFO_ITEM_TYPE_NAMES, infoItemLabel, type InfoItemKind } from "#app/domain/forms/info-item";
import { publicationLabel, publicationState, type PublicationState } from "#app/domain/publication";
import type { Queryable } from "../db/client.server";
import { infoItems } from "../db/schema";
import { isUuid } from "../files/files.server";
import {
  duePublication,
  fileLine,
  filesById,
  oneByOne,
  scheduledAndDue,
  syncOwnFiles,
  type RecordKind,
  type Snapshot,
} from "./kind.server";

/** What a home page item revision restores. */
export interface HomeItemData {
  type: InfoItemKind;
  heading: string | null;
  content: string | null;
  imageFileId: string | null;
  imageAlt: string;
  /** Absent from revisions saved before items had links, dates and places. */
  link?: string | null;
  linkLabel?: string | null;
  eyebrow?: string | null;
  datedOn?: string;
  onHomePage?: boolean;
  sortAt: string;
  publication?: PublicationState;
}

async function homeItemSnapshot(tx: Queryable, id: string): Promise<Snapshot<HomeItemData> | undefined> {
  const [row] = await tx.select().from(infoItems).where(eq(infoItems.id, id));
  if (!row) return undefined;
  const named = await filesById(tx, [row.imageFileId]);
  return {
    label: infoItemLabel(row.type, row.heading, row.content),
    view: {
      fields: [
        ["Kind", INFO_ITEM_TYPE_NAMES[row.type]],
        ["Heading", row.heading ?? ""],
        ["Text", row.content ?? ""],
        ["Picture", fileLine(row.imageFileId ? named.get(row.imageFileId) : null)],
        ["Picture description", row.imageAlt],
        ...(row.type === "slide"
          ? [
              ["Eyebrow", row.eyebrow ?? ""] satisfies [string, string],
              ["Button", row.linkLabel ?? ""] satisfies [string, string],
            ]
          : []),
        ["Link", row.link ?? ""],
        // A slide is not news: it has no day or place of its own.
        ...(row.type === "slide"
          ? []
          : [
              ["Date", row.datedOn] satisfies [string, string],
              ["Shown on", INFO_ITEM_PLACE_NAMES[row.onHomePage ? "home" : "news"]] satisfies [string, string],
            ]),
        ["Status", publicationLabel(publicationState(row))],
      ],
      lists: [],
    },
    data: {
      type: row.type,
      heading: row.heading,
      content: row.content,
      imageFileId: row.imageFileId,
      imageAlt: row.imageAlt,
      link: row.link,
      linkLabel: row.linkLabel,
      eyebrow: row.eyebrow,
      datedOn: row.datedOn,
      onHomePage: row.onHomePage,
      sortAt: row.sortAt.toISOString(),
      publication: publicationState(row),
    },
    files: row.imageFileId ? [row.imageFileId] : [],
  };
}

/** The home page's items: revisions, History, Recently deleted, drafts and schedules. */
export const homeItemRecords = {
  snapshots: oneByOne(homeItemSnapshot),
  async current(db, id) {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(infoItems).where(eq(infoItems.id, id));
    return row ? { version: row.version, label: infoItemLabel(row.type, row.heading, row.content) } : null;
  },
  publication: {
    topic: "info",
    due: scheduledAndDue(infoItems),
    async publishDue(tx) {
      const { where, set } = duePublication(infoItems);
      const rows = await tx
        .update(infoItems)
        .set(set)
        .where(where)
        .returning({ id: infoItems.id, type: infoItems.type, heading: infoItems.heading, content: infoItems.content });
      return rows.map((row) => ({ id: row.id, label: infoItemLabel(row.type, row.heading, row.content) }));
    },
    syncFiles: (tx, id) =>
      syncOwnFiles(
        tx,
        infoItems,
        id,
        sql`select ${infoItems.imageFileId} from ${infoItems} where ${infoItems.id} = ${id}`,
      ),
  },
} satisfies RecordKind<HomeItemData>;

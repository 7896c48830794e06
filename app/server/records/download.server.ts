import { eq, sql } from "drizzle-orm";
import { publicationLabel, publicationState, type PublicationState } from "#app/domain/publication";
import { downloadKindLabel, type DownloadKind } from "#app/domain/download-kinds";
import type { Queryable } from "../db/client.server";
import { downloads, files } from "../db/schema";
import {
  duePublication,
  fileLine,
  oneByOne,
  scheduledAndDue,
  syncOwnFiles,
  versionAndName,
  type RecordKind,
  type Snapshot,
} from "./kind.server";

/** What a general download revision restores. */
export interface DownloadData {
  description: string;
  /** Kept since downloads have kinds (decision 074): absent, the row's own stays. */
  kind?: DownloadKind;
  fileId: string;
  publication?: PublicationState;
}

async function downloadSnapshot(tx: Queryable, id: string): Promise<Snapshot<DownloadData> | undefined> {
  const [row] = await tx
    .select({ download: downloads, file: files })
    .from(downloads)
    .innerJoin(files, eq(files.id, downloads.fileId))
    .where(eq(downloads.id, id));
  if (!row) return undefined;
  return {
    label: row.download.description,
    view: {
      fields: [
        ["Description", row.download.description],
        ["Type", downloadKindLabel(row.download.kind)],
        ["File", fileLine(row.file)],
        ["Status", publicationLabel(publicationState(row.download))],
      ],
      lists: [],
    },
    data: {
      description: row.download.description,
      kind: row.download.kind,
      fileId: row.download.fileId,
      publication: publicationState(row.download),
    },
    files: [row.download.fileId],
  };
}

/** General downloads: revisions, History, Recently deleted, drafts and schedules. */
export const downloadRecords = {
  snapshots: oneByOne(downloadSnapshot),
  current: (db, id) => versionAndName(db, downloads, downloads.description, id),
  publication: {
    topic: "downloads",
    due: scheduledAndDue(downloads),
    publishDue(tx) {
      const { where, set } = duePublication(downloads);
      return tx.update(downloads).set(set).where(where).returning({ id: downloads.id, label: downloads.description });
    },
    syncFiles: (tx, id) =>
      syncOwnFiles(tx, downloads, id, sql`select ${downloads.fileId} from ${downloads} where ${downloads.id} = ${id}`),
  },
} satisfies RecordKind<DownloadData>;

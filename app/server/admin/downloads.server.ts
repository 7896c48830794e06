import { eq, or } from "drizzle-orm";
import { DASHBOARD_PAGE_SIZE, pageOf, type Paged } from "#app/domain/paging";
import { normalizeSearchQuery } from "#app/domain/search";
import { holdsText } from "../platform/text-pattern.server";
import { naturalCompare } from "#app/domain/format";
import type { AdminDownload, EditDownloadInput, NewDownloadInput } from "#app/domain/forms/download";
import { fileView } from "../files/file-views.server";
import { downloads, files } from "../db/schema";
import { isUuid } from "../files/files.server";
import type { Database } from "../db/client.server";
import {
  claimVersion,
  NotFoundError,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import { syncFileVisibility } from "./publication.server";
import {
  publicationSet,
  publicationState,
  storedPublication,
  type Publication,
  type PublicationState,
} from "#app/domain/publication";
import type { DownloadData } from "../records/download.server";
import type { DownloadKind } from "#app/domain/download-kinds";

/** What a save asks of the record's publication; absent: an edit keeps it, a new record is published. */
interface Publishing {
  publication?: Publication;
}

const columns = {
  id: downloads.id,
  description: downloads.description,
  kind: downloads.kind,
  version: downloads.version,
  status: downloads.status,
  publishAt: downloads.publishAt,
  file: files,
};

function toView(row: {
  id: string;
  description: string;
  kind: DownloadKind;
  version: number;
  status: PublicationState["status"];
  publishAt: Date | null;
  file: typeof files.$inferSelect;
}): AdminDownload {
  return {
    id: row.id,
    description: row.description,
    kind: row.kind,
    version: row.version,
    file: fileView(row.file),
    publication: publicationState(row),
  };
}

/** The general downloads as the dashboard lists and writes them. */
export function createDownloadAdmin({ db, write }: { db: Database; write: AdminWrite }) {
  /**
   * A page of the general downloads by description, in the order /support lists them (locale-aware,
   * numeric); with `search`, only those whose description or file name holds it in any letter case.
   * The order is not SQL's: the page is cut from every match, sorted here.
   */
  async function listGeneralDownloads(options: { search?: string; page?: number } = {}): Promise<Paged<AdminDownload>> {
    const term = normalizeSearchQuery(options.search ?? "");
    const rows = await db
      .select(columns)
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(term ? or(holdsText(downloads.description, term), holdsText(files.originalName, term)) : undefined);
    const sorted = rows
      .map(toView)
      .sort((a, b) => naturalCompare(a.description, b.description) || a.id.localeCompare(b.id));
    return pageOf(sorted, options.page ?? 1, DASHBOARD_PAGE_SIZE);
  }

  async function getGeneralDownload(id: string): Promise<AdminDownload | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select(columns)
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(eq(downloads.id, id));
    return row ? toView(row) : undefined;
  }

  /**
   * Creates a general download from a staged file, in one transaction: the file is claimed (a file that
   * is gone throws MissingFileError and nothing is written). Returns the new download's id.
   */
  async function createGeneralDownload(
    input: Omit<NewDownloadInput, "kind"> & Partial<Pick<NewDownloadInput, "kind">> & Publishing,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<string> {
    return write(
      ["downloads"],
      origin,
      async ({ tx, fileService, audit }) => {
        const [file] = await fileService.claim(tx, [input.fileId]);
        if (!file) throw new Error("claim returned no file");
        const [row] = await tx
          .insert(downloads)
          .values({
            id: restoring?.recordId,
            description: input.description,
            kind: input.kind,
            fileId: file.id,
            ...publicationSet(input.publication),
          })
          .returning({ id: downloads.id });
        if (!row) throw new Error("Insert returned no row");
        await audit({ kind: "created", record: { type: "download", id: row.id, label: input.description } });
        await syncFileVisibility(tx, "download", row.id);
        return row.id;
      },
      restoring,
    );
  }

  /**
   * Saves an edit made on the version the form was opened at (ConflictError if someone saved since,
   * NotFoundError if it is gone). A replacement file is claimed and the old one released: its bytes
   * go once the transaction has committed.
   */
  async function editGeneralDownload(
    id: string,
    input: EditDownloadInput & Publishing,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(
      ["downloads"],
      origin,
      async ({ tx, fileService, purgeAfterCommit, audit }) => {
        await claimVersion(tx, downloads, id, input.version);
        await audit({ kind: "updated", record: { type: "download", id, label: input.description } });
        const [current] = await tx.select({ fileId: downloads.fileId }).from(downloads).where(eq(downloads.id, id));
        if (!current) throw new NotFoundError();
        const replacement = input.fileId ? input.fileId : undefined;
        if (replacement && replacement !== current.fileId) {
          await fileService.claim(tx, [replacement]);
          await tx
            .update(downloads)
            .set({
              description: input.description,
              kind: input.kind,
              fileId: replacement,
              ...publicationSet(input.publication),
            })
            .where(eq(downloads.id, id));
          purgeAfterCommit(await fileService.release(tx, [current.fileId]));
        } else {
          await tx
            .update(downloads)
            .set({ description: input.description, kind: input.kind, ...publicationSet(input.publication) })
            .where(eq(downloads.id, id));
        }
        await syncFileVisibility(tx, "download", id);
      },
      restoring,
    );
  }

  /** Deletes a download opened at `version`, and its file (bytes removed after the commit). */
  async function deleteGeneralDownload(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["downloads"], origin, async ({ tx, fileService, purgeAfterCommit, audit }) => {
      await claimVersion(tx, downloads, id, version);
      const [current] = await tx.select().from(downloads).where(eq(downloads.id, id));
      if (!current) throw new NotFoundError();
      await audit({ kind: "deleted", record: { type: "download", id, label: current.description } });
      const [deleted] = await tx.delete(downloads).where(eq(downloads.id, id)).returning({ fileId: downloads.fileId });
      if (!deleted) throw new NotFoundError();
      purgeAfterCommit(await fileService.release(tx, [deleted.fileId]));
    });
  }

  const restorer: Restorer<DownloadData> = {
    restoreRevision: (id, version, data, origin, restoring) =>
      editGeneralDownload(
        id,
        { description: data.description, kind: data.kind, fileId: data.fileId, version },
        origin,
        restoring,
      ),
    async restoreDeleted(data, origin, restoring) {
      const publication = storedPublication(data.publication);
      await createGeneralDownload(
        { description: data.description, kind: data.kind, fileId: data.fileId, publication },
        origin,
        restoring,
      );
    },
  };

  return {
    listGeneralDownloads,
    getGeneralDownload,
    createGeneralDownload,
    editGeneralDownload,
    deleteGeneralDownload,
    ...restorer,
  };
}
export type DownloadAdmin = ReturnType<typeof createDownloadAdmin>;

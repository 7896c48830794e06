import { eq } from "drizzle-orm";
import { FIRMWARE_CHANNEL_NAMES, firmwareLabel } from "#app/domain/firmware";
import { naturalCompare } from "#app/domain/format";
import { publicationLabel, publicationState, type PublicationState } from "#app/domain/publication";
import type { Queryable } from "../db/client.server";
import { files, firmwareProducts, firmwareReleases, products } from "../db/schema";
import { isUuid } from "../files/files.server";
import {
  duePublication,
  fileLine,
  oneByOne,
  scheduledAndDue,
  syncReleaseFiles,
  type RecordKind,
  type Snapshot,
} from "./kind.server";

/** What a firmware release revision restores. */
export interface FirmwareData {
  releaseVersion: string;
  releasedOn: string;
  channel: "stable" | "beta";
  notes: string;
  fileId: string;
  /** Kept since releases have SBOMs (decision 074): older revisions had none. */
  sbom?: { fileId: string; format: string } | null;
  productIds: string[];
  publication?: PublicationState;
}

async function firmwareSnapshot(tx: Queryable, id: string): Promise<Snapshot<FirmwareData> | undefined> {
  const [row] = await tx
    .select({ release: firmwareReleases, file: files })
    .from(firmwareReleases)
    .innerJoin(files, eq(files.id, firmwareReleases.fileId))
    .where(eq(firmwareReleases.id, id));
  if (!row) return undefined;
  const { release } = row;
  const [sbomFile] = release.sbomFileId ? await tx.select().from(files).where(eq(files.id, release.sbomFileId)) : [];
  const linked = await tx
    .select({ id: products.id, model: products.model })
    .from(firmwareProducts)
    .innerJoin(products, eq(products.id, firmwareProducts.productId))
    .where(eq(firmwareProducts.releaseId, id));
  linked.sort((a, b) => naturalCompare(a.model, b.model));
  return {
    label: firmwareLabel(release),
    view: {
      fields: [
        ["Version", release.releaseVersion],
        ["Release date", release.releasedOn],
        ["Channel", FIRMWARE_CHANNEL_NAMES[release.channel]],
        ["Release notes", release.notes],
        ["File", fileLine(row.file)],
        ["SBOM", sbomFile ? `${release.sbomFormat}: ${fileLine(sbomFile)}` : "None"],
        ["Status", publicationLabel(publicationState(release))],
      ],
      lists: [["Products", linked.map((product) => product.model)]],
    },
    data: {
      releaseVersion: release.releaseVersion,
      releasedOn: release.releasedOn,
      channel: release.channel,
      notes: release.notes,
      fileId: release.fileId,
      sbom: release.sbomFileId ? { fileId: release.sbomFileId, format: release.sbomFormat } : null,
      productIds: linked.map((product) => product.id),
      publication: publicationState(release),
    },
    files: [release.fileId, ...(release.sbomFileId ? [release.sbomFileId] : [])],
  };
}

/** Firmware releases: revisions, History, Recently deleted, drafts and schedules. */
export const firmwareRecords = {
  snapshots: oneByOne(firmwareSnapshot),
  async current(db, id) {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({
        version: firmwareReleases.version,
        releaseVersion: firmwareReleases.releaseVersion,
        channel: firmwareReleases.channel,
      })
      .from(firmwareReleases)
      .where(eq(firmwareReleases.id, id));
    return row ? { version: row.version, label: firmwareLabel(row) } : null;
  },
  publication: {
    topic: "firmware",
    due: scheduledAndDue(firmwareReleases),
    async publishDue(tx) {
      const { where, set } = duePublication(firmwareReleases);
      const rows = await tx.update(firmwareReleases).set(set).where(where).returning({
        id: firmwareReleases.id,
        releaseVersion: firmwareReleases.releaseVersion,
        channel: firmwareReleases.channel,
      });
      return rows.map((row) => ({ id: row.id, label: firmwareLabel(row) }));
    },
    /** Its file is public only while it is published for a published product (syncReleaseFiles). */
    syncFiles: (tx, id) => syncReleaseFiles(tx, [id]),
  },
} satisfies RecordKind<FirmwareData>;

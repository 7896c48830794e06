import { asc, eq, inArray, max } from "drizzle-orm";
import { ADVISORY_FIRST_NOTE, type AdvisoryStatus } from "#app/domain/advisory";
import { naturalCompare } from "#app/domain/format";
import { publicationLabel, publicationState, type PublicationState } from "#app/domain/publication";
import type { Queryable } from "../db/client.server";
import { advisories, advisoryProducts, advisoryRevisions, firmwareReleases, products } from "../db/schema";
import { isUuid } from "../files/files.server";
import { duePublication, oneByOne, scheduledAndDue, type RecordKind, type Snapshot } from "./kind.server";

/** What an advisory's revision (of the dashboard's History) restores. */
export interface AdvisoryData {
  trackingId: string;
  title: string;
  summary: string;
  details: string;
  cveIds: string[];
  cvssV31: string;
  cvssV40: string;
  workaround: string;
  acknowledgments: string;
  advisoryStatus: AdvisoryStatus;
  products: { productId: string; affectedVersions: string; fixedReleaseId: string | null }[];
  /** Its published revisions: a deleted advisory brought back has them again. */
  revisions: { number: number; publishedAt: string; note: string }[];
  pendingNote: string;
  publication: PublicationState;
}

/** How the dashboard and History name an advisory. */
export function advisoryLabel(row: { trackingId: string; title: string }): string {
  return `${row.trackingId}: ${row.title}`;
}

/** The next revision of `advisoryId` published now, with `note` (the first's, when none is given). */
export async function addAdvisoryRevision(tx: Queryable, advisoryId: string, note: string): Promise<number> {
  const [latest] = await tx
    .select({ number: max(advisoryRevisions.number) })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.advisoryId, advisoryId));
  const number = (latest?.number ?? 0) + 1;
  await tx.insert(advisoryRevisions).values({ advisoryId, number, note: note || ADVISORY_FIRST_NOTE });
  return number;
}

/**
 * An advisory as stored: its row, its products (with their models and fixing versions, in its order)
 * and its published revisions; what History keeps and the dashboard edits are both read from it.
 */
export async function readAdvisory(tx: Queryable, id: string) {
  if (!isUuid(id)) return undefined;
  const [advisory] = await tx.select().from(advisories).where(eq(advisories.id, id));
  if (!advisory) return undefined;
  const affected = await tx
    .select({
      productId: advisoryProducts.productId,
      model: products.model,
      affectedVersions: advisoryProducts.affectedVersions,
      fixedReleaseId: advisoryProducts.fixedReleaseId,
      fixedVersion: firmwareReleases.releaseVersion,
    })
    .from(advisoryProducts)
    .innerJoin(products, eq(products.id, advisoryProducts.productId))
    .leftJoin(firmwareReleases, eq(firmwareReleases.id, advisoryProducts.fixedReleaseId))
    .where(eq(advisoryProducts.advisoryId, id))
    .orderBy(asc(advisoryProducts.position));
  const revisions = await tx
    .select()
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.advisoryId, id))
    .orderBy(asc(advisoryRevisions.number));
  const data: AdvisoryData = {
    trackingId: advisory.trackingId,
    title: advisory.title,
    summary: advisory.summary,
    details: advisory.details,
    cveIds: advisory.cveIds,
    cvssV31: advisory.cvssV31,
    cvssV40: advisory.cvssV40,
    workaround: advisory.workaround,
    acknowledgments: advisory.acknowledgments,
    advisoryStatus: advisory.advisoryStatus,
    products: affected.map(({ productId, affectedVersions, fixedReleaseId }) => ({
      productId,
      affectedVersions,
      fixedReleaseId,
    })),
    revisions: revisions.map((revision) => ({
      number: revision.number,
      publishedAt: revision.publishedAt.toISOString(),
      note: revision.note,
    })),
    pendingNote: advisory.pendingNote,
    publication: publicationState(advisory),
  };
  return { advisory, affected, data };
}

async function advisorySnapshot(tx: Queryable, id: string): Promise<Snapshot<AdvisoryData> | undefined> {
  const read = await readAdvisory(tx, id);
  if (!read) return undefined;
  const { advisory, affected, data } = read;
  return {
    label: advisoryLabel(advisory),
    view: {
      fields: [
        ["Id", advisory.trackingId],
        ["Title", advisory.title],
        ["Summary", advisory.summary],
        ["Details", advisory.details],
        ["CVE ids", advisory.cveIds.join(", ")],
        ["CVSS 3.1", advisory.cvssV31],
        ["CVSS 4.0", advisory.cvssV40],
        ["Workaround", advisory.workaround],
        ["Acknowledgments", advisory.acknowledgments],
        ["Advisory status", advisory.advisoryStatus === "final" ? "Final" : "Interim"],
        ["Status", publicationLabel(data.publication)],
      ],
      lists: [
        [
          "Affected products",
          [...affected]
            .sort((a, b) => naturalCompare(a.model, b.model))
            // The range as the editor wrote it, as the form shows it: what a revision's difference compares.
            .map(
              (product) =>
                `${product.model}: ${product.affectedVersions}${
                  product.fixedVersion ? `; fixed in ${product.fixedVersion}` : "; no fix yet"
                }`,
            ),
        ],
        ["Revisions", data.revisions.map((revision) => `${revision.number}: ${revision.note}`)],
      ],
    },
    data,
    files: [],
  };
}

/** Security advisories: revisions, History, Recently deleted, drafts (embargo) and the schedule. */
export const advisoryRecords = {
  snapshots: oneByOne(advisorySnapshot),
  async current(db, id) {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({ version: advisories.version, trackingId: advisories.trackingId, title: advisories.title })
      .from(advisories)
      .where(eq(advisories.id, id));
    return row ? { version: row.version, label: advisoryLabel(row) } : null;
  },
  publication: {
    topic: "advisories",
    due: scheduledAndDue(advisories),
    /** Published at its disclosure time: its revision is added then, with the note it was saved with. */
    async publishDue(tx) {
      const { where, set } = duePublication(advisories);
      const due = await tx
        .select({ id: advisories.id, note: advisories.pendingNote })
        .from(advisories)
        .where(where)
        .for("update");
      if (!due.length) return [];
      const notes = new Map(due.map((row) => [row.id, row.note]));
      const rows = await tx
        .update(advisories)
        .set({ ...set, pendingNote: "" })
        .where(inArray(advisories.id, [...notes.keys()]))
        .returning({ id: advisories.id, trackingId: advisories.trackingId, title: advisories.title });
      for (const row of rows) await addAdvisoryRevision(tx, row.id, notes.get(row.id) ?? "");
      return rows.map((row) => ({ id: row.id, label: advisoryLabel(row) }));
    },
    // An advisory has no files.
    syncFiles: async () => {},
  },
} satisfies RecordKind<AdvisoryData>;

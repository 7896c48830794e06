import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { ADVISORY_MESSAGES, type AdvisoryFormValue } from "#app/domain/forms/advisory";
import { scoreCvss, type CvssVersion } from "#app/domain/cvss";
import { publicationSet, publicationState, storedPublication, type Publication } from "#app/domain/publication";
import type { Database, Queryable } from "../db/client.server";
import { advisories, advisoryProducts, advisoryRevisions, firmwareProducts, products } from "../db/schema";
import { isUuid } from "../files/files.server";
import { addAdvisoryRevision, advisoryLabel, readAdvisory, type AdvisoryData } from "../records/advisory.server";
import {
  claimVersion,
  breaksUnique,
  FieldRuleError,
  NotFoundError,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";

/** An advisory as its form saves it (checked by its schema; the vectors are scored here). */
export type AdvisoryInput = Omit<AdvisoryFormValue, "version"> & { publication?: Publication };

/** An advisory as the dashboard shows and edits it. */
export interface AdminAdvisory extends AdvisoryData {
  id: string;
  version: number;
  /** Each affected product's model, by id, as it is now. */
  models: Record<string, string>;
}

/**
 * Security advisories as the dashboard writes them (decision 075). Every save goes through the shared
 * write (audit, History, live updates); a save that leaves the advisory published adds a revision with
 * its note, as its scheduled publication does.
 */
export function createAdvisoryAdmin({ db, write }: { db: Database; write: AdminWrite }) {
  /**
   * The row's columns of `input`, its vectors scored once and written in the standard's order: a
   * field error for one the calculator cannot score, before anything is written.
   */
  function columns(input: AdvisoryInput) {
    const vector = (field: "cvssV31" | "cvssV40", version: CvssVersion) => {
      if (!input[field]) return "";
      const scored = scoreCvss(version, input[field]);
      if ("problem" in scored) throw new FieldRuleError(field, scored.problem);
      return scored.vector;
    };
    return {
      trackingId: input.trackingId,
      title: input.title,
      summary: input.summary,
      details: input.details,
      cveIds: input.cveIds,
      cvssV31: vector("cvssV31", "3.1"),
      cvssV40: vector("cvssV40", "4.0"),
      workaround: input.workaround,
      acknowledgments: input.acknowledgments,
      advisoryStatus: input.advisoryStatus,
    };
  }

  /** The affected products as rows: every product there, every fixing release one of its product's. */
  async function productRows(tx: Queryable, advisoryId: string, input: AdvisoryInput) {
    const wanted = input.products.filter((product) => isUuid(product.productId));
    const ids = [...new Set(wanted.map((product) => product.productId))];
    const found = ids.length
      ? await tx.select({ id: products.id, model: products.model }).from(products).where(inArray(products.id, ids))
      : [];
    const modelOf = new Map(found.map((row) => [row.id, row.model]));
    const present = wanted.filter((product) => modelOf.has(product.productId));
    if (!present.length) throw new FieldRuleError("products", ADVISORY_MESSAGES.productsRequired);
    const releaseIds = present.flatMap((product) =>
      product.fixedReleaseId && isUuid(product.fixedReleaseId) ? [product.fixedReleaseId] : [],
    );
    const links = releaseIds.length
      ? await tx
          .select({ releaseId: firmwareProducts.releaseId, productId: firmwareProducts.productId })
          .from(firmwareProducts)
          .where(inArray(firmwareProducts.releaseId, releaseIds))
      : [];
    const linked = new Set(links.map((link) => `${link.releaseId}:${link.productId}`));
    const seen = new Set<string>();
    return present.flatMap((product, position) => {
      if (seen.has(product.productId)) return [];
      seen.add(product.productId);
      const fixedReleaseId = product.fixedReleaseId || null;
      if (fixedReleaseId && !linked.has(`${fixedReleaseId}:${product.productId}`)) {
        throw new FieldRuleError(
          "products",
          ADVISORY_MESSAGES.releaseNotForProduct(modelOf.get(product.productId) ?? product.productId),
        );
      }
      return [
        {
          advisoryId,
          productId: product.productId,
          affectedVersions: product.affectedVersions,
          fixedReleaseId,
          position,
        },
      ];
    });
  }

  /**
   * Two saves of the same new id can both get this far; the unique index stops the second, and the
   * field says so. Another broken key (a restore racing a restore) stays what it is.
   */
  function takenId(error: unknown, trackingId: string): never {
    if (breaksUnique(error, "advisories_tracking_id_idx")) {
      throw new FieldRuleError("trackingId", ADVISORY_MESSAGES.idTaken(trackingId));
    }
    throw error;
  }

  /**
   * Creates an advisory, published now, later or a draft. One brought back from Recently deleted takes
   * its published revisions back (`revisions`): its readers' history is not rewritten.
   */
  async function create(
    input: AdvisoryInput,
    origin: WriteOrigin,
    restoring?: Restoring,
    revisions?: AdvisoryData["revisions"],
  ): Promise<string> {
    const values = columns(input);
    // A new record without a publication asked for is published (publicationSet).
    const published = (input.publication?.status ?? "published") === "published";
    try {
      return await write(
        ["advisories"],
        origin,
        async ({ tx, audit }) => {
          const [row] = await tx
            .insert(advisories)
            .values({
              id: restoring?.recordId,
              ...values,
              ...publicationSet(input.publication),
              pendingNote: published ? "" : input.revisionNote,
            })
            .returning({ id: advisories.id });
          if (!row) throw new Error("Insert returned no row");
          await tx.insert(advisoryProducts).values(await productRows(tx, row.id, input));
          if (revisions?.length) {
            await tx.insert(advisoryRevisions).values(
              revisions.map((revision) => ({
                advisoryId: row.id,
                number: revision.number,
                publishedAt: new Date(revision.publishedAt),
                note: revision.note,
              })),
            );
          }
          if (published && !revisions?.length) await addAdvisoryRevision(tx, row.id, input.revisionNote);
          await audit({ kind: "created", record: { type: "advisory", id: row.id, label: advisoryLabel(input) } });
          return row.id;
        },
        restoring,
      );
    } catch (error) {
      return takenId(error, input.trackingId);
    }
  }

  /**
   * Saves an edit over the version it was opened at. Published after the save, the advisory gets a new
   * revision, whose note is asked for once it has one already; a draft or scheduled one keeps the note
   * for its publication.
   */
  async function update(
    id: string,
    version: number,
    input: AdvisoryInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    const values = columns(input);
    try {
      await write(
        ["advisories"],
        origin,
        async ({ tx, audit }) => {
          await claimVersion(tx, advisories, id, version);
          const [current] = await tx
            .select({
              status: advisories.status,
              revised: sql<boolean>`exists (select 1 from ${advisoryRevisions} where ${advisoryRevisions.advisoryId} = ${id})`,
            })
            .from(advisories)
            .where(eq(advisories.id, id));
          if (!current) throw new NotFoundError();
          // Absent, the publication stays as it is (publicationSet).
          const published = (input.publication?.status ?? current.status) === "published";
          if (published && current.revised && !input.revisionNote) {
            throw new FieldRuleError("revisionNote", ADVISORY_MESSAGES.noteRequired);
          }
          await tx
            .update(advisories)
            .set({
              ...values,
              ...publicationSet(input.publication),
              pendingNote: published ? "" : input.revisionNote,
            })
            .where(eq(advisories.id, id));
          await tx.delete(advisoryProducts).where(eq(advisoryProducts.advisoryId, id));
          await tx.insert(advisoryProducts).values(await productRows(tx, id, input));
          if (published) await addAdvisoryRevision(tx, id, input.revisionNote);
          await audit({ kind: "updated", record: { type: "advisory", id, label: advisoryLabel(input) } });
        },
        restoring,
      );
    } catch (error) {
      takenId(error, input.trackingId);
    }
  }

  async function remove(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["advisories"], origin, async ({ tx, audit }) => {
      await claimVersion(tx, advisories, id, version);
      const [row] = await tx
        .select({ trackingId: advisories.trackingId, title: advisories.title })
        .from(advisories)
        .where(eq(advisories.id, id));
      if (!row) throw new NotFoundError();
      // Kept as it was before it goes: Recently deleted brings it back from that revision.
      await audit({ kind: "deleted", record: { type: "advisory", id, label: advisoryLabel(row) } });
      await tx.delete(advisories).where(eq(advisories.id, id));
    });
  }

  /** Every advisory, drafts too, newest first: the dashboard's list. */
  async function list() {
    const rows = await db.select().from(advisories).orderBy(desc(advisories.createdAt), asc(advisories.trackingId));
    return rows.map((row) => ({
      id: row.id,
      trackingId: row.trackingId,
      title: row.title,
      advisoryStatus: row.advisoryStatus,
      publication: publicationState(row),
    }));
  }

  async function get(id: string): Promise<AdminAdvisory | null> {
    const read = await readAdvisory(db, id);
    if (!read) return null;
    const { advisory, affected, data } = read;
    return {
      id: advisory.id,
      version: advisory.version,
      ...data,
      models: Object.fromEntries(affected.map((product) => [product.productId, product.model])),
    };
  }

  /** A revision's data as its form would save it; products deleted since drop out. */
  function inputOf(data: AdvisoryData, note: string): AdvisoryInput {
    return {
      trackingId: data.trackingId,
      title: data.title,
      summary: data.summary,
      details: data.details,
      cveIds: data.cveIds,
      cvssV31: data.cvssV31,
      cvssV40: data.cvssV40,
      workaround: data.workaround,
      acknowledgments: data.acknowledgments,
      advisoryStatus: data.advisoryStatus,
      products: data.products.map((product) => ({
        productId: product.productId,
        affectedVersions: product.affectedVersions,
        fixedReleaseId: product.fixedReleaseId ?? undefined,
      })),
      revisionNote: note,
    };
  }

  const restorer: Restorer<AdvisoryData> = {
    restoreRevision: (id, version, data, origin, restoring) =>
      update(id, version, inputOf(data, "An earlier version restored."), origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      await create(
        { ...inputOf(data, data.pendingNote), publication: storedPublication(data.publication) },
        origin,
        restoring,
        data.revisions,
      );
    },
  };

  return { list, get, create, update, remove, ...restorer };
}

export type AdvisoryAdmin = ReturnType<typeof createAdvisoryAdmin>;

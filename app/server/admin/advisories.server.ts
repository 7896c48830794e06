import { asc, desc, eq, inArray } from "drizzle-orm";
import { ADVISORY_MESSAGES, type AdvisoryFormValue } from "#app/domain/forms/advisory";
import { scoreCvss } from "#app/domain/cvss";
import { publicationSet, publicationState, storedPublication, type Publication } from "#app/domain/publication";
import type { Database, Queryable } from "../db/client.server";
import { advisories, advisoryProducts, advisoryRevisions, firmwareProducts, products } from "../db/schema";
import { isUuid } from "../files/files.server";
import { addAdvisoryRevision, advisoryLabel, type AdvisoryData } from "../records/advisory.server";
import {
  claimVersion,
  databaseError,
  FieldRuleError,
  NotFoundError,
  UNIQUE_VIOLATION,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";

/** An advisory as its form saves it (checked by its schema; the vectors are scored here). */
export type AdvisoryInput = Omit<AdvisoryFormValue, "version"> & { publication?: Publication };

/** An advisory as the dashboard shows and edits it. */
export interface AdminAdvisory extends Omit<AdvisoryData, "publication" | "revisions"> {
  id: string;
  version: number;
  publication: AdvisoryData["publication"];
  revisions: AdvisoryData["revisions"];
  /** Each affected product's model, by id, as it is now. */
  models: Record<string, string>;
}

/**
 * Security advisories as the dashboard writes them (decision 075). Every save goes through the shared
 * write (audit, History, live updates); a save that leaves the advisory published adds a revision with
 * its note, as its scheduled publication does.
 */
export function createAdvisoryAdmin({ db, write }: { db: Database; write: AdminWrite }) {
  /** The vectors scored: a field error for one the calculator cannot score. */
  function checkScores(input: AdvisoryInput) {
    for (const [field, version, vector] of [
      ["cvssV31", "3.1", input.cvssV31],
      ["cvssV40", "4.0", input.cvssV40],
    ] as const) {
      if (!vector) continue;
      const scored = scoreCvss(version, vector);
      if ("problem" in scored) throw new FieldRuleError(field, scored.problem);
    }
  }

  /** The vectors as the standard writes them. */
  function normalizedVector(version: "3.1" | "4.0", vector: string): string {
    if (!vector) return "";
    const scored = scoreCvss(version, vector);
    return "problem" in scored ? vector : scored.vector;
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

  function columns(input: AdvisoryInput) {
    return {
      trackingId: input.trackingId,
      title: input.title,
      summary: input.summary,
      details: input.details,
      cveIds: input.cveIds,
      cvssV31: normalizedVector("3.1", input.cvssV31),
      cvssV40: normalizedVector("4.0", input.cvssV40),
      workaround: input.workaround,
      acknowledgments: input.acknowledgments,
      advisoryStatus: input.advisoryStatus,
    };
  }

  /** A unique id taken by another advisory: the field says so. */
  function takenId(error: unknown, trackingId: string): never {
    if (databaseError(error)?.code === UNIQUE_VIOLATION) {
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
    checkScores(input);
    try {
      return await write(
        ["advisories"],
        origin,
        async ({ tx, audit }) => {
          const publishing = publicationSet(input.publication);
          const [row] = await tx
            .insert(advisories)
            .values({ id: restoring?.recordId, ...columns(input), ...publishing })
            .returning({ id: advisories.id, status: advisories.status });
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
          if (row.status === "published" && !revisions?.length) {
            await addAdvisoryRevision(tx, row.id, input.revisionNote);
          } else if (row.status !== "published") {
            await tx.update(advisories).set({ pendingNote: input.revisionNote }).where(eq(advisories.id, row.id));
          }
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
    checkScores(input);
    try {
      await write(
        ["advisories"],
        origin,
        async ({ tx, audit }) => {
          await claimVersion(tx, advisories, id, version);
          const [row] = await tx
            .update(advisories)
            .set({ ...columns(input), ...publicationSet(input.publication) })
            .where(eq(advisories.id, id))
            .returning({ status: advisories.status });
          if (!row) throw new NotFoundError();
          await tx.delete(advisoryProducts).where(eq(advisoryProducts.advisoryId, id));
          await tx.insert(advisoryProducts).values(await productRows(tx, id, input));
          const [published] = await tx
            .select({ number: advisoryRevisions.number })
            .from(advisoryRevisions)
            .where(eq(advisoryRevisions.advisoryId, id))
            .limit(1);
          if (row.status === "published") {
            if (published && !input.revisionNote) {
              throw new FieldRuleError("revisionNote", ADVISORY_MESSAGES.noteRequired);
            }
            await addAdvisoryRevision(tx, id, input.revisionNote);
            await tx.update(advisories).set({ pendingNote: "" }).where(eq(advisories.id, id));
          } else {
            await tx.update(advisories).set({ pendingNote: input.revisionNote }).where(eq(advisories.id, id));
          }
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
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(advisories).where(eq(advisories.id, id));
    if (!row) return null;
    const affected = await db
      .select({ row: advisoryProducts, model: products.model })
      .from(advisoryProducts)
      .innerJoin(products, eq(products.id, advisoryProducts.productId))
      .where(eq(advisoryProducts.advisoryId, id))
      .orderBy(asc(advisoryProducts.position));
    const revisions = await db
      .select()
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.advisoryId, id))
      .orderBy(asc(advisoryRevisions.number));
    return {
      id: row.id,
      version: row.version,
      trackingId: row.trackingId,
      title: row.title,
      summary: row.summary,
      details: row.details,
      cveIds: row.cveIds,
      cvssV31: row.cvssV31,
      cvssV40: row.cvssV40,
      workaround: row.workaround,
      acknowledgments: row.acknowledgments,
      advisoryStatus: row.advisoryStatus,
      pendingNote: row.pendingNote,
      publication: publicationState(row),
      products: affected.map(({ row: product }) => ({
        productId: product.productId,
        affectedVersions: product.affectedVersions,
        fixedReleaseId: product.fixedReleaseId,
      })),
      models: Object.fromEntries(affected.map(({ row: product, model }) => [product.productId, model])),
      revisions: revisions.map((revision) => ({
        number: revision.number,
        publishedAt: revision.publishedAt.toISOString(),
        note: revision.note,
      })),
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

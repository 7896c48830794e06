import { and, asc, desc, eq, inArray, lt, lte, max, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatFileSize, naturalCompare } from "#app/domain/format";
import {
  RECENTLY_DELETED_DAYS,
  revisionChanges,
  SETTINGS_ID,
  type RevisionChange,
  type RevisionedType,
  type RevisionView,
} from "#app/domain/revisions";
import type { Actor } from "../audit.server";
import { selectRows, type Database, type Queryable } from "../db/client.server";
import {
  categories,
  categoryFeatures,
  downloads,
  files,
  firmwareProducts,
  firmwareReleases,
  infoItems,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
  revisionFiles,
  revisions,
  siteSettings,
} from "../db/schema";
import { isUuid, type FileService } from "../files.server";
import { addToList } from "../lists.server";
import { INFO_ITEM_TYPE_NAMES } from "#app/domain/forms/info-item";
import { infoItemLabel } from "#app/domain/forms/info-item";
import { settingsFromStored, type SiteSettings } from "#app/domain/site";
import { publicationLabel, type PublicationState } from "#app/domain/publication";
import { FIRMWARE_CHANNEL_NAMES, firmwareLabel } from "#app/domain/firmware";
import { publicationState } from "./publication.server";

/** What a category revision restores. */
export interface CategoryData {
  name: string;
  description: string;
  features: { id: string; label: string }[];
}

/** What a product revision restores: the product row and every row that belongs to it. */
export interface ProductData {
  model: string;
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  ndaa: boolean;
  categoryId: string;
  imageFileId: string;
  imageAlt: string;
  featureIds: string[];
  images: { fileId: string; alt: string }[];
  downloads: { fileId: string; description: string }[];
  accessoryIds: string[];
  /** Kept since drafts exist: a deleted draft comes back a draft. */
  publication?: PublicationState;
  /** Kept since firmware exists: a deleted product comes back on the releases it was on. */
  firmwareReleaseIds?: string[];
}

export interface DownloadData {
  description: string;
  fileId: string;
  publication?: PublicationState;
}

export interface HomeItemData {
  type: "banner" | "card" | "image";
  heading: string | null;
  content: string | null;
  imageFileId: string | null;
  imageAlt: string;
  sortAt: string;
  publication?: PublicationState;
}

export type SettingsData = SiteSettings;

/** What a firmware release revision restores. */
export interface FirmwareData {
  releaseVersion: string;
  releasedOn: string;
  channel: "stable" | "beta";
  notes: string;
  fileId: string;
  productIds: string[];
  publication?: PublicationState;
}

export interface RevisionDataByType {
  product: ProductData;
  category: CategoryData;
  download: DownloadData;
  "home-item": HomeItemData;
  settings: SettingsData;
  firmware: FirmwareData;
}

/** A record's whole state, as a revision keeps it. */
interface Snapshot<Data> {
  label: string;
  view: RevisionView;
  data: Data;
  /** Every stored file the state needs. */
  files: string[];
}

type FileRow = typeof files.$inferSelect;
const FILE_BATCH = 5000;
const fileLine = (file: FileRow | null | undefined) =>
  file ? `${file.originalName} (${formatFileSize(file.size)})` : "";

async function filesById(tx: Queryable, ids: (string | null)[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const found = new Map<string, FileRow>();
  // In parts: a batch of products can name more files than one statement takes parameters.
  for (let start = 0; start < wanted.length; start += FILE_BATCH) {
    const rows = await tx
      .select()
      .from(files)
      .where(inArray(files.id, wanted.slice(start, start + FILE_BATCH)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

async function categorySnapshot(tx: Queryable, id: string): Promise<Snapshot<CategoryData> | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id));
  if (!row) return undefined;
  const features = (
    await tx
      .select({ id: categoryFeatures.id, label: categoryFeatures.label })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, id))
  ).sort((a, b) => naturalCompare(a.label, b.label));
  return {
    label: row.name,
    view: {
      fields: [
        ["Name", row.name],
        ["Description", row.description],
      ],
      lists: [["Features", features.map((feature) => feature.label)]],
    },
    data: { name: row.name, description: row.description, features },
    files: [],
  };
}

/** At most this many records' rows are asked for in one query (parameters have a limit). */
const SNAPSHOT_BATCH = 1000;

function grouped<Row extends { productId: string }>(rows: Row[]): Map<string, Omit<Row, "productId">[]> {
  const byProduct = new Map<string, Omit<Row, "productId">[]>();
  for (const { productId, ...rest } of rows) addToList(byProduct, productId, rest);
  return byProduct;
}

/** Products' whole states, a batch of them in seven queries (an import keeps thousands at once). */
async function productSnapshots(tx: Queryable, ids: string[]): Promise<Map<string, Snapshot<ProductData>>> {
  const snapshots = new Map<string, Snapshot<ProductData>>();
  for (let start = 0; start < ids.length; start += SNAPSHOT_BATCH) {
    const batch = ids.slice(start, start + SNAPSHOT_BATCH);
    const rows = await tx
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, batch));
    if (!rows.length) continue;
    const featuresOf = grouped(
      await tx
        .select({ productId: productFeatures.productId, id: categoryFeatures.id, label: categoryFeatures.label })
        .from(productFeatures)
        .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId))
        .where(inArray(productFeatures.productId, batch)),
    );
    const imagesOf = grouped(
      await tx
        .select({ productId: productImages.productId, fileId: productImages.fileId, alt: productImages.alt })
        .from(productImages)
        .where(inArray(productImages.productId, batch))
        .orderBy(asc(productImages.position)),
    );
    const downloadsOf = grouped(
      await tx
        .select({
          productId: productDownloads.productId,
          fileId: productDownloads.fileId,
          description: productDownloads.description,
        })
        .from(productDownloads)
        .where(inArray(productDownloads.productId, batch))
        .orderBy(asc(productDownloads.position)),
    );
    const other = alias(products, "other");
    const accessoryRows = await tx
      .select({ productA: productAccessories.productA, productB: productAccessories.productB, model: other.model })
      .from(productAccessories)
      .innerJoin(
        other,
        sql`${other.id} = case when ${inArray(productAccessories.productA, batch)} then ${productAccessories.productB} else ${productAccessories.productA} end`,
      )
      .where(or(inArray(productAccessories.productA, batch), inArray(productAccessories.productB, batch)));
    const releasesOf = grouped(
      await tx
        .select({ productId: firmwareProducts.productId, id: firmwareProducts.releaseId })
        .from(firmwareProducts)
        .where(inArray(firmwareProducts.productId, batch)),
    );
    const inBatch = new Set(batch);
    const accessoriesOf = new Map<string, { id: string; model: string }[]>();
    const link = (productId: string, accessory: { id: string; model: string }) =>
      addToList(accessoriesOf, productId, accessory);
    for (const { productA, productB, model } of accessoryRows) {
      // The join named the side outside the batch (or productB when both are in it).
      if (inBatch.has(productA)) link(productA, { id: productB, model });
      if (inBatch.has(productB)) {
        link(productB, { id: productA, model: inBatch.has(productA) ? "" : model });
      }
    }
    const named = await filesById(
      tx,
      rows.flatMap(({ product }) => [
        product.imageFileId,
        ...(imagesOf.get(product.id) ?? []).map((image) => image.fileId),
        ...(downloadsOf.get(product.id) ?? []).map((file) => file.fileId),
      ]),
    );
    const modelOf = new Map(rows.map(({ product }) => [product.id, product.model]));
    for (const { product, categoryName } of rows) {
      const id = product.id;
      const features = (featuresOf.get(id) ?? []).sort((a, b) => naturalCompare(a.label, b.label));
      const images = imagesOf.get(id) ?? [];
      const productFiles = downloadsOf.get(id) ?? [];
      const accessories = (accessoriesOf.get(id) ?? [])
        .map((accessory) => ({ id: accessory.id, model: accessory.model || (modelOf.get(accessory.id) ?? "") }))
        .sort((a, b) => naturalCompare(a.model, b.model));
      snapshots.set(id, {
        label: product.model,
        view: {
          fields: [
            ["Model", product.model],
            ["Category", categoryName],
            ["Description", product.description],
            ["Specifications", product.specs ?? ""],
            ["NDAA compliant", product.ndaa ? "Yes" : "No"],
            ["Main picture", fileLine(named.get(product.imageFileId))],
            ["Main picture description", product.imageAlt],
            ["Status", publicationLabel(publicationState(product))],
          ],
          lists: [
            ["Features", features.map((feature) => feature.label)],
            [
              "Additional pictures",
              images.map((image) => `${fileLine(named.get(image.fileId))}${image.alt ? `: ${image.alt}` : ""}`),
            ],
            ["Downloads", productFiles.map((file) => `${file.description} — ${fileLine(named.get(file.fileId))}`)],
            ["Accessories", accessories.map((accessory) => accessory.model)],
          ],
          table: product.specsTable,
        },
        data: {
          model: product.model,
          description: product.description,
          specs: product.specs,
          specsTable: product.specsTable,
          ndaa: product.ndaa,
          categoryId: product.categoryId,
          imageFileId: product.imageFileId,
          imageAlt: product.imageAlt,
          featureIds: features.map((feature) => feature.id),
          images,
          downloads: productFiles,
          accessoryIds: accessories.map((accessory) => accessory.id),
          publication: publicationState(product),
          firmwareReleaseIds: (releasesOf.get(id) ?? []).map((release) => release.id).sort(),
        },
        files: [
          product.imageFileId,
          ...images.map((image) => image.fileId),
          ...productFiles.map((file) => file.fileId),
        ],
      });
    }
  }
  return snapshots;
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
        ["File", fileLine(row.file)],
        ["Status", publicationLabel(publicationState(row.download))],
      ],
      lists: [],
    },
    data: {
      description: row.download.description,
      fileId: row.download.fileId,
      publication: publicationState(row.download),
    },
    files: [row.download.fileId],
  };
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
      sortAt: row.sortAt.toISOString(),
      publication: publicationState(row),
    },
    files: row.imageFileId ? [row.imageFileId] : [],
  };
}

async function firmwareSnapshot(tx: Queryable, id: string): Promise<Snapshot<FirmwareData> | undefined> {
  const [row] = await tx
    .select({ release: firmwareReleases, file: files })
    .from(firmwareReleases)
    .innerJoin(files, eq(files.id, firmwareReleases.fileId))
    .where(eq(firmwareReleases.id, id));
  if (!row) return undefined;
  const { release } = row;
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
      productIds: linked.map((product) => product.id),
      publication: publicationState(release),
    },
    files: [release.fileId],
  };
}

/** The settings as pages show them (defaults for keys never saved): what a restore puts back. */
async function settingsSnapshot(tx: Queryable): Promise<Snapshot<SettingsData>> {
  const rows = await tx.select().from(siteSettings);
  const settings = settingsFromStored(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  return {
    label: "Site settings",
    view: {
      fields: [
        ["Company name", settings.companyName],
        ["Contact e-mail", settings.contactEmail],
        ["Copyright holder", settings.copyrightHolder],
      ],
      lists: [["Social links", settings.socialLinks.map((link) => `${link.label} — ${link.url}`)]],
    },
    data: settings,
    files: [],
  };
}

type Snapshots<Data> = (tx: Queryable, ids: string[]) => Promise<Map<string, Snapshot<Data>>>;

/** Records whose state takes a few queries each, read one after another. */
function oneByOne<Data>(read: (tx: Queryable, id: string) => Promise<Snapshot<Data> | undefined>): Snapshots<Data> {
  return async (tx, ids) => {
    const snapshots = new Map<string, Snapshot<Data>>();
    for (const id of ids) {
      const snapshot = await read(tx, id);
      if (snapshot) snapshots.set(id, snapshot);
    }
    return snapshots;
  };
}

const SNAPSHOTS: { [Type in RevisionedType]: Snapshots<RevisionDataByType[Type]> } = {
  product: productSnapshots,
  category: oneByOne(categorySnapshot),
  download: oneByOne(downloadSnapshot),
  "home-item": oneByOne(homeItemSnapshot),
  settings: oneByOne((tx) => settingsSnapshot(tx)),
  firmware: oneByOne(firmwareSnapshot),
};

/**
 * Revisions kept per record: a team's years of saves of one product, while a record saved by a script
 * every minute cannot keep every file it ever had.
 */
export const MAX_REVISIONS_PER_RECORD = 50;

/** How a revision came about. */
export type RevisionKind = "created" | "updated" | "restored" | "published" | "deleted";

/** A revision as the History page shows it, with what changed since the one before. */
export interface RevisionEntry {
  id: string;
  number: number;
  kind: RevisionKind;
  at: string;
  person: string | null;
  label: string;
  changes: RevisionChange[];
}

export interface StoredRevision<Type extends RevisionedType = RevisionedType> {
  id: string;
  number: number;
  kind: RevisionKind;
  label: string;
  data: RevisionDataByType[Type];
  files: string[];
}

/**
 * A revision that is a deletion and its record's newest: the record is gone (a restore since would
 * have added a later revision).
 */
const isDeletion = and(
  eq(revisions.kind, "deleted"),
  // Spelled out: drizzle writes a one-table query's columns unqualified, and inside this subquery a
  // bare "number" would be the later revision's own.
  notExists(
    sql`(select 1 from "revisions" as later where later.record_type = "revisions"."record_type"
      and later.record_id = "revisions"."record_id" and later.number > "revisions"."number")`,
  ),
);

/**
 * Revisions are numbered per record; these locks keep two writes of one record from taking a number
 * twice. Taken in one order, so two writes of many records cannot each wait for the other.
 */
async function lockRecordHistories(tx: Queryable, type: RevisionedType, ids: string[]) {
  const keys = [...new Set(ids)].sort().map((id) => `revisions:${type}:${id}`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(key)) from
    (select value as key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) order by value) as wanted`);
}

/** Rows written by one statement at most: a revision's state is a few kilobytes. */
const INSERT_BATCH = 500;

/** Keeping and reading revisions: the write path keeps them, the History and Recently deleted pages read them. */
export function createRevisions({ db, files: fileService }: { db: Database; files: FileService }) {
  /**
   * Keeps the records' current states as their next revisions, in `tx`, and lets go of their revisions
   * beyond the newest MAX_REVISIONS_PER_RECORD with the files only they kept. Nothing for a record that
   * is gone (a write that removed what it had just made). Returns the storage keys of files let go,
   * for their bytes to go once `tx` has committed.
   */
  async function keep(
    tx: Queryable,
    type: RevisionedType,
    ids: string[],
    kind: RevisionKind,
    actor: Actor | null,
  ): Promise<string[]> {
    const snapshots = await SNAPSHOTS[type](tx, [...new Set(ids)]);
    const present = [...snapshots.keys()];
    if (!present.length) return [];
    await lockRecordHistories(tx, type, present);
    const lastNumber = new Map<string, number>();
    for (let start = 0; start < present.length; start += SNAPSHOT_BATCH) {
      const rows = await tx
        .select({ recordId: revisions.recordId, number: max(revisions.number) })
        .from(revisions)
        .where(
          and(
            eq(revisions.recordType, type),
            inArray(revisions.recordId, present.slice(start, start + SNAPSHOT_BATCH)),
          ),
        )
        .groupBy(revisions.recordId);
      for (const row of rows) lastNumber.set(row.recordId, row.number ?? 0);
    }
    const numberOf = (id: string) => (lastNumber.get(id) ?? 0) + 1;
    for (let start = 0; start < present.length; start += INSERT_BATCH) {
      const batch = present.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insert(revisions)
        .values(
          batch.map((id) => {
            const snapshot = snapshots.get(id) as Snapshot<unknown>;
            return {
              recordType: type,
              recordId: id,
              number: numberOf(id),
              kind,
              actorId: actor?.userId ?? null,
              actorEmail: actor?.email ?? null,
              label: snapshot.label,
              state: { view: snapshot.view, data: snapshot.data },
            };
          }),
        )
        .returning({ id: revisions.id, recordId: revisions.recordId });
      const kept = inserted.flatMap((row) =>
        [...new Set(snapshots.get(row.recordId)?.files)].map((fileId) => ({ revisionId: row.id, fileId })),
      );
      for (let from = 0; from < kept.length; from += INSERT_BATCH * 4) {
        await tx.insert(revisionFiles).values(kept.slice(from, from + INSERT_BATCH * 4));
      }
    }
    const doomed: string[] = [];
    for (const id of present) {
      doomed.push(...(await forgetBeyond(tx, type, id, numberOf(id) - MAX_REVISIONS_PER_RECORD)));
    }
    return doomed;
  }

  /**
   * Deletes the record's revisions numbered `upTo` and below, then the files no revision keeps any
   * more. A file the record itself still uses is in its newest revision, which is never among them.
   */
  async function forgetBeyond(tx: Queryable, type: RevisionedType, id: string, upTo: number): Promise<string[]> {
    if (upTo < 1) return [];
    const old = and(eq(revisions.recordType, type), eq(revisions.recordId, id), lte(revisions.number, upTo));
    const oldFiles = await tx
      .selectDistinct({ fileId: revisionFiles.fileId })
      .from(revisionFiles)
      .innerJoin(revisions, eq(revisions.id, revisionFiles.revisionId))
      .where(old);
    const forgotten = await tx.delete(revisions).where(old).returning({ id: revisions.id });
    if (!forgotten.length) return [];
    // Only files no remaining revision keeps: whatever the record uses is in its newest revision, and
    // must neither go nor be retired.
    const stillKept = new Set(
      (
        await tx
          .selectDistinct({ fileId: revisionFiles.fileId })
          .from(revisionFiles)
          .where(
            inArray(
              revisionFiles.fileId,
              oldFiles.map((file) => file.fileId),
            ),
          )
      ).map((file) => file.fileId),
    );
    const unkept = oldFiles.map((file) => file.fileId).filter((fileId) => !stillKept.has(fileId));
    return unkept.length ? fileService.release(tx, unkept) : [];
  }

  /**
   * A record saved before revisions were kept has none: before its first change, its state as it
   * stands becomes revision 1, by nobody known, so the change has something to differ from. For each
   * of `ids` that has none.
   */
  async function ensureBaseline(tx: Queryable, type: RevisionedType, ids: string[]) {
    await lockRecordHistories(tx, type, ids);
    const withHistory = new Set<string>();
    for (let start = 0; start < ids.length; start += SNAPSHOT_BATCH) {
      const rows = await tx
        .selectDistinct({ recordId: revisions.recordId })
        .from(revisions)
        .where(
          and(eq(revisions.recordType, type), inArray(revisions.recordId, ids.slice(start, start + SNAPSHOT_BATCH))),
        );
      for (const row of rows) withHistory.add(row.recordId);
    }
    const without = ids.filter((id) => !withHistory.has(id));
    if (without.length) await keep(tx, type, without, "created", null);
  }

  /** A record's revisions, newest first, each with what changed since the one before. */
  async function history(type: RevisionedType, id: string): Promise<RevisionEntry[]> {
    const rows = await db
      .select()
      .from(revisions)
      .where(and(eq(revisions.recordType, type), eq(revisions.recordId, id)))
      .orderBy(asc(revisions.number));
    let before: RevisionView | null = null;
    const entries: RevisionEntry[] = [];
    for (const row of rows) {
      const view = (row.state as { view: RevisionView }).view;
      entries.push({
        id: row.id,
        number: row.number,
        kind: row.kind as RevisionKind,
        at: row.at.toISOString(),
        person: row.actorEmail,
        label: row.label,
        changes: row.kind === "deleted" ? [] : revisionChanges(before, view),
      });
      before = view;
    }
    return entries.reverse();
  }

  /** One revision of one record, with what it restores. */
  async function get<Type extends RevisionedType>(
    type: Type,
    id: string,
    revisionId: string,
  ): Promise<StoredRevision<Type> | undefined> {
    if (!isUuid(revisionId)) return undefined;
    const [row] = await db
      .select()
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), eq(revisions.recordType, type), eq(revisions.recordId, id)));
    if (!row) return undefined;
    const kept = await db
      .select({ fileId: revisionFiles.fileId })
      .from(revisionFiles)
      .where(eq(revisionFiles.revisionId, row.id));
    return {
      id: row.id,
      number: row.number,
      kind: row.kind as RevisionKind,
      label: row.label,
      data: (row.state as { data: RevisionDataByType[Type] }).data,
      files: kept.map((file) => file.fileId),
    };
  }

  /** The newest revision of each record whose last revision is its deletion, deleted within the window. */
  async function recentlyDeleted() {
    const since = new Date(Date.now() - RECENTLY_DELETED_DAYS * 86_400_000);
    const rows = await db
      .select({
        id: revisions.id,
        recordType: revisions.recordType,
        recordId: revisions.recordId,
        label: revisions.label,
        at: revisions.at,
        person: revisions.actorEmail,
      })
      .from(revisions)
      .where(and(isDeletion, sql`${revisions.at} >= ${since}`))
      .orderBy(desc(revisions.at));
    return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  }

  /**
   * Forgets records deleted more than the window ago, with every revision they had, and the files only
   * those revisions kept. One instance does it at a time (the lock), and each record goes once: a
   * second instance finds nothing left.
   */
  async function purgeExpired(): Promise<number> {
    const cutoff = new Date(Date.now() - RECENTLY_DELETED_DAYS * 86_400_000);
    const doomed: string[] = [];
    const purged = await db.transaction(async (tx) => {
      const [lock] = await selectRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtext('revisions:purge')) as locked`,
      );
      if (!lock?.locked) return 0;
      const expired = await tx
        .select({ recordType: revisions.recordType, recordId: revisions.recordId })
        .from(revisions)
        .where(and(isDeletion, lt(revisions.at, cutoff)));
      for (const record of expired) {
        const ofRecord = and(eq(revisions.recordType, record.recordType), eq(revisions.recordId, record.recordId));
        // A restore keeps its revision under the same lock: one that committed since the list was read
        // shows here, and the record is left alone.
        await lockRecordHistories(tx, record.recordType as RevisionedType, [record.recordId]);
        const [stillDeleted] = await tx
          .select({ id: revisions.id })
          .from(revisions)
          .where(and(ofRecord, isDeletion, lt(revisions.at, cutoff)));
        if (!stillDeleted) continue;
        const kept = await tx
          .selectDistinct({ fileId: revisionFiles.fileId })
          .from(revisionFiles)
          .innerJoin(revisions, eq(revisions.id, revisionFiles.revisionId))
          .where(ofRecord);
        await tx.delete(revisions).where(ofRecord);
        doomed.push(
          ...(await fileService.release(
            tx,
            kept.map((file) => file.fileId),
          )),
        );
      }
      return expired.length;
    });
    if (doomed.length) await fileService.purge(doomed);
    return purged;
  }

  /**
   * The record as it is now: its version (what a restore is checked against; the settings have none)
   * and name, or null when it is gone.
   */
  async function current(type: RevisionedType, id: string): Promise<{ version: number; label: string } | null> {
    if (type === "settings") return id === SETTINGS_ID ? { version: 0, label: "Site settings" } : null;
    if (!isUuid(id)) return null;
    // Only the version and the name: a whole snapshot (a product's is six queries) would say no more.
    switch (type) {
      case "product": {
        const [row] = await db
          .select({ version: products.version, label: products.model })
          .from(products)
          .where(eq(products.id, id));
        return row ?? null;
      }
      case "category": {
        const [row] = await db
          .select({ version: categories.version, label: categories.name })
          .from(categories)
          .where(eq(categories.id, id));
        return row ?? null;
      }
      case "download": {
        const [row] = await db
          .select({ version: downloads.version, label: downloads.description })
          .from(downloads)
          .where(eq(downloads.id, id));
        return row ?? null;
      }
      case "home-item": {
        const [row] = await db.select().from(infoItems).where(eq(infoItems.id, id));
        return row ? { version: row.version, label: infoItemLabel(row.type, row.heading, row.content) } : null;
      }
      case "firmware": {
        const [row] = await db
          .select({
            version: firmwareReleases.version,
            releaseVersion: firmwareReleases.releaseVersion,
            channel: firmwareReleases.channel,
          })
          .from(firmwareReleases)
          .where(eq(firmwareReleases.id, id));
        return row ? { version: row.version, label: firmwareLabel(row) } : null;
      }
    }
  }

  /** Whether `revisionId` is the record's deletion and nothing came after it (it was not restored since). */
  async function isLatestDeletion(revisionId: string): Promise<boolean> {
    if (!isUuid(revisionId)) return false;
    const [row] = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), isDeletion));
    return Boolean(row);
  }

  return { keep, ensureBaseline, history, get, current, isLatestDeletion, recentlyDeleted, purgeExpired };
}

export type Revisions = ReturnType<typeof createRevisions>;

import type { DownloadKind } from "../app/domain/download-kinds";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { selectRows, type Queryable, type Transaction } from "#app/server/db/client.server";
import {
  categories,
  categoryAttributes,
  categoryFeatures,
  downloads,
  infoItems,
  productAccessories,
  productReplacements,
  productDownloads,
  productFeatures,
  productImages,
  products,
  productSpecValues,
  specAttributes,
  firmwareProducts,
  firmwareReleases,
  advisories,
  advisoryProducts,
  advisoryRevisions,
  searchSynonyms,
  siteSettings,
} from "#app/server/db/schema";
import { StorageFailedError, type FileRow } from "#app/server/files/files.server";
import { setTimeout as delay } from "node:timers/promises";
import { notifyChange } from "#app/server/db/live.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import {
  CARD_PICTURE_ALTS,
  cardPicture,
  productPicture,
  renderCategoryView,
  widePicture,
  widePictureAlt,
  type RenderedBase,
} from "./art";
import { lifecycleColumnsOf } from "#app/domain/lifecycle";
import { catalogProblems, DEMO_CATALOG, type DemoCatalog } from "./demo-catalog";
import { generalDocument, productDocument, type DemoFile } from "./documents";
import { firmwareImage, firmwareSbom } from "./firmware";
import { sbomFormatOfText } from "../app/domain/sbom";
import { specsTable, specsText } from "./specs";
import { attributeDefinition, DEMO_ATTRIBUTES, DEMO_CAMERA_CATEGORIES, demoSpecValues } from "./attributes";
import type { DemoCategory, CameraView } from "./types";

/** Taken inside the load transaction, so two instances starting together on one server load it once. */
const DEMO_LOCK_ID = 720_215_002;
/** Files rendered and stored at once: enough to keep both cores and the disk busy, few enough to stay lean. */
const STAGE_CONCURRENCY = 4;
/** Gap between the created/sorted times of consecutive demo rows, so "newest first" has a stable order. */
const STEP_MS = 60_000;
/**
 * Info items are news: a few days apart, as an editor would have added them, so each shows a date
 * of its own where dates are shown by the day (the dashboard's list).
 */
const INFO_STEP_MS = 4 * 24 * 60 * 60_000;

/** How each picture of a product is described: the model and the view it shows. */
const VIEW_ALTS: Record<CameraView | "front", string> = {
  front: "front view",
  angle: "angle view",
  night: "night mode view",
  thermal: "thermal view",
  detail: "detail view",
};

function productImageAlt(model: string, view: CameraView | "front"): string {
  return `${model}, ${VIEW_ALTS[view]}`;
}

interface StagedFile {
  fileId: string;
  description: string;
  kind: DownloadKind;
}

/** Where each stored file goes once the rows are written; filled in as the files are staged. */
interface StagedCatalog {
  mainImage: Map<string, string>;
  extraImages: Map<string, { fileId: string; alt: string }[]>;
  documents: Map<string, StagedFile[]>;
  generalDownloads: StagedFile[];
  /** Each firmware release's file, in the catalog's order. */
  firmwareFiles: string[];
  /** The SBOMs of the releases that have one, by the release's place in the catalog. */
  firmwareSboms: Map<number, { fileId: string; format: string }>;
  infoImages: Map<number, string>;
  imageIds: string[];
  documentIds: string[];
}

interface FileJob {
  name: string;
  image: boolean;
  make: () => Promise<Uint8Array>;
  place: (fileId: string) => void;
}

/**
 * Fills an empty database (no categories, products, info items or downloads) with the demo catalog
 * and returns whether it loaded anything. The files are staged first; the rows are then written in one
 * transaction that claims them, so a failure leaves neither rows nor stored bytes behind.
 */
export async function loadDemoCatalogIfEmpty(runtime: Runtime): Promise<boolean> {
  const catalog = DEMO_CATALOG;
  const problems = catalogProblems(catalog);
  if (problems.length > 0) throw new Error(`The demo catalog is inconsistent:\n  ${problems.join("\n  ")}`);
  if (!(await isCatalogEmpty(runtime.database.db))) return false;

  const startedAt = performance.now();
  const staged: FileRow[] = [];
  let loaded: boolean;
  try {
    const files = await stageCatalogFiles(runtime, catalog, staged);
    loaded = await runtime.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_ID})`);
      // Another instance may have loaded it (or an admin added something) while the files were made.
      if (!(await isCatalogEmpty(tx))) return false;
      await runtime.files.claim(tx, files.imageIds, { images: true });
      await runtime.files.claim(tx, files.documentIds);
      await insertCatalog(tx, catalog, files);
      await notifyChange(tx, ["*"]);
      return true;
    });
  } catch (error) {
    await discardStaged(runtime, staged);
    throw error;
  }
  if (!loaded) {
    await discardStaged(runtime, staged);
    return false;
  }
  runtime.logger.info(
    {
      categories: catalog.categories.length,
      products: catalog.products.length,
      files: staged.length,
      ms: Math.round(performance.now() - startedAt),
    },
    "loaded the demo catalog",
  );
  return true;
}

async function isCatalogEmpty(db: Queryable): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from ${categories}) or exists (select 1 from ${products})
      or exists (select 1 from ${infoItems}) or exists (select 1 from ${downloads})) as found`,
  );
  return row?.found === false;
}

/** Nothing of a failed or skipped load may stay behind: neither file rows nor their bytes. */
async function discardStaged(runtime: Runtime, staged: FileRow[]): Promise<void> {
  if (staged.length === 0) return;
  try {
    await runtime.files.release(
      runtime.database.db,
      staged.map((row) => row.id),
    );
  } catch (error) {
    // The rows are still marked staged, so the hourly sweep removes them later.
    runtime.logger.error({ err: error }, "could not drop the demo catalog's staged files");
  }
  await runtime.files.purge(staged.map((row) => row.storageKey));
}

async function stageCatalogFiles(runtime: Runtime, catalog: DemoCatalog, staged: FileRow[]): Promise<StagedCatalog> {
  const result: StagedCatalog = {
    mainImage: new Map(),
    extraImages: new Map(),
    documents: new Map(),
    generalDownloads: [],
    firmwareFiles: [],
    firmwareSboms: new Map(),
    infoImages: new Map(),
    imageIds: [],
    documentIds: [],
  };
  const jobs: FileJob[] = [];
  const categoriesByName = new Map(catalog.categories.map((category) => [category.name, category]));
  const bases = new BaseCache();

  for (const product of catalog.products) {
    const category = categoriesByName.get(product.category) as DemoCategory;
    const views: (CameraView | "front")[] = ["front", ...category.views.slice(0, product.extraImages)];
    const extra: { fileId: string; alt: string }[] = [];
    result.extraImages.set(product.model, extra);
    views.forEach((view, index) => {
      bases.expectUse(category, view);
      jobs.push({
        name: index === 0 ? `${product.model}.jpg` : `${product.model}-${view}.jpg`,
        image: true,
        make: async () => productPicture(await bases.take(category, view), product.model),
        place: (fileId) => {
          if (index === 0) result.mainImage.set(product.model, fileId);
          else extra[index - 1] = { fileId, alt: productImageAlt(product.model, view) };
        },
      });
    });
    const documents: StagedFile[] = [];
    result.documents.set(product.model, documents);
    product.documents.forEach((kind, index) => {
      const file = productDocument(product, category.art, kind);
      jobs.push(
        documentJob(file, (fileId) => (documents[index] = { fileId, description: file.description, kind: file.kind })),
      );
    });
  }
  catalog.generalDownloads.forEach((download, index) => {
    const file = generalDocument(download, catalog);
    jobs.push(
      documentJob(
        file,
        (fileId) => (result.generalDownloads[index] = { fileId, description: file.description, kind: file.kind }),
      ),
    );
  });
  catalog.firmware.forEach((release, index) => {
    jobs.push({
      name: release.fileName,
      image: false,
      make: async () => firmwareImage(release.fileName),
      place: (fileId) => (result.firmwareFiles[index] = fileId),
    });
    if (!release.sbom) return;
    const sbom = firmwareSbom(release, release.sbom);
    const format = sbomFormatOfText(sbom.text);
    if (!format) throw new Error(`Demo catalog: ${sbom.fileName} is no SBOM`);
    jobs.push({
      name: sbom.fileName,
      image: false,
      make: async () => new TextEncoder().encode(sbom.text),
      place: (fileId) => result.firmwareSboms.set(index, { fileId, format }),
    });
  });
  catalog.infoItems.forEach((item, index) => {
    const place = (fileId: string) => result.infoImages.set(index, fileId);
    if (item.type === "image") {
      jobs.push({ name: `${item.picture.name}.jpg`, image: true, make: () => widePicture(item.picture), place });
    } else if (item.type === "card" && item.picture) {
      const picture = item.picture;
      jobs.push({ name: `home-${picture}.jpg`, image: true, make: () => cardPicture(picture), place });
    }
  });

  await runLimited(jobs, STAGE_CONCURRENCY, async (job) => {
    const bytes = await job.make();
    const row = await stagedAgainIfStorageFailed(() =>
      runtime.files.stage({
        body: once(bytes),
        originalName: job.name,
        uploadedBy: null,
        requireImage: job.image,
      }),
    );
    staged.push(row);
    (job.image ? result.imageIds : result.documentIds).push(row.id);
    job.place(row.id);
  });
  return result;
}

/** Tries of each file when the storage fails (an S3 endpoint refusing a burst of writes for a moment). */
const STAGE_ATTEMPTS = 3;

/**
 * Stages a file, asking again when the storage failed rather than the file: a start that loads the demo
 * into a busy bucket should not fail on one refused write. A failed stage leaves nothing behind.
 */
async function stagedAgainIfStorageFailed<T>(stage: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await stage();
    } catch (error) {
      if (!(error instanceof StorageFailedError) || attempt >= STAGE_ATTEMPTS) throw error;
      await delay(250 * attempt);
    }
  }
}

function documentJob(file: DemoFile, place: (fileId: string) => void): FileJob {
  return { name: file.fileName, image: false, make: async () => file.bytes, place };
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Rendered category views, each made once and dropped after its last product picture, so at most a
 * few raw bitmaps are held at a time.
 */
class BaseCache {
  private readonly renders = new Map<string, Promise<RenderedBase>>();
  private readonly remaining = new Map<string, number>();

  expectUse(category: DemoCategory, view: CameraView | "front"): void {
    const key = `${category.name}\n${view}`;
    this.remaining.set(key, (this.remaining.get(key) ?? 0) + 1);
  }

  async take(category: DemoCategory, view: CameraView | "front"): Promise<RenderedBase> {
    const key = `${category.name}\n${view}`;
    let render = this.renders.get(key);
    if (!render) {
      render = renderCategoryView(category, view);
      this.renders.set(key, render);
    }
    const left = (this.remaining.get(key) ?? 1) - 1;
    this.remaining.set(key, left);
    if (left <= 0) this.renders.delete(key);
    return render;
  }
}

/**
 * Runs `work` over `items` with at most `limit` at a time. On a failure it starts nothing new but
 * waits for the running ones, so the caller knows every file that was stored before it cleans up.
 */
async function runLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

function required<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo catalog: no ${what} for ${String(key)}`);
  return value;
}

/**
 * The demo's library of specification attributes, the camera categories' choice of them (decision
 * 070), and every camera's values, read from its datasheet lines.
 */
async function insertSpecifications(
  tx: Transaction,
  catalog: DemoCatalog,
  categoryIds: ReadonlyMap<string, string>,
  productIds: ReadonlyMap<string, string>,
): Promise<void> {
  const definitions = new Map(
    DEMO_ATTRIBUTES.map((attribute) => {
      const choiceIds = new Map((attribute.choices ?? []).map((label) => [label, randomUUID()]));
      const definition = attributeDefinition(attribute, randomUUID(), (label) => choiceIds.get(label) ?? label);
      return [attribute.name, definition];
    }),
  );
  await tx.insert(specAttributes).values(
    [...definitions.values()].map(({ id, name, group, type, unit, precision, choices, multiple, coverageRole }) => ({
      id,
      name,
      group,
      type,
      unit,
      precision,
      choices,
      multiple,
      coverageRole,
    })),
  );
  await tx.insert(categoryAttributes).values(
    DEMO_CAMERA_CATEGORIES.flatMap((name) =>
      DEMO_ATTRIBUTES.map((attribute, position) => ({
        categoryId: required(categoryIds, name, "category"),
        attributeId: definitions.get(attribute.name)?.id ?? "",
        position,
        required: false,
        filter: attribute.filter,
      })),
    ),
  );
  const valueRows = catalog.products.flatMap((product) =>
    [...demoSpecValues(product, definitions).values].map(([name, value]) => ({
      productId: required(productIds, product.model.toLowerCase(), "product"),
      attributeId: definitions.get(name)?.id ?? "",
      value,
    })),
  );
  if (valueRows.length > 0) await tx.insert(productSpecValues).values(valueRows);
}

async function insertCatalog(tx: Transaction, catalog: DemoCatalog, files: StagedCatalog): Promise<void> {
  const now = Date.now();
  const at = (stepsAgo: number) => new Date(now - stepsAgo * STEP_MS);

  const categoryIds = new Map<string, string>();
  const featureIds = new Map<string, string>();
  const featureRows: (typeof categoryFeatures.$inferInsert)[] = [];
  const categoryRows = catalog.categories.map((category) => {
    const id = randomUUID();
    categoryIds.set(category.name, id);
    const groupOf = new Map(category.groups.flatMap(([group, labels]) => labels.map((label) => [label, group])));
    for (const label of groupOf.keys()) {
      if (!category.features.includes(label)) throw new Error(`Demo catalog: ${category.name} has no feature ${label}`);
    }
    for (const label of category.features) {
      const featureId = randomUUID();
      featureIds.set(`${category.name}\n${label}`, featureId);
      featureRows.push({ id: featureId, categoryId: id, label, group: groupOf.get(label) ?? "" });
    }
    return {
      id,
      name: category.name,
      description: category.description,
      featureGroups: category.groups.map(([group]) => group),
    };
  });

  const productIds = new Map<string, string>();
  const productRows = catalog.products.map((product, index) => {
    const id = randomUUID();
    productIds.set(product.model.toLowerCase(), id);
    const createdAt = at(catalog.products.length - index);
    return {
      id,
      model: product.model,
      name: product.name,
      description: product.description,
      specs: product.specsFormat === "text" ? specsText(product.specs) : null,
      specsTable: product.specsFormat === "table" ? specsTable(product.specs) : null,
      ndaa: product.ndaa,
      categoryId: required(categoryIds, product.category, "category"),
      imageFileId: required(files.mainImage, product.model, "main image"),
      imageAlt: productImageAlt(product.model, "front"),
      ...(product.lifecycle ? lifecycleColumnsOf(product.lifecycle) : {}),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const replacementRows = catalog.products.flatMap((product) =>
    (product.lifecycle?.replacedBy ?? []).map((model, position) => ({
      productId: required(productIds, product.model.toLowerCase(), "product"),
      replacementId: required(productIds, model.toLowerCase(), "replacement"),
      position,
    })),
  );

  const productFeatureRows = catalog.products.flatMap((product) =>
    product.features.map((label) => ({
      productId: required(productIds, product.model.toLowerCase(), "product"),
      featureId: required(featureIds, `${product.category}\n${label}`, "feature"),
    })),
  );
  const imageRows = catalog.products.flatMap((product) =>
    required(files.extraImages, product.model, "additional images").map(({ fileId, alt }, position) => ({
      productId: required(productIds, product.model.toLowerCase(), "product"),
      fileId,
      alt,
      position,
    })),
  );
  const documentRows = catalog.products.flatMap((product) =>
    required(files.documents, product.model, "downloads").map((file, position) => ({
      productId: required(productIds, product.model.toLowerCase(), "product"),
      fileId: file.fileId,
      description: file.description,
      kind: file.kind,
      position,
    })),
  );

  // One row per pair, the smaller id first (the table's check constraint); listing a pair from both
  // sides in the data must not make two rows.
  const pairs = new Map<string, { productA: string; productB: string }>();
  for (const product of catalog.products) {
    const id = required(productIds, product.model.toLowerCase(), "product");
    for (const model of product.accessories) {
      const other = required(productIds, model.toLowerCase(), "accessory");
      const [productA, productB] = id < other ? [id, other] : [other, id];
      pairs.set(`${productA}:${productB}`, { productA, productB });
    }
  }

  const downloadRows = files.generalDownloads.map((file, index) => {
    const createdAt = at(files.generalDownloads.length - index);
    return { description: file.description, kind: file.kind, fileId: file.fileId, createdAt, updatedAt: createdAt };
  });
  const infoRows = catalog.infoItems.map((item, index) => {
    // The home page lists by sort_at, newest first: the first item in the data gets the latest time.
    const sortAt = new Date(now - index * INFO_STEP_MS);
    const imageFileId = files.infoImages.get(index) ?? null;
    const imageAlt =
      item.type === "image"
        ? widePictureAlt(item.picture)
        : item.type === "card" && item.picture
          ? CARD_PICTURE_ALTS[item.picture]
          : "";
    return {
      type: item.type,
      heading: item.type === "card" ? item.heading : null,
      content: item.type === "image" ? null : item.content,
      imageFileId,
      imageAlt: imageFileId ? imageAlt : "",
      link: item.link ?? null,
      datedOn: new Date(now - item.daysAgo * 86_400_000).toISOString().slice(0, 10),
      onHomePage: !item.newsOnly,
      sortAt,
      createdAt: sortAt,
      updatedAt: sortAt,
    };
  });

  await tx.insert(categories).values(categoryRows);
  await tx.insert(categoryFeatures).values(featureRows);
  await tx.insert(products).values(productRows);
  if (productFeatureRows.length > 0) await tx.insert(productFeatures).values(productFeatureRows);
  if (imageRows.length > 0) await tx.insert(productImages).values(imageRows);
  if (pairs.size > 0) await tx.insert(productAccessories).values([...pairs.values()]);
  if (replacementRows.length > 0) await tx.insert(productReplacements).values(replacementRows);
  if (documentRows.length > 0) await tx.insert(productDownloads).values(documentRows);
  if (downloadRows.length > 0) await tx.insert(downloads).values(downloadRows);
  if (infoRows.length > 0) await tx.insert(infoItems).values(infoRows);
  await insertSpecifications(tx, catalog, categoryIds, productIds);
  const today = Date.now();
  const releaseRows = catalog.firmware.map((release, index) => {
    const fileId = files.firmwareFiles[index];
    if (!fileId) throw new Error(`Demo catalog: no file for firmware ${release.fileName}`);
    return {
      id: randomUUID(),
      releaseVersion: release.releaseVersion,
      releasedOn: new Date(today - release.daysAgo * 86_400_000).toISOString().slice(0, 10),
      channel: release.channel,
      notes: release.notes,
      fileId,
      sbomFileId: files.firmwareSboms.get(index)?.fileId ?? null,
      sbomFormat: files.firmwareSboms.get(index)?.format ?? "",
    };
  });
  if (releaseRows.length > 0) {
    await tx.insert(firmwareReleases).values(releaseRows);
    await tx.insert(firmwareProducts).values(
      catalog.firmware.flatMap((release, index) =>
        release.models.map((model) => ({
          releaseId: releaseRows[index]?.id ?? "",
          productId: required(productIds, model.toLowerCase(), "product"),
        })),
      ),
    );
  }
  await insertAdvisories(tx, catalog, productIds, releaseRows, today);
  // Synonyms an admin already saved win over the demo's, as settings do.
  const [savedSynonym] = await tx.select({ id: searchSynonyms.id }).from(searchSynonyms).limit(1);
  if (!savedSynonym && catalog.synonyms.length > 0) {
    await tx.insert(searchSynonyms).values(catalog.synonyms.map((phrases, position) => ({ phrases, position })));
  }
  const settingRows = Object.entries(catalog.settings).map(([key, value]) => ({ key, value }));
  // Settings an admin already saved win over the demo's.
  if (settingRows.length > 0) await tx.insert(siteSettings).values(settingRows).onConflictDoNothing();
}

/** The demo's advisories, published with their revisions, each product's fix its line's release. */
async function insertAdvisories(
  tx: Transaction,
  catalog: DemoCatalog,
  productIds: Map<string, string>,
  releaseRows: { id: string; releaseVersion: string }[],
  today: number,
): Promise<void> {
  if (catalog.advisories.length === 0) return;
  const releaseOf = (model: string, version: string): string => {
    const index = catalog.firmware.findIndex(
      (release) => release.releaseVersion === version && release.models.includes(model),
    );
    const id = releaseRows[index]?.id;
    if (index < 0 || !id) throw new Error(`Demo catalog: no firmware ${version} for ${model}`);
    return id;
  };
  const dayOf = (daysAgo: number) => new Date(today - daysAgo * 86_400_000);
  const rows = catalog.advisories.map((advisory) => ({
    id: randomUUID(),
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
    createdAt: dayOf(advisory.revisions[0]?.[0] ?? 0),
    updatedAt: dayOf(advisory.revisions.at(-1)?.[0] ?? 0),
  }));
  await tx.insert(advisories).values(rows);
  await tx.insert(advisoryProducts).values(
    catalog.advisories.flatMap((advisory, index) =>
      advisory.products.map((product, position) => ({
        advisoryId: rows[index]?.id ?? "",
        productId: required(productIds, product.model.toLowerCase(), "product"),
        affectedVersions: product.affectedVersions,
        fixedReleaseId: product.fixedVersion ? releaseOf(product.model, product.fixedVersion) : null,
        position,
      })),
    ),
  );
  await tx.insert(advisoryRevisions).values(
    catalog.advisories.flatMap((advisory, index) =>
      advisory.revisions.map(([daysAgo, note], number) => ({
        advisoryId: rows[index]?.id ?? "",
        number: number + 1,
        publishedAt: dayOf(daysAgo),
        note,
      })),
    ),
  );
}

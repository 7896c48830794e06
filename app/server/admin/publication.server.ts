import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import type { ChangeTopic } from "#app/domain/live";
import { publicationColumns, type Publication, type PublicationState } from "#app/domain/publication";
import type { Actor } from "../audit.server";
import { selectRows, type Database, type Queryable } from "../db/client.server";
import {
  downloads,
  firmwareProducts,
  firmwareReleases,
  infoItems,
  productDownloads,
  productImages,
  products,
} from "../db/schema";
import { infoItemLabel } from "#app/domain/forms/info-item";
import { firmwareLabel } from "#app/domain/firmware";
import type { AdminWrite } from "./write.server";

/** The kinds of record that can be drafts or scheduled, as the audit log and revisions name them. */
export type PublishableType = "product" | "download" | "home-item" | "firmware";

/** Who publishes a scheduled record: the server itself, on no one's request. */
export const SCHEDULE: Actor = { userId: null, email: null, clientAddress: null };

/** How often each instance looks for scheduled records whose time has come (well within a minute). */
export const SCHEDULE_CHECK_MS = 15_000;

const TABLES = { product: products, download: downloads, "home-item": infoItems, firmware: firmwareReleases } as const;
const TOPICS: Record<PublishableType, ChangeTopic> = {
  product: "products",
  download: "downloads",
  "home-item": "info",
  firmware: "firmware",
};

/** The ids of every stored file a record uses, as a subquery. */
function filesOf(type: Exclude<PublishableType, "firmware">, id: string): SQL {
  switch (type) {
    case "product":
      return sql`select ${products.imageFileId} from ${products} where ${products.id} = ${id}
        union all select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${id}
        union all select ${productDownloads.fileId} from ${productDownloads} where ${productDownloads.productId} = ${id}`;
    case "download":
      return sql`select ${downloads.fileId} from ${downloads} where ${downloads.id} = ${id}`;
    case "home-item":
      return sql`select ${infoItems.imageFileId} from ${infoItems} where ${infoItems.id} = ${id}`;
  }
}

/**
 * Marks the record's files as a draft's (served to signed-in people only) or a published record's,
 * as its status now says: call it in a write once the record and its files are as they will stay.
 * A product's status also decides its releases' files (see syncReleaseFiles).
 */
export async function syncFileVisibility(tx: Queryable, type: PublishableType, id: string): Promise<void> {
  if (type === "firmware") return syncReleaseFiles(tx, [id]);
  const table = TABLES[type];
  await tx.execute(sql`update files set draft = coalesce(
      (select ${table.status} <> 'published' from ${table} where ${table.id} = ${id}), false)
    where id in (${filesOf(type, id)})`);
  if (type === "product") await syncReleaseFiles(tx, await releasesOf(tx, id));
}

/** The firmware releases a product is on. */
export async function releasesOf(tx: Queryable, productId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: firmwareProducts.releaseId })
    .from(firmwareProducts)
    .where(eq(firmwareProducts.productId, productId));
  return rows.map((row) => row.id);
}

/**
 * A release's file is served to visitors only while its page is shown to them: the release published,
 * for at least one published product. Call it whenever either side changes (a product's status, its
 * deletion, a release's products).
 */
export async function syncReleaseFiles(tx: Queryable, releaseIds: string[]): Promise<void> {
  if (!releaseIds.length) return;
  await tx.execute(sql`update files set draft = not exists (
      select 1 from ${firmwareReleases} as r
        join ${firmwareProducts} as fp on fp.release_id = r.id
        join ${products} as p on p.id = fp.product_id
      where r.file_id = files.id and r.status = 'published' and p.status = 'published')
    where id in (select ${firmwareReleases.fileId} from ${firmwareReleases} where ${firmwareReleases.id} in ${releaseIds})`);
}

/** The stored columns of the publication a save asks for; none when it keeps what the record has. */
export function publicationSet(publication: Publication | undefined) {
  return publication ? publicationColumns(publication) : {};
}

/** A record's publication as pages and revisions read it. */
export function publicationState(row: {
  status: PublicationState["status"];
  publishAt: Date | null;
}): PublicationState {
  return { status: row.status, publishAt: row.publishAt?.toISOString() ?? null };
}

/**
 * A publication as stored (a revision's) turned back into what a save asks for. A schedule whose time
 * has passed meanwhile comes back a draft: bringing a record back is not deciding to publish it.
 */
export function storedPublication(state: PublicationState | undefined, now = new Date()): Publication | undefined {
  if (!state) return undefined;
  if (state.status === "scheduled") {
    const at = state.publishAt ? new Date(state.publishAt) : null;
    return at && at.getTime() > now.getTime() ? { status: "scheduled", publishAt: at } : { status: "draft" };
  }
  return { status: state.status };
}

/** Nothing was due after all: another instance published it first. */
class NothingDue extends Error {}

/**
 * Publishes every scheduled record whose time has come, through the shared admin write (audit log,
 * revision, live update, page cache dropped). Each instance calls it every SCHEDULE_CHECK_MS; the
 * UPDATE … WHERE status = 'scheduled' takes each row once, so with several instances each record is
 * published by exactly one of them (a second waits for the first's row lock, then no longer matches).
 * Returns how many records it published.
 */
export function createScheduler({ db, write }: { db: Database; write: AdminWrite }) {
  async function dueTypes(): Promise<PublishableType[]> {
    const due = (type: PublishableType) => {
      const table = TABLES[type];
      return sql`exists (select 1 from ${table} where ${table.status} = 'scheduled' and ${table.publishAt} <= now())`;
    };
    const [row] = await selectRows<{ product: boolean; download: boolean; home: boolean; firmware: boolean }>(
      db,
      sql`select ${due("product")} as product, ${due("download")} as download, ${due("home-item")} as home,
        ${due("firmware")} as firmware`,
    );
    const types: PublishableType[] = [];
    if (row?.product) types.push("product");
    if (row?.download) types.push("download");
    if (row?.home) types.push("home-item");
    if (row?.firmware) types.push("firmware");
    return types;
  }

  async function publishDue(): Promise<number> {
    const types = await dueTypes();
    if (!types.length) return 0;
    try {
      return await write(
        types.map((type) => TOPICS[type]),
        { actor: SCHEDULE },
        async ({ tx, audit }) => {
          let published = 0;
          for (const type of types) {
            for (const record of await publishTable(tx, type)) {
              await audit({ kind: "published", record: { type, id: record.id, label: record.label } });
              await syncFileVisibility(tx, type, record.id);
              published += 1;
            }
          }
          if (!published) throw new NothingDue();
          return published;
        },
      );
    } catch (error) {
      if (error instanceof NothingDue) return 0;
      throw error;
    }
  }

  return { publishDue };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/** Publishes one table's due rows (moving their version on: an open form saw them scheduled). */
async function publishTable(tx: Queryable, type: PublishableType): Promise<{ id: string; label: string }[]> {
  const due = <T extends typeof products | typeof downloads | typeof infoItems | typeof firmwareReleases>(table: T) =>
    and(eq(table.status, "scheduled"), lte(table.publishAt, sql`now()`));
  const published = { status: "published" as const, publishAt: null };
  switch (type) {
    case "product":
      return tx
        .update(products)
        .set({ ...published, version: sql`${products.version} + 1` })
        .where(due(products))
        .returning({ id: products.id, label: products.model });
    case "download":
      return tx
        .update(downloads)
        .set({ ...published, version: sql`${downloads.version} + 1` })
        .where(due(downloads))
        .returning({ id: downloads.id, label: downloads.description });
    case "home-item": {
      const rows = await tx
        .update(infoItems)
        .set({ ...published, version: sql`${infoItems.version} + 1` })
        .where(due(infoItems))
        .returning({ id: infoItems.id, type: infoItems.type, heading: infoItems.heading, content: infoItems.content });
      return rows.map((row) => ({ id: row.id, label: infoItemLabel(row.type, row.heading, row.content) }));
    }
    case "firmware": {
      const rows = await tx
        .update(firmwareReleases)
        .set({ ...published, version: sql`${firmwareReleases.version} + 1` })
        .where(due(firmwareReleases))
        .returning({
          id: firmwareReleases.id,
          releaseVersion: firmwareReleases.releaseVersion,
          channel: firmwareReleases.channel,
        });
      return rows.map((row) => ({ id: row.id, label: firmwareLabel(row) }));
    }
  }
}

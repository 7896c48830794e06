import { desc, eq } from "drizzle-orm";
import type { InfoItemRecord } from "#app/domain/forms/info-item";
import { NEWS_PAGE_SIZE } from "#app/domain/news";
import { pageOf, type Paged } from "#app/domain/paging";
import { holdsEveryWord, normalizeText, wordsOf } from "#app/domain/search-text";
import { files, infoItems } from "../db/schema";
import { fileUrl, isUuid } from "../files/files.server";
import type { Database } from "../db/client.server";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";

// The home page's items as pages read them; the dashboard writes them through admin/info-items.server.ts.

function toView(item: typeof infoItems.$inferSelect, file: typeof files.$inferSelect | null): InfoItemRecord {
  return {
    id: item.id,
    type: item.type,
    heading: item.heading,
    content: item.content,
    image: file
      ? { fileId: file.id, url: fileUrl(file), width: file.width, height: file.height, alt: item.imageAlt }
      : null,
    link: item.link,
    linkLabel: item.linkLabel,
    eyebrow: item.eyebrow,
    datedOn: item.datedOn,
    onHomePage: item.onHomePage,
    sortAt: item.sortAt.toISOString(),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    version: item.version,
    publication: { status: item.status, publishAt: item.publishAt?.toISOString() ?? null },
  };
}

/** What the published items are read from: the items, and the files their pictures are. */
const INFO_DATA: readonly WatchedData[] = ["info"];

/** The home page's info items as pages read them. */
export function createInfoItemReads({ db, watch }: { db: Database; watch: DataWatch }) {
  /**
   * The published items, kept in memory like the site's settings: the home page, rendered for every
   * visitor the page cache cannot answer, asks no query of its own (decision 043). Also in News's
   * order: by the day each is dated, newest first, and where they stand on the home page within a day.
   */
  const published = keptUntilChanged(watch, INFO_DATA, async () => {
    const items = await readInfoItems(false);
    const news = items
      .filter((item) => item.type !== "slide")
      .sort((a, b) => (a.datedOn === b.datedOn ? 0 : a.datedOn < b.datedOn ? 1 : -1));
    // What a search reads of each: its heading and its text.
    const searchTexts = news.map((item) => normalizeText([item.heading, item.content].filter(Boolean).join(" ")));
    return { items, news, searchTexts };
  });

  async function readInfoItems(drafts: boolean): Promise<InfoItemRecord[]> {
    const rows = await db
      .select({ item: infoItems, file: files })
      .from(infoItems)
      .leftJoin(files, eq(files.id, infoItems.imageFileId))
      .where(drafts ? undefined : eq(infoItems.status, "published"))
      .orderBy(desc(infoItems.sortAt), desc(infoItems.id));
    return rows.map(({ item, file }) => toView(item, file));
  }

  /**
   * Every info item, on the home page or News alone, most recently added or moved to the top first:
   * the published ones, or with `drafts` every one (the dashboard, read from the database each time).
   * The published ones are shared by every page that shows them: callers copy before they change anything.
   */
  async function listInfoItems(options: { drafts?: boolean } = {}): Promise<readonly InfoItemRecord[]> {
    return options.drafts ? readInfoItems(true) : (await published()).items;
  }

  /** The home page's items, in its order; with `drafts`, also those not yet published (an admin's view). */
  async function homePageItems(options: { drafts?: boolean } = {}): Promise<InfoItemRecord[]> {
    return (await listInfoItems(options)).filter((item) => item.onHomePage && item.type !== "slide");
  }

  /**
   * The carousel's published slides, the one most recently added or moved to the top first; none
   * while the owner has made none (the carousel then shows the site's built-in slides).
   */
  async function heroSlides(): Promise<InfoItemRecord[]> {
    return (await published()).items.filter((item) => item.type === "slide");
  }

  /** A page of News: every published item, whether on the home page or not, newest day first. */
  async function newsPage(requested: number): Promise<Paged<InfoItemRecord>> {
    return pageOf((await published()).news, requested, NEWS_PAGE_SIZE);
  }

  /**
   * The published news a search finds (every word of `query` in its heading or text), newest first,
   * each with the page of News it is on.
   */
  async function searchNews(query: string, limit: number): Promise<{ item: InfoItemRecord; page: number }[]> {
    const { news, searchTexts } = await published();
    const words = wordsOf(normalizeText(query));
    const found: { item: InfoItemRecord; page: number }[] = [];
    for (const [index, item] of news.entries()) {
      if (found.length === limit) break;
      if (holdsEveryWord(searchTexts[index] ?? "", words)) {
        found.push({ item, page: Math.floor(index / NEWS_PAGE_SIZE) + 1 });
      }
    }
    return found;
  }

  /** The newest published items, for the feed. */
  async function latestNews(count: number): Promise<readonly InfoItemRecord[]> {
    return (await published()).news.slice(0, count);
  }

  /** One item with its version, for an answer that shows an admin the newer data. */
  async function getInfoItem(id: string): Promise<InfoItemRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select({ item: infoItems, file: files })
      .from(infoItems)
      .leftJoin(files, eq(files.id, infoItems.imageFileId))
      .where(eq(infoItems.id, id));
    const row = rows[0];
    return row ? toView(row.item, row.file) : undefined;
  }

  return { listInfoItems, homePageItems, heroSlides, newsPage, searchNews, latestNews, getInfoItem };
}

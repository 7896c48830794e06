import type { InfoItemView } from "./forms/info-item";
import type { LanguageAttributes } from "./languages";
import { NEWS_FEED_PATH } from "./paths";

/** Items a page of News shows. */
export const NEWS_PAGE_SIZE = 10;

/** Items the News feed carries, newest first. */
export const NEWS_FEED_SIZE = 50;

/** A title for an item that has no heading: the start of its text, else its picture's description. */
export function newsTitle(item: Pick<InfoItemView, "heading" | "content" | "image">): string {
  const words = (item.heading || item.content || item.image?.alt || "").replace(/\s+/g, " ").trim();
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}

/** The meta descriptor that lets feed readers find News's feed from the pages that show news. */
export const NEWS_FEED_LINK = {
  tagName: "link",
  rel: "alternate",
  type: "application/atom+xml",
  title: "News",
  href: NEWS_FEED_PATH,
} as const;

/** An item's "Read more" in a page's language (`newsItem.*`): its words, and the words around its title for screen readers. */
export interface ReadMoreWords extends LanguageAttributes {
  readMore: string;
  about: [before: string, after: string];
}

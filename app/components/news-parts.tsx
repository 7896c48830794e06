import type { InfoItemView } from "#app/domain/forms/info-item";
import { newsTitle } from "#app/domain/news";

/**
 * An item's "Read more", if it has a link: the words seen first, then what it is about for a screen
 * reader's list of links. A plain link, not the router's: it may lead to a file, a feed or another site.
 */
export function ReadMore({
  item,
  light = false,
}: {
  item: Pick<InfoItemView, "link" | "heading" | "content" | "image">;
  /** On a dark background (a banner). */
  light?: boolean;
}) {
  if (!item.link) return null;
  return (
    <p>
      <a href={item.link} className={`font-semibold underline ${light ? "text-white" : "text-brand-700"}`}>
        Read more<span className="sr-only"> about {newsTitle(item)}</span>
      </a>
    </p>
  );
}

import type { InfoItemView } from "#app/domain/forms/info-item";
import { newsTitle, type ReadMoreWords } from "#app/domain/news";

/**
 * An item's "Read more", if it has a link: the words seen first, then what it is about for a screen
 * reader's list of links. A plain link, not the router's: it may lead to a file, a feed or another site.
 */
export function ReadMore({
  item,
  words,
  light = false,
}: {
  item: Pick<InfoItemView, "link" | "heading" | "content" | "image">;
  /** In the page's language, inside an item marked as the language its own texts are in. */
  words: ReadMoreWords;
  /** On a dark background (a banner). */
  light?: boolean;
}) {
  if (!item.link) return null;
  return (
    <p lang={words.lang} dir={words.dir}>
      <a href={item.link} className={`font-semibold underline ${light ? "text-white" : "text-brand-700"}`}>
        {words.readMore}
        <span className="sr-only">
          {words.about[0]}
          {newsTitle(item)}
          {words.about[1]}
        </span>
      </a>
    </p>
  );
}

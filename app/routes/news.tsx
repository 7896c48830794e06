import { ReadMore } from "#app/components/news-parts";
import { DayTime } from "#app/components/day-time";
import { Pagination, requestedPage } from "#app/components/pagination";
import { ResponsiveImage } from "#app/components/responsive-image";
import type { InfoItemRecord } from "#app/domain/forms/info-item";
import { INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import type { PageHandle } from "#app/domain/live";
import { NEWS_FEED_LINK, type ReadMoreWords } from "#app/domain/news";
import { NEWS_FEED_PATH, NEWS_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { languageBase, withLocalizedLinks, type LanguageAttributes } from "#app/domain/languages";
import type { Route } from "./+types/news";
import { messageChain, paginationView } from "#app/server/render/messages.server";
import { pageWords, readMoreWords } from "#app/server/render/page-languages.server";
import { withDays } from "#app/server/render/days.server";
import type { DayView } from "#app/domain/format";

/** Cached for visitors until an item changes. */
export const handle: PageHandle = { live: ["info"], cache: { query: ["page"] } };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seoMeta({
    ...seoContext(matches),
    title: loaderData?.pageTitle ?? "",
    description: loaderData?.words.text.description ?? "",
    path: loaderData && loaderData.page > 1 ? `${NEWS_PATH}?page=${loaderData.page}` : NEWS_PATH,
  }),
  NEWS_FEED_LINK,
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const news = await context.get(servicesContext).infoItems.newsPage(requestedPage(url));
  const { language } = context.get(requestContext);
  const chain = messageChain(language);
  const pagination = paginationView(news, chain);
  const words = pageWords("news", chain, { page: news.page });
  // The first page is News itself; the others' titles say which page they are.
  const pageTitle = news.page > 1 ? words.text.titleOfPage : words.text.title;
  // In another language, links to the site's pages lead to them in it.
  const items = language ? withLocalizedLinks(news.items, languageBase(language.tag)) : news.items;
  return {
    ...news,
    pagination,
    words,
    readMore: readMoreWords(chain),
    pageTitle,
    items: withDays(items, language?.tag),
  };
}

/** News sits in a column this wide (max-w-3xl less the page padding). */
const NEWS_IMAGE_SIZES = "(min-width: 800px) 736px, calc(100vw - 2rem)";

export default function News({ loaderData }: Route.ComponentProps) {
  const { items, pagination, words, readMore } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" lang={words.lang} dir={words.dir}>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{words.text.title}</h1>
        <p className="mt-3 text-lg text-slate-700">
          {words.text.intro}{" "}
          <a href={NEWS_FEED_PATH} className="text-base text-brand-700 underline">
            {words.text.feed}
          </a>
        </p>
      </header>
      {items.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">{words.text.empty}</p>
      ) : (
        <ol className="mt-8 space-y-6">
          {items.map((item) => (
            <li key={item.id}>
              <NewsEntry item={item} content={words.content} readMore={readMore} />
            </li>
          ))}
        </ol>
      )}
      <Pagination {...pagination} />
    </div>
  );
}

function NewsEntry({
  item,
  content,
  readMore,
}: {
  item: InfoItemRecord & { day: DayView };
  /** The language of the item's own texts where it is not the page's words'. */
  content: LanguageAttributes | undefined;
  readMore: ReadMoreWords;
}) {
  const slot = item.type === "image" ? INFO_IMAGE_SLOTS.image : INFO_IMAGE_SLOTS.card;
  return (
    <article
      id={`news-${item.id}`}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      {...content}
    >
      {item.image ? (
        <ResponsiveImage
          image={item.image}
          alt={item.image.alt}
          crop={slot.crop}
          sizes={NEWS_IMAGE_SIZES}
          className={`${item.type === "image" ? "aspect-video" : "aspect-[4/3] sm:aspect-video"} h-auto w-full bg-slate-100 object-cover`}
        />
      ) : null}
      <div className="space-y-2 p-5 sm:p-6">
        <DayTime day={item.day} className="block text-sm text-slate-600" />
        {item.heading ? <h2 className="text-xl font-semibold tracking-tight text-slate-900">{item.heading}</h2> : null}
        {item.content ? <p className="whitespace-pre-line text-slate-700">{item.content}</p> : null}
        <ReadMore item={item} words={readMore} />
      </div>
    </article>
  );
}

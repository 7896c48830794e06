import { lazy, Suspense } from "react";
import { Link } from "#app/components/links";
import { HeroCarousel } from "#app/components/hero-carousel";
import { ResponsiveImage } from "#app/components/responsive-image";
import { useSiteSettings } from "#app/components/site-settings";
import {
  HERO_IMAGES,
  HERO_SLIDES,
  HERO_WIDTH,
  heroImageUrl,
  type CarouselWords,
  type HeroSlide,
} from "#app/domain/hero";
import { INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { InfoItemRecord } from "#app/domain/forms/info-item";
import type { Route } from "./+types/home";
import { ReadMore } from "#app/components/news-parts";
import { DayTime } from "#app/components/day-time";
import { NEWS_FEED_LINK, type ReadMoreWords } from "#app/domain/news";
import { NEWS_PATH } from "#app/domain/paths";
import {
  languageBase,
  localizedLink,
  VALUE_MARK,
  withLocalizedLinks,
  withValue,
  type LanguageAttributes,
} from "#app/domain/languages";
import { withDays } from "#app/server/render/days.server";
import { formatMessage, messageChain } from "#app/server/render/messages.server";
import { pageWords, readMoreWords } from "#app/server/render/page-languages.server";
import type { MessageKey } from "#app/messages/en";
import type { DayView } from "#app/domain/format";

export const handle: PageHandle = { live: ["info"], cache: {} };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  // Link previews show the carousel's first picture: the owner's, once they have slides.
  const first = loaderData?.slides[0]?.picture;
  const stored = first && "stored" in first ? first.stored : null;
  return [
    ...seoMeta({
      title: loaderData?.words.text.title ?? "",
      description: loaderData?.words.text.description ?? "",
      path: "/",
      image: stored ? stored.url : heroImageUrl("city-night", HERO_WIDTH),
      imageAlt: stored ? stored.alt : HERO_IMAGES["city-night"].alt,
      ...seoContext(matches),
    }),
    NEWS_FEED_LINK,
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { user, language } = context.get(requestContext);
  const signedIn = await user();
  // Signed-in people see drafts and scheduled items where they will stand, marked (never cached).
  const { infoItems } = context.get(servicesContext);
  const [items, stored] = await Promise.all([
    infoItems.homePageItems({ drafts: Boolean(signedIn) }),
    infoItems.heroSlides(),
  ]);
  // In another language, links to the site's pages lead to them in it; an editor's form shows the
  // links as written, so that a save never changes them.
  const base = signedIn || !language ? "" : languageBase(language.tag);
  // The owner's slides, once there are any, take the place of the built-in ones.
  const slides: readonly HeroSlide[] = stored.length ? stored.map((item) => heroSlide(item, base)) : HERO_SLIDES;
  const chain = messageChain(language);
  // The page's words in its language; what the slides and items say is English until translated.
  const words = pageWords("home", chain, { company: VALUE_MARK, number: 0, count: 0 });
  const bySlide = (key: MessageKey) =>
    slides.map((_, index) => formatMessage(key, [words.lang], { number: index + 1, count: slides.length }).text);
  const { text } = words;
  const carousel: CarouselWords = {
    label: text.carousel,
    pause: text.pause,
    play: text.play,
    previous: text.previous,
    next: text.next,
    showSlide: bySlide("home.showSlide"),
    slide: bySlide("home.slide"),
    content: words.content,
  };
  return {
    items: withDays(withLocalizedLinks(items, base), language?.tag),
    slides,
    words,
    carousel,
    readMore: readMoreWords(chain),
    isAdmin: Boolean(signedIn),
  };
}

function heroSlide(item: InfoItemRecord, base: string): HeroSlide {
  return {
    key: item.id,
    picture: item.image ? { stored: item.image } : { builtin: "city-night" },
    eyebrow: item.eyebrow,
    heading: item.heading ?? "",
    text: item.content ?? "",
    link: { to: localizedLink(item.link ?? "/", base), label: item.linkLabel ?? "" },
  };
}

// Admin-only code (forms, uploads): fetched only when an admin's page renders it, never by visitors.
const HomeAdmin = lazy(() => import("#app/components/home-admin/home-page-admin"));

/** Info items sit in a column this wide (max-w-5xl less the page padding). */
const ITEM_SIZES = "(min-width: 1056px) 992px, calc(100vw - 2rem)";
const CARD_IMAGE_SIZES = "(min-width: 1056px) 496px, (min-width: 768px) 50vw, calc(100vw - 2rem)";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { items, slides, isAdmin, words, carousel, readMore } = loaderData;
  const { text, content } = words;
  const { companyName } = useSiteSettings();
  return (
    <div lang={words.lang} dir={words.dir}>
      <h1 className="sr-only">{withValue(text.heading, companyName)}</h1>
      <HeroCarousel slides={slides} words={carousel} />
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-12">
        {isAdmin ? (
          <Suspense fallback={null}>
            <HomeAdmin part="toolbar" />
          </Suspense>
        ) : null}
        {items.length === 0 ? (
          isAdmin ? (
            <Suspense fallback={null}>
              <HomeAdmin part="empty-hint" />
            </Suspense>
          ) : (
            <WelcomeCard
              heading={withValue(text.welcome, companyName)}
              text={text.welcomeText}
              link={text.welcomeLink}
            />
          )
        ) : (
          <>
            <InfoItems items={items} isAdmin={isAdmin} content={content} readMore={readMore} />
            <p className="text-center">
              <Link to={NEWS_PATH} className="font-semibold text-brand-700 underline">
                {text.allNews}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** An item with its day as the reader's language writes it. */
type Dated<Item> = Item & { day: DayView };

function InfoItems({
  items,
  isAdmin,
  content,
  readMore,
}: {
  items: readonly Dated<InfoItemRecord>[];
  isAdmin: boolean;
  /** The language of the items' own texts where it is not the page's words'. */
  content: LanguageAttributes | undefined;
  readMore: ReadMoreWords;
}) {
  // Cards alternate their picture's side, counting cards only, so the page reads as a zigzag.
  let cardCount = 0;
  return items.map((item) => {
    if (item.type === "card") cardCount += 1;
    const shown = (
      <InfoItem
        key={item.id}
        item={item}
        flip={item.type === "card" && cardCount % 2 === 0}
        content={content}
        readMore={readMore}
      />
    );
    if (!isAdmin) return shown;
    return (
      <div key={item.id} className="space-y-2">
        {shown}
        <Suspense fallback={null}>
          <HomeAdmin item={item} />
        </Suspense>
      </div>
    );
  });
}

function InfoItem({
  item,
  flip,
  content,
  readMore,
}: {
  item: Dated<InfoItemRecord>;
  flip: boolean;
  content: LanguageAttributes | undefined;
  readMore: ReadMoreWords;
}) {
  const id = `info-${item.id}`;
  if (item.type === "banner") {
    return (
      <div
        id={id}
        {...content}
        className="flex items-start gap-3 rounded-xl bg-brand-700 px-5 py-4 text-white shadow-sm sm:items-center sm:px-6"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-6 w-6 shrink-0 sm:mt-0" fill="currentColor">
          <path d="M3 10v4a1 1 0 001 1h2l4 4V5L6 9H4a1 1 0 00-1 1zm13.5 2A4.5 4.5 0 0014 7.97v8.05A4.48 4.48 0 0016.5 12zM14 3.23v2.06a7 7 0 010 13.42v2.06A9 9 0 0014 3.23z" />
        </svg>
        <div className="space-y-1">
          <p className="text-base font-medium whitespace-pre-line sm:text-lg">{item.content}</p>
          <ReadMore item={item} words={readMore} light />
        </div>
      </div>
    );
  }
  if (item.type === "image") {
    if (!item.image) return null;
    return (
      <figure id={id} className="overflow-hidden rounded-xl bg-slate-100 shadow-sm" {...content}>
        {/* Without a description there is no text of its own to name it: then it is decoration. */}
        <ResponsiveImage
          image={item.image}
          alt={item.image.alt}
          crop={INFO_IMAGE_SLOTS.image.crop}
          sizes={ITEM_SIZES}
          className="aspect-video h-auto w-full object-cover"
        />
        {item.link ? (
          <figcaption className="bg-white px-5 py-3">
            <ReadMore item={item} words={readMore} />
          </figcaption>
        ) : null}
      </figure>
    );
  }
  return (
    <article
      id={id}
      {...content}
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:flex ${flip ? "md:flex-row-reverse" : ""}`}
    >
      {item.image ? (
        <div className="bg-slate-100 md:w-1/2 md:shrink-0">
          {/* The card's heading and text beside it carry its message: without a description of its own
              the picture is decoration. Beside a text taller than it, it grows and is cut further. */}
          <ResponsiveImage
            image={item.image}
            alt={item.image.alt}
            crop={INFO_IMAGE_SLOTS.card.crop}
            sizes={CARD_IMAGE_SIZES}
            className="aspect-[4/3] w-full object-cover md:h-full"
          />
        </div>
      ) : null}
      <div className="flex flex-col justify-center gap-3 p-6 md:p-8">
        <h2 className="text-xl font-semibold tracking-tight text-slate-900 md:text-2xl">{item.heading}</h2>
        <DayTime day={item.day} className="-mt-2 text-sm text-slate-600" />
        <p className="whitespace-pre-line text-slate-700">{item.content}</p>
        <ReadMore item={item} words={readMore} />
      </div>
    </article>
  );
}

/** What visitors see while the home page has no info items. */
function WelcomeCard({ heading, text, link }: { heading: string; text: string; link: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{heading}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-slate-700">{text}</p>
      <Link
        to="/catalog"
        className="mt-6 inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900"
      >
        {link}
      </Link>
    </section>
  );
}

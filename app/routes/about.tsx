import { PageHero } from "#app/components/hero-image";
import { inline, Markdown } from "#app/components/firmware-release";
import { Card } from "#app/components/ui";
import { Link } from "#app/components/links";
import { HERO_WIDTH, heroImageUrl } from "#app/domain/hero";
import { parseMarkdown, sectionsOf } from "#app/domain/markdown";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { messageChain } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import type { Route } from "./+types/about";
import type { PageHandle } from "#app/domain/live";

/** The owner's text from the site settings: cached for visitors until the settings change. */
export const handle: PageHandle = { live: ["settings"], cache: {} };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    title: loaderData?.words.text.title ?? "",
    description: loaderData?.words.text.description ?? "",
    path: "/about",
    image: heroImageUrl("about", HERO_WIDTH),
    imageAlt: loaderData?.words.text.heroAlt ?? "",
    ...seoContext(matches),
  });

/**
 * The owner's About text (Markdown, read here: the parser stays out of the page's scripts): its opening
 * paragraphs, and each "##" section with what follows it, which the page sets as a tile.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { aboutPage } = await context.get(servicesContext).settings.getSiteSettings();
  // The page's own words in its language; the owner's text is English until it is translated.
  const words = pageWords("about", messageChain(context.get(requestContext).language));
  return { ...sectionsOf(parseMarkdown(aboutPage)), words };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, sections, words } = loaderData;
  return (
    <div lang={words.lang} dir={words.dir}>
      <PageHero name="about" alt={words.text.heroAlt} />
      <div className="relative mx-auto -mt-8 max-w-4xl px-4 sm:-mt-16 lg:-mt-24">
        <Card title={words.text.title} className="sm:p-10">
          <div {...words.content}>
            <Markdown blocks={intro} headingLevel={2} className="space-y-4 text-lg text-slate-700" />
          </div>
          {sections.length > 0 ? (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2" {...words.content}>
              {sections.map((section, index) => (
                <li key={index} className="rounded-lg border border-slate-200 bg-slate-50 p-5">
                  <h2 className="font-semibold text-slate-900">{inline(section.heading)}</h2>
                  <Markdown blocks={section.blocks} headingLevel={2} className="mt-1 space-y-2 text-slate-700" />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/catalog"
              className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900"
            >
              {words.text.browse}
            </Link>
            <Link
              to="/contact"
              className="inline-flex rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {words.text.contact}
            </Link>
          </p>
        </Card>
      </div>
    </div>
  );
}

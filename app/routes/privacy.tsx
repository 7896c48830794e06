import { Markdown } from "#app/components/firmware-release";
import { useSiteSettings } from "#app/components/site-settings";
import { parseMarkdown, sectionsOf } from "#app/domain/markdown";
import { MarkdownSections } from "#app/components/markdown-sections";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { messageChain } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import { aroundMark, VALUE_MARK } from "#app/domain/languages";
import type { Route } from "./+types/privacy";
import type { PageHandle } from "#app/domain/live";
import { TextLink } from "#app/components/ui";

/** The owner's policy from the site settings: cached for visitors until the settings change. */
export const handle: PageHandle = { live: ["settings"], cache: {} };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    title: loaderData?.words.text.title ?? "",
    description: loaderData?.words.text.description ?? "",
    path: "/privacy",
    ...seoContext(matches),
  });

/** The owner's policy (Markdown, read here: the parser stays out of the page's scripts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { privacyPolicy } = await context.get(servicesContext).settings.getSiteSettings();
  // The page's own words in its language; the owner's policy is English until it is translated.
  const words = pageWords("privacy", messageChain(context.get(requestContext).language), { email: VALUE_MARK });
  // The contact address is a link inside the sentence: the words around it.
  const [beforeAddress, afterAddress] = aroundMark(words.text.questions);
  return { policy: sectionsOf(parseMarkdown(privacyPolicy)), words, beforeAddress, afterAddress };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { policy, words, beforeAddress, afterAddress } = loaderData;
  const { contactEmail } = useSiteSettings();
  const mail = (
    <TextLink href={`mailto:${contactEmail}`} weight="medium" className="break-all">
      {contactEmail}
    </TextLink>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" lang={words.lang} dir={words.dir}>
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{words.text.title}</h1>
        {policy.intro.length > 0 ? (
          <div {...words.content}>
            <Markdown blocks={policy.intro} className="mt-3 space-y-3 text-lg text-slate-700" />
          </div>
        ) : null}
      </header>

      <div className="mt-8 space-y-10" {...words.content}>
        <MarkdownSections sections={policy.sections} className="space-y-4 text-slate-700" />
      </div>

      <footer className="mt-12 rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">{words.text.questionsHeading}</h2>
        <p className="mt-2">
          {beforeAddress}
          {mail}
          {afterAddress}
        </p>
      </footer>
    </article>
  );
}

import { Markdown } from "#app/components/firmware-release";
import { useSiteSettings } from "#app/components/site-settings";
import { parseMarkdown, sectionsOf } from "#app/domain/markdown";
import { MarkdownSections } from "#app/components/markdown-sections";
import { seoContext, seoMeta } from "#app/domain/seo";
import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/privacy";
import type { PageHandle } from "#app/domain/live";
import { TextLink } from "#app/components/ui";

/** The owner's policy from the site settings: cached for visitors until the settings change. */
export const handle: PageHandle = { live: ["settings"], cache: {} };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Privacy Policy",
    description:
      "What information this website collects, how it is used, where it is processed, when it is disclosed and how it is kept secure.",
    path: "/privacy",
    ...seoContext(matches),
  });

/** The owner's policy (Markdown, read here: the parser stays out of the page's scripts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { privacyPolicy } = await context.get(servicesContext).settings.getSiteSettings();
  return { policy: sectionsOf(parseMarkdown(privacyPolicy)) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  const { contactEmail } = useSiteSettings();
  const mail = (
    <TextLink href={`mailto:${contactEmail}`} weight="medium" className="break-all">
      {contactEmail}
    </TextLink>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Privacy Policy</h1>
        {policy.intro.length > 0 ? (
          <Markdown blocks={policy.intro} className="mt-3 space-y-3 text-lg text-slate-700" />
        ) : null}
      </header>

      <div className="mt-8 space-y-10">
        <MarkdownSections sections={policy.sections} className="space-y-4 text-slate-700" />
      </div>

      <footer className="mt-12 rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Questions about this policy</h2>
        <p className="mt-2">
          We may update this policy from time to time; the current version is always on this page. If you have any
          questions about it, or want to know what information we hold about you, please email us at {mail}.
        </p>
      </footer>
    </article>
  );
}

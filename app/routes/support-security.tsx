import { Link } from "#app/components/links";
import { ListChoice, ListFilters } from "#app/components/list-choice";
import { Pagination, requestedPage } from "#app/components/pagination";
import { SeverityBadge } from "#app/components/severity-badge";
import { TextLink } from "#app/components/ui";
import { CSAF_PROVIDER_METADATA_PATH, headlineScore } from "#app/domain/advisory";
import { SEVERITIES } from "#app/domain/cvss";
import { DayTime } from "#app/components/day-time";
import { aroundMark, VALUE_MARK } from "#app/domain/languages";
import type { PageHandle } from "#app/domain/live";
import {
  ADVISORIES_FEED_PATH,
  catalogProductPath,
  DISCLOSURE_POLICY_PATH,
  SUPPORT_SECURITY_PATH,
} from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/support-security";
import { messageChain, paginationView } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import { dayView } from "#app/server/render/days.server";
import { scoreInWords, severityName } from "#app/server/render/advisory-words.server";

export const handle: PageHandle = {
  live: ["advisories", "products", "firmware"],
  cache: { query: ["product", "severity", "year", "page"] },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    ...seoContext(matches),
    title: loaderData?.words.text.title ?? "",
    description: loaderData?.words.text.description ?? "",
    path: SUPPORT_SECURITY_PATH,
  });

export async function loader({ url, context }: Route.LoaderArgs) {
  const { advisories } = context.get(servicesContext);
  const params = url.searchParams;
  const choices = await advisories.filterChoices();
  const product = choices.products.find((known) => known.id === params.get("product"));
  const severity = SEVERITIES.find((known) => known === params.get("severity"));
  const year = choices.years.find((known) => known === params.get("year"));
  const listing = await advisories.list({ productId: product?.id, severity, year, page: requestedPage(url) });
  const chain = messageChain(context.get(requestContext).language);
  // The page's words in its language, its days written as it writes them; what the advisories say is
  // English until translated.
  const words = pageWords("securityPage", chain, { total: listing.total, day: VALUE_MARK, products: VALUE_MARK });
  return {
    words,
    published: aroundMark(words.text.published),
    updated: aroundMark(words.text.updated),
    affects: aroundMark(words.text.affects),
    pagination: paginationView(listing, chain),
    listing: {
      ...listing,
      // What the list shows of each, made here: its page's code needs no scores or ranges.
      items: listing.items.map((advisory) => {
        const score = headlineScore(advisory.cvss);
        return {
          id: advisory.id,
          title: advisory.title,
          summary: advisory.summary,
          path: advisory.path,
          severity: advisory.severity,
          severityName: severityName(advisory.severity, chain),
          score: score ? scoreInWords(score.score, chain) : "",
          cves: advisory.cves,
          published: dayView(advisory.published, chain[0]),
          updated: advisory.revisions.length > 1 ? dayView(advisory.updated, chain[0]) : null,
          products: advisory.affected.map(({ productId, slug, model }) => ({ id: productId, slug, model })),
        };
      }),
    },
    product: product?.id ?? "",
    severity: severity ?? "",
    year: year ?? "",
    choices,
    // The severities there are, each named in the page's language.
    severityOptions: choices.severities.map((known): [string, string] => [known, severityName(known, chain)]),
  };
}

export default function SupportSecurity({ loaderData }: Route.ComponentProps) {
  const { listing, product, severity, year, choices, severityOptions, words, published, updated, affects } = loaderData;
  const { text, content } = words;
  const narrowed = Boolean(product || severity || year);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12" lang={words.lang} dir={words.dir}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{text.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{text.intro}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`${DISCLOSURE_POLICY_PATH}#report`} className="font-semibold text-brand-700 underline">
            {text.report}
          </Link>
          <a href={ADVISORIES_FEED_PATH} className="text-brand-700 underline">
            {text.feed}
          </a>
          <a href={CSAF_PROVIDER_METADATA_PATH} className="text-brand-700 underline">
            {text.csaf}
          </a>
        </p>
      </header>

      <ListFilters label={text.filters} apply={text.apply}>
        <ListChoice
          list="advisories"
          name="product"
          label={text.product}
          value={product}
          options={[
            ["", text.everyProduct],
            ...choices.products.map((known): [string, string] => [known.id, known.model]),
          ]}
        />
        <ListChoice
          list="advisories"
          name="severity"
          label={text.severity}
          value={severity}
          options={[["", text.everySeverity], ...severityOptions]}
        />
        <ListChoice
          list="advisories"
          name="year"
          label={text.year}
          value={year}
          options={[["", text.everyYear], ...choices.years.map((known): [string, string] => [known, known])]}
        />
      </ListFilters>

      <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p role="status" className="text-sm text-slate-600">
          {text.count}
        </p>
        {narrowed ? <TextLink to={SUPPORT_SECURITY_PATH}>{text.showAll}</TextLink> : null}
      </div>

      {listing.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {narrowed ? text.noMatches : text.none}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {listing.items.map((advisory) => (
            <li key={advisory.id}>
              <article className="rounded-xl border border-slate-200 bg-white p-5">
                <h2 className="text-lg font-semibold text-slate-900" {...content}>
                  <Link to={advisory.path} className="text-brand-700 hover:underline">
                    {advisory.id}: {advisory.title}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <SeverityBadge severity={advisory.severity} score={advisory.score} label={advisory.severityName} />
                  <span>
                    {published[0]}
                    <DayTime day={advisory.published} />
                    {published[1]}
                    {advisory.updated ? (
                      <>
                        {updated[0]}
                        <DayTime day={advisory.updated} />
                        {updated[1]}
                      </>
                    ) : null}
                  </span>
                  {advisory.cves.length ? <span>{advisory.cves.join(", ")}</span> : null}
                </p>
                <p className="mt-2 text-slate-800" {...content}>
                  {advisory.summary}
                </p>
                {advisory.products.length ? (
                  <p className="mt-2 text-sm text-slate-700">
                    {affects[0]}
                    {advisory.products.map((affected, index) => (
                      <span key={affected.id}>
                        {index > 0 ? text.separator : ""}
                        <Link to={catalogProductPath(affected)} className="text-brand-700 underline">
                          {affected.model}
                        </Link>
                      </span>
                    ))}
                    {affects[1]}
                  </p>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination {...loaderData.pagination} />
    </div>
  );
}

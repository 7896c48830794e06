import { Link } from "#app/components/links";
import { ListChoice, ListFilters } from "#app/components/list-choice";
import { Pagination, requestedPage } from "#app/components/pagination";
import { SeverityBadge } from "#app/components/severity-badge";
import { TextLink } from "#app/components/ui";
import { CSAF_PROVIDER_METADATA_PATH, headlineScore } from "#app/domain/advisory";
import { SEVERITIES } from "#app/domain/cvss";
import { formatDate } from "#app/domain/format";
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

export const handle: PageHandle = {
  live: ["advisories", "products", "firmware"],
  cache: { query: ["product", "severity", "year", "page"] },
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...seoContext(matches),
    title: "Security advisories",
    description:
      "Vulnerabilities in our cameras and recorders: what each affects, how severe it is, and the firmware that fixes it.",
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
  return {
    pagination: paginationView(listing, messageChain(context.get(requestContext).language)),
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
          score: score ? score.score.toFixed(1) : "",
          cves: advisory.cves,
          published: advisory.published,
          updated: advisory.revisions.length > 1 ? advisory.updated : null,
          products: advisory.affected.map(({ productId, slug, model }) => ({ id: productId, slug, model })),
        };
      }),
    },
    product: product?.id ?? "",
    severity: severity ?? "",
    year: year ?? "",
    choices,
  };
}

export default function SupportSecurity({ loaderData }: Route.ComponentProps) {
  const { listing, product, severity, year, choices } = loaderData;
  const narrowed = Boolean(product || severity || year);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Security advisories</h1>
        <p className="mt-3 text-lg text-slate-700">
          Vulnerabilities in our products: what each affects, how severe it is, and the firmware that fixes it.
        </p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`${DISCLOSURE_POLICY_PATH}#report`} className="font-semibold text-brand-700 underline">
            Report a vulnerability
          </Link>
          <a href={ADVISORIES_FEED_PATH} className="text-brand-700 underline">
            Atom feed
          </a>
          <a href={CSAF_PROVIDER_METADATA_PATH} className="text-brand-700 underline">
            CSAF 2.0 provider metadata
          </a>
        </p>
      </header>

      <ListFilters label="Filter advisories" apply="Apply">
        <ListChoice
          list="advisories"
          name="product"
          label="Product"
          value={product}
          options={[
            ["", "Every product"],
            ...choices.products.map((known): [string, string] => [known.id, known.model]),
          ]}
        />
        <ListChoice
          list="advisories"
          name="severity"
          label="Severity"
          value={severity}
          options={[["", "Every severity"], ...choices.severities.map((known): [string, string] => [known, known])]}
        />
        <ListChoice
          list="advisories"
          name="year"
          label="Year"
          value={year}
          options={[["", "Every year"], ...choices.years.map((known): [string, string] => [known, known])]}
        />
      </ListFilters>

      <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p role="status" className="text-sm text-slate-600">
          {listing.total} {listing.total === 1 ? "advisory" : "advisories"}
        </p>
        {narrowed ? <TextLink to={SUPPORT_SECURITY_PATH}>Show every advisory</TextLink> : null}
      </div>

      {listing.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {narrowed ? "No advisory matches these filters." : "No security advisory has been published."}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {listing.items.map((advisory) => (
            <li key={advisory.id}>
              <article className="rounded-xl border border-slate-200 bg-white p-5">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={advisory.path} className="text-brand-700 hover:underline">
                    {advisory.id}: {advisory.title}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <SeverityBadge severity={advisory.severity} score={advisory.score} />
                  <span>
                    Published <time dateTime={advisory.published}>{formatDate(advisory.published)}</time>
                    {advisory.updated ? (
                      <>
                        , updated <time dateTime={advisory.updated}>{formatDate(advisory.updated)}</time>
                      </>
                    ) : null}
                  </span>
                  {advisory.cves.length ? <span>{advisory.cves.join(", ")}</span> : null}
                </p>
                <p className="mt-2 text-slate-800">{advisory.summary}</p>
                {advisory.products.length ? (
                  <p className="mt-2 text-sm text-slate-700">
                    Affects{" "}
                    {advisory.products.map((affected, index) => (
                      <span key={affected.id}>
                        {index > 0 ? ", " : ""}
                        <Link to={catalogProductPath(affected)} className="text-brand-700 underline">
                          {affected.model}
                        </Link>
                      </span>
                    ))}
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

import { useId } from "react";
import { data, redirect } from "react-router";
import { Markdown } from "#app/components/firmware-release";
import { Link } from "#app/components/links";
import { SeverityBadge } from "#app/components/severity-badge";
import { headlineScore, versionsInWords } from "#app/domain/advisory";
import { formatDate } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { parseMarkdown } from "#app/domain/markdown";
import { catalogProductPath, SUPPORT_SECURITY_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { pageTitle } from "#app/domain/site";
import { csafDocumentPath } from "#app/server/render/csaf.server";
import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/support-advisory";

export const handle: PageHandle = { live: ["advisories", "products", "firmware"], cache: {} };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Not Found") }];
  const { advisory } = loaderData;
  return seoMeta({
    ...seoContext(matches),
    title: `${advisory.id}: ${advisory.title}`,
    description: advisory.summary,
    path: advisory.path,
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { advisories } = context.get(servicesContext);
  const advisory = await advisories.get(params.advisoryId);
  if (!advisory) throw data("Not Found", { status: 404, statusText: "Not Found" });
  // One address per advisory: its id in lower case.
  if (`${SUPPORT_SECURITY_PATH}/${params.advisoryId}` !== advisory.path) throw redirect(advisory.path, 301);
  const score = headlineScore(advisory.cvss);
  return {
    // What the page says, worded here: its code needs no scores, ranges or Markdown reader.
    advisory: {
      id: advisory.id,
      title: advisory.title,
      summary: advisory.summary,
      path: advisory.path,
      status: advisory.status === "final" ? "Final" : "Interim",
      severity: advisory.severity,
      score: score ? score.score.toFixed(1) : "",
      scores: [advisory.cvss.v40, advisory.cvss.v31].flatMap((scored) =>
        scored
          ? [
              {
                version: scored.version,
                score: scored.score.toFixed(1),
                severity: scored.severity,
                vector: scored.vector,
              },
            ]
          : [],
      ),
      cves: advisory.cves,
      workaround: advisory.workaround,
      acknowledgments: advisory.acknowledgments,
      published: advisory.published,
      updated: advisory.updated,
      revisions: advisory.revisions,
      csafPath: csafDocumentPath(advisory),
    },
    details: parseMarkdown(advisory.details),
    affected: advisory.affected.map((product) => ({
      id: product.productId,
      model: product.model,
      path: catalogProductPath(product),
      versions: versionsInWords(product.affectedVersions),
      fixedIn: product.fixedIn && { version: product.fixedIn.version, path: product.fixedIn.url },
    })),
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function SupportAdvisory({ loaderData }: Route.ComponentProps) {
  const { advisory, details, affected } = loaderData;
  return (
    <article className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/support" className="hover:underline">
              Support
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link to={SUPPORT_SECURITY_PATH} className="hover:underline">
              Security advisories
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page" className="font-medium text-slate-900">
            {advisory.id}
          </li>
        </ol>
      </nav>
      <header className="space-y-3">
        <p className="font-mono text-sm text-slate-600">{advisory.id}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{advisory.title}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <SeverityBadge severity={advisory.severity} score={advisory.score} label={advisory.severity} />
          <span>Status: {advisory.status}</span>
          <span>
            Published <time dateTime={advisory.published}>{formatDate(advisory.published)}</time>
          </span>
          {advisory.revisions.length > 1 ? (
            <span>
              Updated <time dateTime={advisory.updated}>{formatDate(advisory.updated)}</time>
            </span>
          ) : null}
        </p>
        <p className="text-lg text-slate-800">{advisory.summary}</p>
      </header>

      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-[auto_1fr]">
        {advisory.cves.length ? (
          <div className="contents">
            <dt className="font-semibold text-slate-900">CVE</dt>
            <dd>
              {advisory.cves.map((cve, index) => (
                <span key={cve}>
                  {index > 0 ? ", " : ""}
                  <a href={`https://www.cve.org/CVERecord?id=${cve}`} className="text-brand-700 underline">
                    {cve}
                  </a>
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {advisory.scores.map((score) => (
          <div key={score.version} className="contents">
            <dt className="font-semibold text-slate-900">CVSS {score.version}</dt>
            <dd>
              {score.score} ({score.severity}) <code className="font-mono text-xs break-all">{score.vector}</code>
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold text-slate-900">Machine-readable</dt>
          <dd>
            <a href={advisory.csafPath} className="text-brand-700 underline">
              CSAF 2.0 document (JSON)
            </a>
          </dd>
        </div>
      </dl>

      <Section title="Affected products">
        {affected.length ? (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Affected firmware
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Fixed in
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {affected.map((product) => (
                  <tr key={product.id}>
                    <th scope="row" className="px-4 py-3 font-normal">
                      <Link
                        to={product.path}
                        className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                      >
                        {product.model}
                      </Link>
                    </th>
                    <td className="px-4 py-3">{product.versions}</td>
                    <td className="px-4 py-3">
                      {product.fixedIn ? (
                        <Link to={product.fixedIn.path} className="text-brand-700 underline">
                          Firmware {product.fixedIn.version}
                        </Link>
                      ) : (
                        "No fixed firmware yet"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-slate-700">No product on sale is named.</p>
        )}
      </Section>

      {advisory.workaround ? (
        <Section title="Workaround">
          <p className="whitespace-pre-line text-slate-800">{advisory.workaround}</p>
        </Section>
      ) : null}

      {details.length ? (
        <Section title="Details">
          <Markdown blocks={details} headingLevel={3} />
        </Section>
      ) : null}

      {advisory.acknowledgments.length ? (
        <Section title="Acknowledgments">
          <ul className="list-disc pl-5 text-slate-800">
            {advisory.acknowledgments.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Revision history">
        <ol className="space-y-1 text-sm text-slate-800">
          {advisory.revisions.map((revision) => (
            <li key={revision.number}>
              <span className="font-semibold">Revision {revision.number}</span>,{" "}
              <time dateTime={revision.date}>{formatDate(revision.date)}</time>: {revision.note}
            </li>
          ))}
        </ol>
      </Section>
    </article>
  );
}

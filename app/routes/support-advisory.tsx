import { useId } from "react";
import { data, redirect } from "react-router";
import { Markdown } from "#app/components/firmware-release";
import { Link } from "#app/components/links";
import { SeverityBadge } from "#app/components/severity-badge";
import { DayTime } from "#app/components/day-time";
import { headlineScore } from "#app/domain/advisory";
import { aroundMark, VALUE_MARK, withValue } from "#app/domain/languages";
import type { PageHandle } from "#app/domain/live";
import { parseMarkdown } from "#app/domain/markdown";
import { catalogProductPath, SUPPORT_SECURITY_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { pageTitle } from "#app/domain/site";
import { csafDocumentPath } from "#app/server/render/csaf.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { scoreInWords, severityName, versionsInWords } from "#app/server/render/advisory-words.server";
import { dayView } from "#app/server/render/days.server";
import { formatMessage, messageChain } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
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
  const chain = messageChain(context.get(requestContext).language);
  // The page's words in its language, its days written as it writes them; what the advisory says is
  // English until translated.
  const words = pageWords("advisoryPage", chain, {
    status: advisory.status,
    day: VALUE_MARK,
    version: VALUE_MARK,
    number: VALUE_MARK,
  });
  const { text } = words;
  return {
    words,
    published: aroundMark(text.published),
    updated: aroundMark(text.updated),
    revisionDay: aroundMark(text.revisionDay),
    // What the page says, worded here: its code needs no scores, ranges or Markdown reader.
    advisory: {
      id: advisory.id,
      title: advisory.title,
      summary: advisory.summary,
      path: advisory.path,
      severity: advisory.severity,
      severityName: severityName(advisory.severity, chain),
      score: score ? scoreInWords(score.score, chain) : "",
      scores: [advisory.cvss.v40, advisory.cvss.v31].flatMap((scored) =>
        scored
          ? [
              {
                version: scored.version,
                name: withValue(text.cvss, scored.version),
                score: formatMessage("advisory.scoreThenSeverity", chain, {
                  score: scored.score,
                  severity: severityName(scored.severity, chain),
                }).text,
                vector: scored.vector,
              },
            ]
          : [],
      ),
      cves: advisory.cves,
      workaround: advisory.workaround,
      acknowledgments: advisory.acknowledgments,
      published: dayView(advisory.published, chain[0]),
      updated: advisory.revisions.length > 1 ? dayView(advisory.updated, chain[0]) : null,
      revisions: advisory.revisions.map((revision) => ({
        number: revision.number,
        name: withValue(text.revision, String(revision.number)),
        day: dayView(revision.date, chain[0]),
        note: revision.note,
      })),
      csafPath: csafDocumentPath(advisory),
    },
    details: parseMarkdown(advisory.details),
    affected: advisory.affected.map((product) => ({
      id: product.productId,
      model: product.model,
      path: catalogProductPath(product),
      versions: versionsInWords(product.affectedVersions, chain),
      fixedIn: product.fixedIn && {
        name: withValue(text.fixedFirmware, product.fixedIn.version),
        path: product.fixedIn.url,
      },
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
  const { advisory, details, affected, words, published, updated, revisionDay } = loaderData;
  const { text, content } = words;
  return (
    <article className="mx-auto max-w-4xl space-y-8 px-4 py-12" lang={words.lang} dir={words.dir}>
      <nav aria-label={text.breadcrumb} className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/support" className="hover:underline">
              {text.support}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link to={SUPPORT_SECURITY_PATH} className="hover:underline">
              {text.advisories}
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
        <h1 className="text-3xl font-bold tracking-tight text-slate-900" {...content}>
          {advisory.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <SeverityBadge severity={advisory.severity} score={advisory.score} label={advisory.severityName} />
          <span>{text.status}</span>
          <span>
            {published[0]}
            <DayTime day={advisory.published} />
            {published[1]}
          </span>
          {advisory.updated ? (
            <span>
              {updated[0]}
              <DayTime day={advisory.updated} />
              {updated[1]}
            </span>
          ) : null}
        </p>
        <p className="text-lg text-slate-800" {...content}>
          {advisory.summary}
        </p>
      </header>

      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-[auto_1fr]">
        {advisory.cves.length ? (
          <div className="contents">
            <dt className="font-semibold text-slate-900">{text.cve}</dt>
            <dd>
              {advisory.cves.map((cve, index) => (
                <span key={cve}>
                  {index > 0 ? text.separator : ""}
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
            <dt className="font-semibold text-slate-900">{score.name}</dt>
            <dd>
              {score.score} <code className="font-mono text-xs break-all">{score.vector}</code>
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold text-slate-900">{text.machineReadable}</dt>
          <dd>
            <a href={advisory.csafPath} className="text-brand-700 underline">
              {text.csaf}
            </a>
          </dd>
        </div>
      </dl>

      <Section title={text.affected}>
        {affected.length ? (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {text.product}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {text.affectedFirmware}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {text.fixedIn}
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
                          {product.fixedIn.name}
                        </Link>
                      ) : (
                        text.noFix
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-slate-700">{text.noneOnSale}</p>
        )}
      </Section>

      {advisory.workaround ? (
        <Section title={text.workaround}>
          <p className="whitespace-pre-line text-slate-800" {...content}>
            {advisory.workaround}
          </p>
        </Section>
      ) : null}

      {details.length ? (
        <Section title={text.details}>
          <div {...content}>
            <Markdown blocks={details} headingLevel={3} />
          </div>
        </Section>
      ) : null}

      {advisory.acknowledgments.length ? (
        <Section title={text.acknowledgments}>
          <ul className="list-disc pl-5 text-slate-800">
            {advisory.acknowledgments.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title={text.revisions}>
        <ol className="space-y-1 text-sm text-slate-800">
          {advisory.revisions.map((revision) => (
            <li key={revision.number}>
              <span className="font-semibold">{revision.name}</span>
              {revisionDay[0]}
              <DayTime day={revision.day} />
              {revisionDay[1]}
              <span {...content}>{revision.note}</span>
            </li>
          ))}
        </ol>
      </Section>
    </article>
  );
}

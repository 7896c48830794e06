import { useEffect, useState } from "react";
import { Form, redirect, useSubmit } from "react-router";
import { storeCompareSelection } from "#app/components/compare-store";
import { useHydrated } from "#app/components/use-hydrated";
import { NdaaIcon } from "#app/components/ndaa";
import { ResponsiveImage } from "#app/components/responsive-image";
import { Alert, Button, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import {
  ADD_PARAM,
  COMPARE_PARAM,
  compareRows,
  comparedIds,
  comparePath,
  MAX_COMPARED,
  isComparePath,
  ONLY_DIFFERENCES_PARAM,
} from "#app/domain/compare";
import type { CatalogProduct } from "#app/domain/catalog-views";
import type { PageHandle } from "#app/domain/live";
import { catalogProductPath } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { messageChain } from "#app/server/render/messages.server";
import { lifecycleWording, pageWords, valueWordsIn } from "#app/server/render/page-languages.server";
import { aroundMark, VALUE_MARK } from "#app/domain/languages";
import type { Route } from "./+types/compare";

/**
 * Live, but not page-cached: any four products make a comparison, far more addresses than the cache
 * should hold (each is rendered from the in-memory catalog, which is quick).
 */

/** The comparison's first column, kept at the left edge as the table scrolls, with a line where the scrolled cells pass under it. */
const KEPT_IN_VIEW = "sticky left-0 z-[1] shadow-[inset_-1px_0_0_#e2e8f0] print:static print:shadow-none";
export const handle: PageHandle = { live: ["products", "categories"] };

/** A shared comparison link previews as what it compares; its canonical address is that comparison's one URL. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const compared = Boolean(loaderData?.products.length);
  const text = loaderData?.words.text;
  const first = loaderData?.products[0];
  return seoMeta({
    ...seoContext(matches),
    title: (compared ? text?.titleOf : text?.title) ?? "",
    description: (compared ? text?.descriptionOf : text?.description) ?? "",
    path: comparePath(loaderData?.ids ?? [], false),
    image: first?.image.url,
    imageAlt: first ? first.image.alt || first.model : undefined,
  });
};

/**
 * The products named by `p` (published ones: a product withdrawn since drops out) with their rows
 * aligned. A URL in another spelling (a form's `p=a&p=b`, repeats, too many) is sent to the one URL of
 * that comparison, so a shared link and the page cache see one address per comparison. `add` is the
 * model typed into "Add a product".
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const ids = comparedIds(url.searchParams);
  const onlyDifferences = url.searchParams.has(ONLY_DIFFERENCES_PARAM);
  let notice: "full" | "notFound" | null = null;
  const added = url.searchParams.get(ADD_PARAM)?.trim();
  if (added) {
    const found = ids.length < MAX_COMPARED ? await catalog.findPublishedModel(added) : null;
    if (found) throw redirect(comparePath(ids.includes(found.id) ? ids : [...ids, found.id], onlyDifferences));
    notice = ids.length >= MAX_COMPARED ? "full" : "notFound";
  } else if (!isComparePath(url, ids, onlyDifferences)) {
    throw redirect(comparePath(ids, onlyDifferences));
  }
  const found = await Promise.all(ids.map((id) => catalog.getProduct(id)));
  const products = found.filter((product): product is CatalogProduct => product !== null);
  const withdrawn = ids.length - products.length;
  // The page's words in its language; what it compares (names, specifications) is English until translated.
  const chain = messageChain(context.get(requestContext).language);
  const words = pageWords("compare", chain, {
    models: products.map((product) => product.model).join(", "),
    count: withdrawn,
    max: MAX_COMPARED,
    model: added ?? "",
    removed: VALUE_MARK,
  });
  const [beforeRemoved, afterRemoved] = aroundMark(words.text.removeLabel);
  return {
    ids: products.map((product) => product.id),
    onlyDifferences,
    notice: notice && words.text[notice],
    withdrawn,
    products: products.map(({ id, slug, model, name, image, ndaa }) => ({ id, slug, model, name, image, ndaa })),
    rows: compareRows(products, words.text, {
      values: valueWordsIn(words.lang),
      lifecycle: lifecycleWording(words.lang),
    }),
    words,
    removeLabel: { before: beforeRemoved, after: afterRemoved },
  };
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { ids, products, rows, onlyDifferences, notice, withdrawn, words, removeLabel } = loaderData;
  const { text, content } = words;
  const submit = useSubmit();
  const hydrated = useHydrated();
  // Ticked at once; the page's answer (or Back) then says what is shown.
  const [onlyChecked, setOnlyChecked] = useState(onlyDifferences);
  const [shownOnly, setShownOnly] = useState(onlyDifferences);
  if (shownOnly !== onlyDifferences) {
    setShownOnly(onlyDifferences);
    setOnlyChecked(onlyDifferences);
  }
  // The catalog's "Compare" boxes start from what this page compares (a shared link, a removal).
  const key = ids.join(",");
  useEffect(() => {
    storeCompareSelection(key ? key.split(",") : []);
  }, [key]);
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8" lang={words.lang} dir={words.dir}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.title}</h1>
      {notice ? <Alert tone="error">{notice}</Alert> : null}
      {withdrawn > 0 ? <Alert tone="info">{text.withdrawn}</Alert> : null}

      {products.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <>
          <Form method="get" action="/compare" className="print:hidden">
            <input type="hidden" name={COMPARE_PARAM} value={ids.join(",")} />
            <div className="flex items-center gap-2">
              <input
                id="only-differences"
                type="checkbox"
                name={ONLY_DIFFERENCES_PARAM}
                value="1"
                checked={onlyChecked}
                // The box stays where it is (focus too): the page's rows follow it.
                onChange={(event) => {
                  setOnlyChecked(event.currentTarget.checked);
                  if (event.currentTarget.form) {
                    void submit(event.currentTarget.form, { preventScrollReset: true, replace: true });
                  }
                }}
                className="h-4 w-4 rounded border-slate-400 text-brand-700"
              />
              <label htmlFor="only-differences" className="text-sm font-medium text-slate-800">
                {text.onlyDifferences}
              </label>
              <noscript>
                <Button type="submit" size="sm" variant="secondary">
                  {text.apply}
                </Button>
              </noscript>
            </div>
          </Form>
          {/* Positioned, so that what is positioned inside (the NDAA icon's text) scrolls with the table and never widens the page. */}
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white print:overflow-visible print:border-0">
            <table className="w-full min-w-[40rem] table-fixed border-collapse text-left text-sm">
              <caption className="sr-only">{onlyDifferences ? text.captionDifferences : text.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 align-top">
                  {/* The first column stays in view while a phone scrolls the products sideways. */}
                  <td className={`w-36 p-3 sm:w-40 ${KEPT_IN_VIEW} bg-white`} />
                  {products.map((product) => (
                    <th key={product.id} scope="col" className="p-3 font-normal">
                      <ResponsiveImage
                        image={product.image}
                        alt={product.image.alt || product.model}
                        sizes="12rem"
                        className="mb-2 aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
                        // The table's first row, in view from the start: the page's largest paint.
                        priority
                      />
                      <span className="flex items-center gap-2">
                        <Link
                          to={catalogProductPath(product)}
                          className="text-base font-semibold text-slate-900 hover:underline"
                        >
                          {product.model}
                        </Link>
                        {product.ndaa ? <NdaaIcon label={text.ndaa} /> : null}
                      </span>
                      {product.name ? (
                        <span className="block text-sm text-slate-600" {...content}>
                          {product.name}
                        </span>
                      ) : null}
                      <Link
                        to={comparePath(
                          ids.filter((id) => id !== product.id),
                          onlyDifferences,
                        )}
                        className="mt-1 inline-block text-xs text-brand-700 underline print:hidden"
                        aria-label={`${removeLabel.before}${product.model}${removeLabel.after}`}
                        preventScrollReset
                      >
                        {text.remove}
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row, index) => [
                  // A typed value's group heads its rows (decision 070).
                  row.group !== undefined && row.group !== "" && row.group !== shown[index - 1]?.group ? (
                    <tr key={`group:${row.group}`} className="border-b border-slate-200">
                      <th
                        scope="rowgroup"
                        colSpan={products.length + 1}
                        className={`bg-white px-3 pt-4 pb-1 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase ${KEPT_IN_VIEW}`}
                        {...(row.ownGroup ? undefined : content)}
                      >
                        {row.group}
                      </th>
                    </tr>
                  ) : null,
                  <tr
                    // A spec table may have its own "Category" row: names need not be unique.
                    key={`${index}:${row.name}`}
                    className={`border-b border-slate-100 align-top ${row.differs ? "bg-amber-50 print:bg-transparent" : ""}`}
                    data-differs={row.differs ? "true" : undefined}
                  >
                    {/* 9rem on a phone holds "Lebenszyklus" and "(unterschiedlich)"; a longer word breaks rather than run under the values. */}
                    <th
                      scope="row"
                      className={`p-3 font-semibold text-slate-800 wrap-break-word ${KEPT_IN_VIEW} ${row.differs ? "bg-amber-50 print:bg-transparent" : "bg-white"}`}
                    >
                      <span {...(row.pageLanguage === "name" || row.pageLanguage === "row" ? undefined : content)}>
                        {row.name}
                      </span>
                      {row.differs ? (
                        // After a space: the line may break before it rather than inside a word.
                        <span className="text-xs font-normal text-amber-900" title={text.differsTitle}>
                          {` ${text.differs}`}
                        </span>
                      ) : null}
                    </th>
                    {row.values.map((value, index) => (
                      <td
                        key={index}
                        className="p-3 whitespace-pre-line text-slate-800 wrap-anywhere"
                        {...(row.pageLanguage === "values" || row.pageLanguage === "row" ? undefined : content)}
                      >
                        {value ?? <span className="text-slate-500">—</span>}
                      </td>
                    ))}
                  </tr>,
                ])}
              </tbody>
            </table>
          </div>
          {shown.length === 0 ? <p className="text-slate-700">{text.noDifferences}</p> : null}
        </>
      )}

      <div className="flex flex-wrap items-end gap-6 print:hidden">
        <Form method="get" action="/compare" className="flex flex-wrap items-end gap-2">
          {ids.length ? <input type="hidden" name={COMPARE_PARAM} value={ids.join(",")} /> : null}
          {onlyDifferences ? <input type="hidden" name={ONLY_DIFFERENCES_PARAM} value="1" /> : null}
          <div className="space-y-1">
            <label htmlFor="compare-add" className="block text-sm font-medium text-slate-800">
              {text.addLabel}
            </label>
            <input
              id="compare-add"
              name={ADD_PARAM}
              type="text"
              autoComplete="off"
              required
              disabled={ids.length >= MAX_COMPARED}
              className="rounded-md border border-slate-500 px-3 py-2 text-sm"
            />
          </div>
          <Button type="submit" variant="secondary" disabled={ids.length >= MAX_COMPARED}>
            {text.add}
          </Button>
        </Form>
        {ids.length ? (
          <>
            <TextLink to="/compare">{text.clear}</TextLink>
            {hydrated ? (
              <Button type="button" variant="link" onClick={() => window.print()}>
                {text.print}
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {ids.length >= MAX_COMPARED ? <p className="text-sm text-slate-600 print:hidden">{text.full}</p> : null}
    </div>
  );
}

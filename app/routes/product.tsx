import { productTitle } from "#app/domain/catalog-views";
import { lazy, Suspense, useId } from "react";
import { data, redirect } from "react-router";
import { DownloadsList } from "#app/components/downloads-list";
import { useCompareSelection } from "#app/components/compare-store";
import { comparePath, MAX_COMPARED } from "#app/domain/compare";
import { ImageChooser } from "#app/components/image-chooser";
import { NdaaBadge } from "#app/components/ndaa";
import { SpecsTable } from "#app/components/specs-table";
import { TypedSpecsTable } from "#app/components/typed-specs-table";
import { specificationGroups } from "#app/domain/spec-attributes";
import { TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import { ResponsiveImage } from "#app/components/responsive-image";
import { JsonLd } from "#app/components/json-ld";
import { languageBase } from "#app/domain/languages";
import type { PageHandle } from "#app/domain/live";
import {
  breadcrumbJsonLd,
  lifecyclePropertiesJsonLd,
  productJsonLd,
  serializeJsonLd,
  specPropertiesJsonLd,
} from "#app/domain/json-ld";
import { seoContext, seoMeta } from "#app/domain/seo";
import { DEFAULT_SITE, pageTitle } from "#app/domain/site";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { formatMessage, languagePart, messageChain } from "#app/server/render/messages.server";
import {
  downloadListWords,
  firmwareReleaseWords,
  listedRelease,
  listedDownloads,
  pageWords,
  productStatusWords,
  translatedProductTexts,
  valueWordsIn,
} from "#app/server/render/page-languages.server";
import { aroundMark } from "#app/domain/languages";
import type { Route } from "./+types/product";
import {
  catalogCategoryPath,
  catalogProductPath,
  dashboardProductPath,
  datasheetPath,
  productAdvisoriesFeedPath,
  productAdvisoriesPath,
  productFirmwareFeedPath,
  productFirmwarePath,
} from "#app/domain/paths";
import { fixStatusInWords, severityInWords } from "#app/server/render/advisory-words.server";
import { FirmwareReleaseEntry } from "#app/components/firmware-release";
import { releaseView } from "#app/server/admin/firmware.server";
import { cameraOptics, opticsValuesOf, type DistanceUnit } from "#app/domain/coverage";
import ServerCoverageCalculator, {
  COVERAGE_PARAMS,
  type CoverageCalculatorProps,
} from "#app/components/coverage-calculator";

import { OnDemand } from "#app/components/on-demand";
import { naturalCompare } from "#app/domain/format";
import { groupByKind } from "#app/domain/download-kinds";

export const handle: PageHandle = {
  live: ["products", "categories", "firmware", "advisories"],
  cache: { byRecord: true },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Not Found") }];
  const { product } = loaderData;
  return seoMeta({
    ...seoContext(matches),
    title: productTitle(product),
    description: product.description,
    path: catalogProductPath(product),
    image: product.image.url,
    imageAlt: product.image.alt || product.model,
    type: "product",
  });
};

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { catalog, firmware, settings, advisories } = context.get(servicesContext);
  const request = context.get(requestContext);
  const [published, user] = await Promise.all([catalog.getProduct(params.productSlug), request.user()]);
  // A signed-in person previews a draft where visitors will see it; for visitors it does not exist.
  // Signed-in requests never reach the page cache, and no cache keeps their answers (http/app.ts).
  const product = published ?? (user ? await catalog.getAnyProduct(params.productSlug) : null);
  if (!product) throw data("Not Found", { status: 404, statusText: "Not Found" });
  // Its id (the address before slugs) sends the visitor, and search engines, to where it is now.
  if (params.productSlug !== product.slug) throw redirect(`${catalogProductPath(product)}${url.search}`, 301);
  const [latestFirmware, affecting] = await Promise.all([
    firmware.latestStable(product.id),
    advisories.affecting(product.id),
  ]);
  const fixes = latestFirmware ? await advisories.fixedBy(latestFirmware.id) : [];
  // The values as visitors read them, made here: the page's code needs no units to show them.
  const { specValues, downloads, translations: _translations, ...untranslated } = product;
  const optics = cameraOptics(opticsValuesOf(specValues));
  const coverage: CoverageCalculatorProps | null = optics && {
    model: product.model,
    optics,
    distance: url.searchParams.get(COVERAGE_PARAMS.distance)?.slice(0, 20) ?? "",
    unit: (url.searchParams.get(COVERAGE_PARAMS.unit) === "ft" ? "ft" : "m") as DistanceUnit,
  };
  const { publicUrl } = request;
  // On a page in another language its structured data names the page at its address there.
  const base = request.language ? languageBase(request.language.tag) : "";
  const siteName = (await settings.getSiteSettings()).companyName || DEFAULT_SITE.companyName;
  // The page's own words in its language; the product's texts in the first of its chain they are
  // translated into, each marked with its language where that is not the words' (decision 094).
  const chain = messageChain(request.language);
  const words = pageWords("product", chain, { model: product.model, number: 0, count: 0 });
  const { texts, marks } = translatedProductTexts(product, chain, words.lang);
  const shown = { ...untranslated, ...texts };
  const images = [product.image, ...product.additionalImages];
  const imageLabels = images.map(
    (_, index) => formatMessage("product.showImage", [words.lang], { number: index + 1, count: images.length }).text,
  );
  const properties = [...specPropertiesJsonLd(specValues), ...lifecyclePropertiesJsonLd(product.lifecycle)];
  const kinds = languagePart("downloadKinds", chain);
  const statusWords = productStatusWords(product.lifecycle, words.lang);
  const downloadList = downloadListWords(chain);
  return {
    coverage,
    // What the page says first of a product no longer sold (decision 072), worded here.
    lifecycle: statusWords.notice && { around: aroundMark(statusWords.notice), separator: statusWords.separator },
    product: shown,
    // Grouped by kind and worded here: the page's code needs neither the kinds nor the words.
    downloadGroups: groupByKind(downloads).map((group) => ({
      heading: kinds.text[group.name],
      downloads: listedDownloads(group.items, downloadList),
    })),
    downloadHeadings: { lang: kinds.lang, dir: kinds.dir },
    downloadList,
    ndaa: product.ndaa ? statusWords.ndaaYes : statusWords.ndaaNo,
    // Structured data, made here: its code stays out of the page's scripts.
    jsonLd: serializeJsonLd([
      productJsonLd(shown, publicUrl, siteName, properties, base),
      breadcrumbJsonLd(
        [
          { name: formatMessage("shell.home", chain).text, path: "/" },
          { name: formatMessage("shell.products", chain).text, path: "/catalog" },
          { name: product.category.name, path: catalogCategoryPath(product.category) },
          { name: product.model, path: catalogProductPath(product) },
        ],
        publicUrl,
        base,
      ),
    ]),
    specifications: specificationGroups(specValues, valueWordsIn(words.lang)),
    isAdmin: Boolean(user),
    preview: product.publication.status !== "published",
    latestFirmware: latestFirmware
      ? {
          release: {
            ...listedRelease(releaseView(latestFirmware), chain[0], downloadList),
            fixes: fixes.map(({ id, path }) => ({ id, path })),
          },
          words: firmwareReleaseWords(chain),
        }
      : null,
    // Whether its latest firmware fixes each, worded here: the page's code needs no version ranges.
    advisories: affecting.map((advisory) => {
      const affected = advisory.affected.find((candidate) => candidate.productId === product.id);
      return {
        id: advisory.id,
        title: advisory.title,
        path: advisory.path,
        status: formatMessage("advisory.status", chain, {
          severity: severityInWords(advisory, chain),
          fix: affected
            ? fixStatusInWords(
                affected,
                latestFirmware?.releaseVersion,
                Boolean(advisory.workaround),
                naturalCompare,
                chain,
              )
            : "",
        }).text,
      };
    }),
    advisoriesPath: productAdvisoriesPath(product.id),
    advisoriesFeedPath: productAdvisoriesFeedPath(product),
    words,
    marks,
    imageLabels,
    productsLink: formatMessage("shell.products", [words.lang]).text,
  };
}

/**
 * The calculator: the server renders it in place; the browser fetches its code when the visitor nears
 * it (decision 071). Each side's import is left out of the other's build (`import.meta.env.SSR` is a
 * constant there).
 */
const coverageCalculator = import.meta.env.SSR
  ? { server: ServerCoverageCalculator, load: () => Promise.resolve({ default: ServerCoverageCalculator }) }
  : { server: undefined, load: () => import("#app/components/coverage-calculator") };

/**
 * "Compare": this product with those the visitor ticked in the catalog (in this tab), or alone
 * without scripts; the comparison page adds more.
 */
function CompareLink({ id, label, text }: { id: string; label: string; text: string }) {
  const selection = useCompareSelection();
  const ids = selection.includes(id) ? selection : [...selection, id].slice(-MAX_COMPARED);
  return (
    <p>
      <Link
        to={comparePath(ids)}
        // One comparison per product for a crawler to find would be thousands of near-copies.
        rel="nofollow"
        className="inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        aria-label={label}
      >
        {text}
      </Link>
    </p>
  );
}

// Only signed-in people preview drafts: its code is fetched when one does, never by visitors.
const PreviewNotice = lazy(() => import("#app/components/preview-notice"));

function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, isAdmin, preview, latestFirmware, lifecycle, words, marks } = loaderData;
  const { text, content } = words;
  const images = [product.image, ...product.additionalImages];
  return (
    <article className="mx-auto max-w-6xl space-y-6 px-4 py-8" lang={words.lang} dir={words.dir}>
      {preview ? (
        <Suspense fallback={null}>
          <PreviewNotice publication={product.publication} />
        </Suspense>
      ) : null}
      <JsonLd json={loaderData.jsonLd} />
      <nav aria-label={text.breadcrumb} className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/catalog" className="hover:underline">
              {loaderData.productsLink}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li {...content}>
            <Link to={catalogCategoryPath(product.category)} className="hover:underline">
              {product.category.name}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page" className="font-medium text-slate-900">
            {product.model}
          </li>
        </ol>
      </nav>

      {lifecycle ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {lifecycle.around[0]}
          {product.lifecycle.replacements.map((replacement, index) => [
            index ? lifecycle.separator : "",
            <Link key={replacement.id} to={catalogProductPath(replacement)} className="underline">
              {replacement.model}
            </Link>,
          ])}
          {lifecycle.around[1]}
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <ImageChooser
          images={images}
          fallbackAlt={product.model}
          label={text.images}
          imageLabels={loaderData.imageLabels}
        />
        <div className="space-y-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{product.model}</h1>
            {product.name ? (
              <p className="mt-1 text-xl text-slate-700" {...marks.name}>
                {product.name}
              </p>
            ) : null}
          </div>
          <p className="text-slate-700">
            {text.category}{" "}
            <TextLink to={catalogCategoryPath(product.category)} underline="hover" weight="medium" {...content}>
              {product.category.name}
            </TextLink>
          </p>
          {product.features.length > 0 ? (
            <p className="text-slate-700" data-testid="features" {...content}>
              {product.features.map((feature) => feature.label).join(", ")}
            </p>
          ) : null}
          {product.ndaa ? <NdaaBadge label={text.ndaa} /> : null}
          <div className="flex flex-wrap gap-3 print:hidden">
            <CompareLink id={product.id} label={text.compareLabel} text={text.compare} />
            {preview ? null : (
              <a
                href={datasheetPath(product)}
                className="inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                aria-label={text.datasheetLabel}
              >
                {text.datasheet}
              </a>
            )}
          </div>
          <p className="whitespace-pre-line text-slate-800" {...marks.description}>
            {product.description}
          </p>
          {isAdmin ? (
            <p>
              <Link
                to={dashboardProductPath(product.id)}
                className="inline-flex rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {text.dashboard}
              </Link>
            </p>
          ) : null}
        </div>
      </div>

      {loaderData.specifications.length > 0 ? (
        <Section title={text.specifications}>
          <TypedSpecsTable groups={loaderData.specifications} caption={text.specificationsCaption} content={content} />
        </Section>
      ) : null}
      {loaderData.coverage ? (
        <Section title={text.coverage} id="coverage">
          {/* Its words and figures are English still: marked so, left to right on a right-to-left page. */}
          <div {...content}>
            <OnDemand
              // Other figures (another camera, a changed value) are another island.
              key={JSON.stringify(loaderData.coverage)}
              load={coverageCalculator.load}
              server={coverageCalculator.server}
              props={loaderData.coverage}
            />
          </div>
        </Section>
      ) : null}
      {product.specs ? (
        <Section title={loaderData.specifications.length > 0 ? text.moreSpecifications : text.specifications}>
          <p className="whitespace-pre-line text-sm text-slate-800" {...marks.specs}>
            {product.specs}
          </p>
        </Section>
      ) : null}
      {product.specsTable && product.specsTable.length > 0 ? (
        <Section
          title={product.specs || loaderData.specifications.length > 0 ? text.specificationTable : text.specifications}
        >
          <div {...content}>
            <SpecsTable rows={product.specsTable} caption={text.specificationTableCaption} />
          </div>
        </Section>
      ) : null}
      {product.accessories.length > 0 ? (
        <Section title={text.accessories}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {product.accessories.map((accessory) => (
              <li key={accessory.id}>
                <Link
                  to={catalogProductPath(accessory)}
                  className="group block overflow-hidden rounded-lg border border-slate-200 bg-white hover:border-brand-600"
                >
                  {/* The model beside it names the picture: read once, not twice. */}
                  <ResponsiveImage
                    image={accessory.image}
                    alt=""
                    sizes="(min-width: 1024px) 12rem, (min-width: 640px) 30vw, 45vw"
                    className="aspect-[4/3] w-full bg-slate-100 object-cover"
                  />
                  <span className="block px-3 pt-2 text-sm font-medium break-words text-slate-900 group-hover:underline">
                    {accessory.model}
                  </span>
                  <span className="block px-3 pb-2 text-sm break-words text-slate-600" {...content}>
                    {accessory.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {latestFirmware ? (
        <Section title={text.firmware}>
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{text.latestFirmware}</p>
            <FirmwareReleaseEntry
              release={latestFirmware.release}
              words={latestFirmware.words}
              headingLevel={3}
              showProducts={false}
            />
            <p className="flex flex-wrap gap-x-4 text-sm">
              <Link to={productFirmwarePath(product.id)} className="font-semibold text-brand-700 underline">
                {text.allFirmware}
              </Link>
              <a href={productFirmwareFeedPath(product)} className="text-brand-700 underline">
                {text.firmwareFeed}
              </a>
            </p>
          </div>
        </Section>
      ) : null}
      {loaderData.advisories.length ? (
        <Section title={text.advisories}>
          <ul className="space-y-3 text-sm">
            {loaderData.advisories.map((advisory) => (
              <li key={advisory.id}>
                <Link to={advisory.path} className="font-semibold text-brand-700 underline" {...content}>
                  {advisory.id}: {advisory.title}
                </Link>
                <span className="block text-slate-700">{advisory.status}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
            <Link to={loaderData.advisoriesPath} className="text-brand-700 underline">
              {text.allAdvisories}
            </Link>
            <a href={loaderData.advisoriesFeedPath} className="text-brand-700 underline">
              {text.advisoriesFeed}
            </a>
          </p>
        </Section>
      ) : null}
      <Section title={text.compliance}>
        <p className="text-sm text-slate-800">{loaderData.ndaa}</p>
      </Section>
      <Section title={text.downloads}>
        {loaderData.downloadGroups.length > 0 ? (
          loaderData.downloadGroups.map((group) => (
            <div key={group.heading}>
              <h3 className="mt-3 text-base font-semibold text-slate-900" {...loaderData.downloadHeadings}>
                {group.heading}
              </h3>
              <DownloadsList downloads={group.downloads} words={loaderData.downloadList} content={content} />
            </div>
          ))
        ) : (
          <p className="text-sm text-slate-600">{text.noDownloads}</p>
        )}
      </Section>
    </article>
  );
}

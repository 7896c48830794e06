import { downloadKindLabel } from "#app/domain/download-kinds";
import type { ReactNode } from "react";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { FileName } from "#app/components/file-name";
import { NdaaIcon } from "#app/components/ndaa";
import { ResponsiveImage } from "#app/components/responsive-image";
import { SpecsTable } from "#app/components/specs-table";
import { Alert, Card, TextLink } from "#app/components/ui";
import { PublicationStatusLine } from "#app/components/publication-badge";
import { formatFileSize } from "#app/domain/format";
import { lifecycleLine } from "#app/domain/lifecycle";
import { isoToday } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { isRefusal } from "#app/domain/conflict";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/detail";
import { deleteFromForm } from "./actions.server";
import { translationProgress } from "./translations.server";
import { catalogProductPath, dashboardProductPath } from "#app/domain/paths";
import {
  dashboardCategoryPath,
  dashboardProductEditPath,
  dashboardHistoryPath,
  dashboardProductTranslationsPath,
} from "#app/domain/dashboard-paths";

export const handle: PageHandle = { live: ["products", "categories"] };

export const meta: Route.MetaFunction = ({ loaderData }) => dashboardMeta(loaderData?.product.model ?? "Not Found");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { catalog, settings } = context.get(servicesContext);
  const [found, site] = await Promise.all([catalog.getAnyProduct(params.productId), settings.getSiteSettings()]);
  if (!found) throw data("Not Found", { status: 404, statusText: "Not Found" });
  const { translations: _translations, ...product } = found;
  return {
    product,
    // Worded here: the lifecycle's rules and today's date stay out of the page's scripts.
    lifecycle: lifecycleLine(product.lifecycle, isoToday()),
    translations: translationProgress(
      found,
      site.languages.map(({ tag }) => tag),
    ),
  };
}

/** After a conflict (409) the newer data must be read, although an error status skips that by default. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return deleteFromForm(context, params.productId, await readAdminForm(request, context));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export default function DashboardProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [searchParams] = useSearchParams();
  const refusal = isRefusal(actionData) ? actionData : undefined;
  return (
    <Card title={product.model}>
      <div className="space-y-6">
        {refusal ? <Alert tone="error">{refusal.message}</Alert> : null}
        {searchParams.has("edited") ? <Alert tone="success">Product edited successfully.</Alert> : null}
        {searchParams.has("restored") ? <Alert tone="success">Product restored.</Alert> : null}
        <nav aria-label="Product actions" className="flex flex-wrap gap-4">
          <TextLink to="/dashboard/products/" weight="semibold">
            Back to product list
          </TextLink>
          <TextLink to={dashboardProductEditPath(product.id)} weight="semibold">
            Edit
          </TextLink>
          <TextLink to={catalogProductPath(product)} weight="semibold">
            {product.publication.status === "published" ? "View on site" : "Preview on site"}
          </TextLink>
          <TextLink to={dashboardHistoryPath("product", product.id)} weight="semibold">
            History
          </TextLink>
          {loaderData.translations.length > 0 ? (
            <TextLink to={dashboardProductTranslationsPath(product.id)} weight="semibold">
              Translations
            </TextLink>
          ) : null}
        </nav>
        <PublicationStatusLine publication={product.publication} />
        {product.name ? <p className="text-lg text-slate-800">{product.name}</p> : null}
        <p className="flex flex-wrap items-center gap-3 text-slate-700">
          <span>
            Category:{" "}
            <TextLink to={dashboardCategoryPath(product.category.id)} weight="medium">
              {product.category.name}
            </TextLink>
          </span>
          {product.ndaa ? <NdaaIcon label="NDAA compliant" /> : null}
        </p>
        <ResponsiveImage
          image={product.image}
          alt={product.image.alt || product.model}
          sizes="(min-width: 768px) 28rem, 100vw"
          className="max-h-80 w-auto rounded-lg border border-slate-200"
        />
        {product.additionalImages.length > 0 ? (
          <Section title="Additional images">
            <ul className="flex flex-wrap gap-3">
              {product.additionalImages.map((image, index) => (
                <li key={image.id}>
                  <ResponsiveImage
                    image={image}
                    alt={image.alt || `${product.model} additional image ${index + 1}`}
                    sizes="8rem"
                    className="h-24 w-32 rounded border border-slate-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Section title="Features">
          {product.features.length > 0 ? (
            <ul className="list-inside list-disc" data-testid="features">
              {product.features.map((feature) => (
                <li key={feature.id}>{feature.label}</li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">No features selected.</p>
          )}
        </Section>
        <Section title="Description">
          <p className="whitespace-pre-line">{product.description}</p>
        </Section>
        <Section title="Specifications">
          {product.specs ? <p className="whitespace-pre-line">{product.specs}</p> : null}
          {product.specsTable?.length ? (
            <SpecsTable rows={product.specsTable} caption={`${product.model} specifications`} />
          ) : null}
          {!product.specs && !product.specsTable?.length ? <p className="text-slate-600">None.</p> : null}
        </Section>
        {loaderData.translations.length > 0 ? (
          <Section title="Translations">
            <ul className="space-y-1" aria-label="Translations">
              {loaderData.translations.map((language) => (
                <li key={language.tag}>
                  <TextLink to={dashboardProductTranslationsPath(product.id, language.tag)}>{language.name}</TextLink>
                  <span className="text-slate-600">
                    {language.needed === 0
                      ? ": translated"
                      : `: ${language.needed} ${language.needed === 1 ? "text" : "texts"} missing or outdated`}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Section title="Accessories">
          {product.accessories.length > 0 ? (
            <ul className="list-inside list-disc" aria-label="Accessories">
              {product.accessories.map((accessory) => (
                <li key={accessory.id}>
                  <TextLink to={dashboardProductPath(accessory.id)}>{accessory.model}</TextLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">No accessories.</p>
          )}
        </Section>
        <Section title="Lifecycle">
          <p>{loaderData.lifecycle}</p>
          {product.lifecycle.replacements.length > 0 ? (
            <p className="mt-1">
              Replaced by{" "}
              {product.lifecycle.replacements.map((replacement, index) => (
                <span key={replacement.id}>
                  {index ? ", " : ""}
                  <TextLink to={dashboardProductPath(replacement.id)}>{replacement.model}</TextLink>
                </span>
              ))}
            </p>
          ) : null}
        </Section>
        <Section title="Downloads">
          {product.downloads.length > 0 ? (
            <ul className="space-y-1" aria-label="Downloads">
              {product.downloads.map((download) => (
                <li key={download.id}>
                  <TextLink href={download.file.url} target="_blank" rel="noreferrer">
                    {download.description || <FileName name={download.file.name} />}
                  </TextLink>{" "}
                  <span className="text-sm text-slate-600">
                    ({downloadKindLabel(download.kind)}, <FileName name={download.file.name} />,{" "}
                    {formatFileSize(download.file.size)})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">No downloads.</p>
          )}
        </Section>
        <ConfirmDelete
          label="Delete"
          prompt={ADMIN_MESSAGES.confirmProductDelete(product.model, product.downloads.length > 0)}
          version={product.version}
          refusal={refusal}
        />
      </div>
    </Card>
  );
}

import { data } from "react-router";
import { isRefusal } from "#app/domain/conflict";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Card, TextLink } from "#app/components/ui";
import { countNoun } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/detail";
import { deleteFromForm, requireCategory } from "./actions.server";
import { DeleteCategory, revalidateAfterConflict } from "./delete-category";
import {
  dashboardAttributePath,
  dashboardCategoryEditPath,
  dashboardCategoryValuesPath,
  dashboardHistoryPath,
} from "#app/domain/dashboard-paths";
import { ProductLinks } from "./product-links";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const shouldRevalidate = revalidateAfterConflict;

export const handle: PageHandle = { live: ["categories", "products"] };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData?.category.name ?? "Category");
}

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const category = await requireCategory(context, params.categoryId, requestedPage(url));
  return { category, pagination: paginationView(category.products, DASHBOARD_LANGUAGES) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  if (posted.form.get("intent") !== "delete") throw data("Bad Request", { status: 400, statusText: "Bad Request" });
  return deleteFromForm(context, params.categoryId, posted);
}

export default function CategoryDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <Card title={category.name}>
      <div className="space-y-6">
        {category.description ? <p className="whitespace-pre-line text-slate-700">{category.description}</p> : null}
        <section aria-labelledby="category-features">
          <h2 id="category-features" className="mb-2 text-lg font-semibold text-slate-900">
            Features / filters
          </h2>
          {category.featureGroups.length ? (
            <p className="mb-2 text-sm text-slate-600">Filter groups, in order: {category.featureGroups.join(", ")}</p>
          ) : null}
          {category.features.length ? (
            <ul className="list-disc pl-5" aria-labelledby="category-features">
              {category.features.map((feature) => (
                <li key={feature.id}>
                  {feature.label}
                  {feature.group ? <span className="text-slate-500"> ({feature.group})</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">No features</p>
          )}
        </section>
        <section aria-labelledby="category-attributes">
          <h2 id="category-attributes" className="mb-2 text-lg font-semibold text-slate-900">
            Specification attributes
          </h2>
          {category.attributes.length ? (
            <ol className="list-decimal pl-5" aria-labelledby="category-attributes">
              {category.attributes.map((attribute) => (
                <li key={attribute.id}>
                  <TextLink to={dashboardAttributePath(attribute.id)} underline="hover">
                    {attribute.name}
                  </TextLink>
                  {attribute.required || attribute.filter ? (
                    <span className="text-slate-500">
                      {" "}
                      (
                      {[attribute.required ? "required" : "", attribute.filter ? "filter" : ""]
                        .filter(Boolean)
                        .join(", ")}
                      )
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-600">No specification attributes</p>
          )}
          {category.attributes.length && category.products.total ? (
            <p className="mt-2">
              <TextLink to={dashboardCategoryValuesPath(category.id)} weight="medium">
                Read values from specifications
              </TextLink>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="category-products">
          <h2 id="category-products" className="mb-2 text-lg font-semibold text-slate-900">
            Products
          </h2>
          {category.products.total ? (
            <>
              <p className="mb-2 text-sm text-slate-600">
                {countNoun(category.products.total, "product")} in this category.
              </p>
              <ProductLinks products={category.products.items} label="Products" />
              <Pagination {...loaderData.pagination} />
            </>
          ) : (
            <p className="text-slate-600">No products in this category</p>
          )}
        </section>
        <p className="flex flex-wrap gap-4">
          <TextLink to={dashboardCategoryEditPath(category.id)} weight="medium">
            Edit
          </TextLink>
          <TextLink to={dashboardHistoryPath("category", category.id)} weight="medium">
            History
          </TextLink>
          <TextLink to="/dashboard/categories/" weight="medium">
            Back to category list
          </TextLink>
        </p>
        <DeleteCategory
          name={category.name}
          version={category.version}
          products={category.products}
          refusal={isRefusal(actionData) ? actionData : undefined}
        />
      </div>
    </Card>
  );
}

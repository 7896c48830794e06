import { readForm } from "#app/server/form-data.server";
import { useState } from "react";
import { data, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductForm } from "#app/components/product-form/product-form";
import { Card } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/context.server";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { saveFromForm } from "./actions.server";

export const handle: PageHandle = { live: ["products", "categories"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? `Edit ${loaderData.product.model}` : "Not Found");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const product = await context.get(servicesContext).catalog.getProduct(params.productId);
  if (!product) throw data("Not Found", { status: 404, statusText: "Not Found" });
  const [options, accessories] = await Promise.all([
    context.get(servicesContext).productAdmin.productFormOptions(product.id),
    context.get(servicesContext).productAdmin.productAccessoryChoices(product.id),
  ]);
  return { product: { ...product, accessories }, ...options };
}

/** After a conflict (409) the newer data must be read, although an error status skips that by default. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return saveFromForm(context, params.productId, await readForm(request));
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  // The form stays on the data it was opened with while live updates arrive (so typing is never
  // lost); after a save or a conflict it re-opens on the current data.
  const [opened, setOpened] = useState({ product: loaderData.product, conflict: false, action: actionData });
  if (idle && actionData && actionData !== opened.action) {
    setOpened({ product: loaderData.product, conflict: actionData.conflict, action: actionData });
  }
  const { product } = opened;
  return (
    <Card title={`Edit ${product.model}`}>
      <div className="space-y-4">
        <ProductForm
          key={product.version}
          mode="edit"
          categories={loaderData.categories}
          hasOtherProducts={loaderData.hasOtherProducts}
          product={product}
          lastResult={idle ? actionData?.result : null}
          conflict={opened.conflict}
        />
      </div>
    </Card>
  );
}

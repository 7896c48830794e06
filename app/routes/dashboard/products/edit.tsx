import { readForm } from "#app/server/form-data.server";
import { data, useNavigation } from "react-router";
import { ProductForm } from "#app/components/product-form/product-form";
import { Card } from "#app/components/ui";
import { useOpenedRecord } from "#app/components/use-opened-record";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/context.server";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { editedProduct, saveFromForm } from "./actions.server";

export const handle: PageHandle = { live: ["products", "categories"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? `Edit ${loaderData.product.model}` : "Not Found");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const product = await editedProduct(context, params.productId);
  if (!product) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return { product, ...(await context.get(servicesContext).productAdmin.productFormOptions(product.id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return saveFromForm(context, params.productId, await readForm(request));
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const { record: product, conflict } = useOpenedRecord(loaderData.product, idle ? actionData : undefined);
  return (
    <Card title={`Edit ${product.model}`}>
      <div className="space-y-4">
        <ProductForm
          key={product.version}
          mode="edit"
          categories={loaderData.categories}
          hasOtherProducts={loaderData.hasOtherProducts}
          product={product}
          lastResult={idle && actionData?.status !== "conflict" ? actionData?.result : null}
          conflict={conflict}
        />
      </div>
    </Card>
  );
}

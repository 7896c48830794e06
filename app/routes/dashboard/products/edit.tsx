import { data, useNavigation } from "react-router";
import { ProductForm } from "#app/components/product-form/product-form";
import { Card } from "#app/components/ui";
import { TypedBeforeConflict } from "#app/components/forms";
import { useOpenedRecord } from "#app/components/use-opened-record";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { isUuid } from "#app/server/files/files.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { editedProduct, saveFromForm } from "./actions.server";

export const handle: PageHandle = { live: ["products", "categories"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? `Edit ${loaderData.product.model}` : "Not Found");

export async function loader({ context, params }: Route.LoaderArgs) {
  // The form's options need no product of their own: read beside it, once the id can be one.
  const [product, options] = await Promise.all([
    editedProduct(context, params.productId),
    isUuid(params.productId) ? context.get(servicesContext).productAdmin.productFormOptions(params.productId) : null,
  ]);
  if (!product || !options) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return { product, ...options };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveFromForm(context, params.productId, await readAdminForm(request, context));
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const { record: product, conflict, typed } = useOpenedRecord(loaderData.product, idle ? actionData : undefined);
  return (
    <Card title={`Edit ${product.model}`}>
      <div className="space-y-4">
        <TypedBeforeConflict value={typed}>
          <ProductForm
            key={product.version}
            mode="edit"
            categories={loaderData.categories}
            hasOtherProducts={loaderData.hasOtherProducts}
            product={product}
            lastResult={idle && actionData?.status !== "conflict" ? actionData?.result : null}
            conflict={conflict}
          />
        </TypedBeforeConflict>
      </div>
    </Card>
  );
}

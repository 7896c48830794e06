import { useNavigation } from "react-router";
import { ProductForm } from "#app/components/product-form/product-form";
import { Card } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { CreatedScreen } from "../created-screen";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { dashboardProductPath } from "#app/domain/paths";
import { DASHBOARD_NEW_PRODUCT_PATH } from "#app/domain/dashboard-paths";
import { createdId } from "../answers.server";

export const handle: PageHandle = { live: ["products", "categories"] };

export function meta() {
  return dashboardMeta("New Product");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const product = id ? await context.get(servicesContext).catalog.getAnyProduct(id) : null;
  const created = product ? { id: product.id, model: product.model } : null;
  return { ...(await context.get(servicesContext).productAdmin.productFormOptions()), created };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createFromForm(context, await readAdminForm(request, context));
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="New Product"
        message={`${created.model} ${ADMIN_MESSAGES.productCreated}`}
        detailsPath={dashboardProductPath(created.id)}
        newPath={DASHBOARD_NEW_PRODUCT_PATH}
        addAnotherLabel="Add another product"
      />
    );
  }
  return (
    <Card title="New Product">
      <ProductForm
        mode="new"
        categories={loaderData.categories}
        hasOtherProducts={loaderData.hasOtherProducts}
        lastResult={navigation.state === "idle" && actionData && "result" in actionData ? actionData.result : null}
      />
    </Card>
  );
}

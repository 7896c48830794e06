import type { ProductModelMatches } from "#app/domain/product-models";
import { servicesContext } from "#app/server/runtime/context.server";
import { isUuid } from "#app/server/files/files.server";
import type { Route } from "./+types/product-models";

/** As many accessories as a product can have (app/domain/forms/product.ts): none is ever left in. */
const MAX_EXCLUDED = 500;

/**
 * `GET /dashboard/product-models?q=…&exclude=…`: the products whose model holds `q` in any letter case
 * (those starting with it first), for the product form's accessory picker; `exclude` (repeated) leaves
 * out the product being edited and the accessories already chosen. Answered from the in-memory search
 * index (decision 008), so it stays quick at 10,000 products.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const q = params.get("q") ?? "";
  const exclude = params.getAll("exclude").filter(isUuid).slice(0, MAX_EXCLUDED);
  const { products, total } = await context.get(servicesContext).catalog.searchProductModels(q, exclude);
  const answer: ProductModelMatches = {
    q,
    total,
    products: products.map(({ id, model, image }) => ({
      id,
      model,
      image: { fileId: image.fileId, url: image.url, width: image.width, height: image.height },
    })),
  };
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}

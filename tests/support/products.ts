import type { ProductInput } from "#app/server/admin/products.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { stageImage } from "./staged-files";

/** A new product's form for a test: a published, NDAA-compliant product of `categoryId` with a main picture. */
export async function newProductInput(
  runtime: Runtime,
  categoryId: string,
  model: string,
  overrides: Partial<ProductInput> = {},
): Promise<ProductInput> {
  return {
    categoryId,
    model,
    description: `The ${model}`,
    specs: null,
    specsTable: null,
    ndaa: true,
    featureIds: [],
    imageFileId: await stageImage(runtime, `${model.replace(/\W/g, "_")}.png`, "#336699"),
    additionalImages: [],
    accessoryIds: [],
    downloads: [],
    ...overrides,
  };
}

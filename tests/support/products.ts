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

/** A product's edit form as it opens: what it has now (as the dashboard reads it), and the version it was opened at. */
export async function productEditForm(
  runtime: Runtime,
  productId: string,
): Promise<{ version: number; input: ProductInput }> {
  const product = await runtime.services.catalog.getAnyProduct(productId);
  if (!product) throw new Error(`no product ${productId}`);
  return {
    version: product.version,
    input: {
      categoryId: product.category.id,
      model: product.model,
      description: product.description,
      specs: product.specs,
      specsTable: undefined,
      ndaa: product.ndaa,
      featureIds: product.features.map((item) => item.id),
      imageAlt: product.image.alt,
      additionalImages: product.additionalImages.map((image) => ({ id: image.id, alt: image.alt })),
      accessoryIds: product.accessories.map((accessory) => accessory.id),
      downloads: product.downloads.map((download) => ({ id: download.id, description: download.description })),
    },
  };
}

import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { redirect } from "react-router";
import { lifecycleOfForm, productSchema, type ProductFormValue } from "#app/domain/forms/product";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { ProductInput } from "#app/server/admin/products.server";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { MissingFileError } from "#app/server/files/files.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { SpreadsheetError } from "#app/server/import-export/spreadsheet.server";
import { dashboardProductPath } from "#app/domain/paths";
import { DASHBOARD_NEW_PRODUCT_PATH, dashboardProductDeletedPath } from "#app/domain/dashboard-paths";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  goneAnswer,
  invalidAnswer,
  publicationAnswer,
  refusedAnswer,
  uncheckedAnswer,
} from "../answers.server";
import type { AdminForm } from "#app/server/runtime/session.server";

/** The form's values as the service takes them; a new spreadsheet is read here, on the server. */
async function toInput(context: RouteContext, value: ProductFormValue): Promise<ProductInput> {
  const { spreadsheets } = context.get(servicesContext);
  const specsTable = value.specsFileId
    ? await spreadsheets.parseStoredSpreadsheet(value.specsFileId)
    : value.keepSpecsTable
      ? undefined
      : null;
  return {
    categoryId: value.categoryId,
    model: value.model,
    name: value.name,
    description: value.description,
    specs: value.specs ?? null,
    specsTable,
    specsSourceFileId: value.specsFileId,
    ndaa: value.ndaa ?? false,
    featureIds: value.featureIds,
    // The form shows every value of the category: none sent is none kept.
    specTexts: value.specTexts ?? {},
    imageFileId: value.imageFileId,
    imageAlt: value.imageAlt,
    additionalImages: value.additionalImages.map((item) =>
      item.fileId ? { fileId: item.fileId, alt: item.alt } : { id: item.id ?? "", alt: item.alt },
    ),
    accessoryIds: value.accessoryIds,
    lifecycle: lifecycleOfForm(value),
    replacementIds: value.replacementIds,
    downloads: value.downloads.map((item) => ({
      id: item.id,
      fileId: item.fileId,
      description: item.description ?? "",
      kind: item.kind,
    })),
  };
}

/** The new-product form's save: to the "created" screen, or the form again with what went wrong. */
export function createFromForm(context: RouteContext, posted: AdminForm) {
  return submitProductForm(context, posted, "new");
}

/** The edit form's save: back to the product's page, or the form again with what went wrong. */
export function saveFromForm(context: RouteContext, productId: string, posted: AdminForm) {
  return submitProductForm(context, posted, "edit", productId);
}

/** The delete step of the product's page: to the deleted screen, or why not. */
export async function deleteFromForm(context: RouteContext, productId: string, { form: formData, origin }: AdminForm) {
  const { productAdmin } = context.get(servicesContext);
  if (formData.get("intent") !== "delete") return refusedAnswer(ADMIN_MESSAGES.checkEachInput, 400);
  try {
    await productAdmin.deleteProduct(productId, confirmedVersion(formData), origin);
  } catch (error) {
    if (error instanceof ConflictError) return refusedAnswer(ADMIN_MESSAGES.conflict, 409);
    if (error instanceof NotFoundError) return refusedAnswer(ADMIN_MESSAGES.gone, 404);
    throw error;
  }
  return redirect(dashboardProductDeletedPath(productId));
}

/**
 * The new-product and product-edit saves: the form's schema again, then the service. Rule failures
 * come back as the field's message, a conflict as ADMIN_MESSAGES.conflict with the newer data.
 */
async function submitProductForm(
  context: RouteContext,
  { form: formData, origin }: AdminForm,
  mode: "new" | "edit",
  productId?: string,
) {
  const { productAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, productSchema(mode));
  if (submission.status !== "success") return uncheckedAnswer(submission);
  const value = submission.value;
  const asked = publicationAnswer(formData, submission);
  if (asked.refusal) return asked.refusal;
  try {
    const input = { ...(await toInput(context, value)), publication: asked.publication };
    if (mode === "new") {
      const { id } = await productAdmin.createProduct(input, origin);
      return createdAnswer(DASHBOARD_NEW_PRODUCT_PATH, id);
    }
    if (value.version === undefined) throw new ConflictError();
    await productAdmin.updateProduct(productId ?? "", value.version, input, origin);
    return redirect(`${dashboardProductPath(productId ?? "")}?edited=1`);
  } catch (error) {
    if (error instanceof SpreadsheetError) {
      return invalidAnswer(submission.reply({ fieldErrors: { specsFileId: [ADMIN_MESSAGES.excelOnly] } }));
    }
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    const current = error instanceof ConflictError ? await editedProduct(context, productId ?? "") : null;
    if (current) return conflictAnswer(current, submission);
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    // requirements §8 shows the error's own message; ours are worded for people, a database's are not (those
    // go to the log, and the admin reads requirements §8's general wording).
    logger.error({ err: error }, "saving a product failed");
    const message =
      error instanceof MissingFileError
        ? error.message
        : mode === "new"
          ? ADMIN_MESSAGES.categorySubmitFailed
          : ADMIN_MESSAGES.editFailed;
    return failedAnswer(submission, message);
  }
}

/** A product as its edit form opens on it: with the accessories it may choose from. */
export async function editedProduct(context: RouteContext, productId: string) {
  const { catalog, productAdmin } = context.get(servicesContext);
  const product = await catalog.getAnyProduct(productId);
  if (!product) return null;
  return { ...product, accessories: await productAdmin.productAccessoryChoices(product.id) };
}

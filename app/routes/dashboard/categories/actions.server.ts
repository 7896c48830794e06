import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { data, redirect } from "react-router";
import { categorySchema } from "#app/domain/forms/category";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { Paged } from "#app/domain/paging";
import type { CategoryProduct } from "#app/domain/forms/category";
import type { Refusal } from "#app/domain/conflict";
import { CategoryInUseError } from "#app/server/admin/categories.server";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import {
  DASHBOARD_NEW_CATEGORY_PATH,
  dashboardCategoryDeletedPath,
  dashboardCategoryPath,
} from "#app/domain/dashboard-paths";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  goneAnswer,
  uncheckedAnswer,
} from "../answers.server";
import type { AdminForm } from "#app/server/runtime/session.server";

/**
 * The category with its features and a page of its products, for its detail and edit pages; 404 when
 * there is none.
 */
export async function requireCategory(context: RouteContext, id: string, productPage = 1) {
  const category = await context.get(servicesContext).categoryAdmin.getCategoryDetail(id, productPage);
  if (!category) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return category;
}

/** What a refused delete shows beside the Delete button: the one refusal, with the products in the way. */
export interface DeleteRefusal extends Refusal {
  /** The products blocking it (requirements §8: 'Products are listed for removal'), a page of them. */
  products: Paged<CategoryProduct>;
}

/** A refusal for another reason than the category's products. */
const NO_PRODUCTS: Paged<CategoryProduct> = { items: [], total: 0, page: 1, pageCount: 1, pageSize: 1 };

/** The delete step shared by the detail and edit pages: redirects to the deleted screen on success. */
export async function deleteFromForm(context: RouteContext, categoryId: string, { form: formData, origin }: AdminForm) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  try {
    await categoryAdmin.deleteCategory(categoryId, confirmedVersion(formData), origin);
  } catch (error) {
    const refusal = deleteRefusal(error);
    if (refusal) return data(refusal, 409);
    logger.error({ err: error, categoryId }, "could not delete the category");
    return data(refused(ADMIN_MESSAGES.editFailed), 500);
  }
  return redirect(dashboardCategoryDeletedPath(categoryId));
}

const refused = (message: string, products = NO_PRODUCTS): DeleteRefusal => ({ status: "refused", message, products });

function deleteRefusal(error: unknown): DeleteRefusal | undefined {
  if (error instanceof CategoryInUseError) return refused(error.message, error.products);
  if (error instanceof ConflictError) return refused(ADMIN_MESSAGES.conflict);
  if (error instanceof NotFoundError) return refused(ADMIN_MESSAGES.gone);
  return undefined;
}

/** The edit form's save: back to the detail page, or the form again with what went wrong. */
export async function saveFromForm(context: RouteContext, categoryId: string, { form: formData, origin }: AdminForm) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, categorySchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  const { version } = submission.value;
  try {
    if (version === undefined) throw new ConflictError();
    await categoryAdmin.updateCategory(categoryId, version, submission.value, origin);
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    const current = error instanceof ConflictError ? await categoryAdmin.getCategoryDetail(categoryId) : null;
    if (current) return conflictAnswer(current, submission);
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    logger.error({ err: error, categoryId }, "could not save the category");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
  return redirect(dashboardCategoryPath(categoryId));
}

/** The new-category form's save: to the "created" screen, or the form again with what went wrong. */
export async function createFromForm(context: RouteContext, { form: formData, origin }: AdminForm) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, categorySchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  try {
    const id = await categoryAdmin.createCategory(submission.value, origin);
    return createdAnswer(DASHBOARD_NEW_CATEGORY_PATH, id);
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    logger.error({ err: error }, "could not create the category");
    return failedAnswer(submission, ADMIN_MESSAGES.categorySubmitFailed);
  }
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { categorySchema } from "#app/domain/forms/category";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { CategoryInUseError, type CategoryProduct } from "#app/server/admin/categories.server";
import { confirmedVersion, ConflictError, formTabId, NotFoundError } from "#app/server/admin/write.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/context.server";
import { DASHBOARD_NEW_CATEGORY_PATH, dashboardCategoryDeletedPath, dashboardCategoryPath } from "#app/domain/paths";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  goneAnswer,
  uncheckedAnswer,
} from "../answers.server";

/** The category with its features and products, for its detail and edit pages; 404 when there is none. */
export async function requireCategory(context: RouteContext, id: string) {
  const category = await context.get(servicesContext).categoryAdmin.getCategoryDetail(id);
  if (!category) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return category;
}

/** What a refused delete shows beside the Delete button. */
export interface DeleteRefusal {
  message: string;
  /** The products blocking it (requirements §8: 'Products are listed for removal'). */
  products: CategoryProduct[];
}

/** The delete step shared by the detail and edit pages: redirects to the deleted screen on success. */
export async function deleteFromForm(context: RouteContext, categoryId: string, formData: FormData) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  try {
    await categoryAdmin.deleteCategory(categoryId, confirmedVersion(formData), formTabId(formData));
  } catch (error) {
    const refusal = deleteRefusal(error);
    if (refusal) return data({ deleteRefusal: refusal }, 409);
    logger.error({ err: error, categoryId }, "could not delete the category");
    return data({ deleteRefusal: { message: ADMIN_MESSAGES.editFailed, products: [] } }, 500);
  }
  return redirect(dashboardCategoryDeletedPath(categoryId));
}

function deleteRefusal(error: unknown): DeleteRefusal | undefined {
  if (error instanceof CategoryInUseError) return { message: error.message, products: error.products };
  if (error instanceof ConflictError) return { message: ADMIN_MESSAGES.conflict, products: [] };
  if (error instanceof NotFoundError) return { message: ADMIN_MESSAGES.gone, products: [] };
  return undefined;
}

/** The edit form's save: back to the detail page, or the form again with what went wrong. */
export async function saveFromForm(context: RouteContext, categoryId: string, formData: FormData) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") return uncheckedAnswer(submission);
  const { version } = submission.value;
  try {
    if (version === undefined) throw new ConflictError();
    await categoryAdmin.updateCategory(categoryId, version, submission.value, formTabId(formData));
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    const current = error instanceof ConflictError ? await categoryAdmin.getCategoryDetail(categoryId) : null;
    if (current) return conflictAnswer(current);
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    logger.error({ err: error, categoryId }, "could not save the category");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
  return redirect(dashboardCategoryPath(categoryId));
}

/** The new-category form's save: to the "created" screen, or the form again with what went wrong. */
export async function createFromForm(context: RouteContext, formData: FormData) {
  const { categoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") return uncheckedAnswer(submission);
  try {
    const id = await categoryAdmin.createCategory(submission.value, formTabId(formData));
    return createdAnswer(DASHBOARD_NEW_CATEGORY_PATH, id);
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    logger.error({ err: error }, "could not create the category");
    return failedAnswer(submission, ADMIN_MESSAGES.categorySubmitFailed);
  }
}

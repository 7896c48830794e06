import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { settingsSchema } from "#app/domain/forms/settings";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { failedAnswer, uncheckedAnswer } from "../answers.server";
import { dashboardUser, mustConfirmIdentity, type AdminForm } from "#app/server/runtime/session.server";

// The site settings' form handling: form → service → the answer the page shows.

/** The settings form's save: the form again, saying it was saved or what went wrong. */
export async function saveFromForm(context: RouteContext, { form: formData, origin }: AdminForm) {
  const { settings } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, settingsSchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  // The site's contact and security addresses are sensitive: the password again when given long ago.
  if (mustConfirmIdentity(dashboardUser(context))) {
    return { status: "confirm" as const, answeredAt: Date.now(), result: submission.reply() };
  }
  try {
    await settings.saveSiteSettings(submission.value, origin);
  } catch (error) {
    logger.error({ err: error }, "could not save the site settings");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
  return { status: "saved" as const, result: submission.reply() };
}

import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { parseSynonymLines, synonymsSchema } from "#app/domain/forms/synonyms";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { failedAnswer, uncheckedAnswer } from "../answers.server";
import type { AdminForm } from "#app/server/runtime/session.server";

// The search synonyms' form handling: form → service → the answer the page shows.

/** The synonyms form's save: the form again, saying it was saved or what went wrong. */
export async function saveFromForm(context: RouteContext, { form: formData, origin }: AdminForm) {
  const { synonyms } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, synonymsSchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  try {
    await synonyms.saveSynonyms({ sets: parseSynonymLines(submission.value.synonyms).sets }, origin);
  } catch (error) {
    logger.error({ err: error }, "could not save the search synonyms");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
  return { status: "saved" as const, result: submission.reply() };
}

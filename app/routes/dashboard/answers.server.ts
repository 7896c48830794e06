import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { FieldRuleError } from "#app/server/admin/write.server";
import { CREATED_PARAM, dashboardCreatedPath } from "#app/domain/dashboard-paths";
import { CHANGED_FIELDS, changedValues, type ConflictAnswer, type Refusal } from "#app/domain/conflict";
import { PUBLISH_AT_FIELD, requestedPublication, type Publication } from "#app/domain/publication";

/** A parsed form, which can answer with the fields as they were sent and the messages to show. */
type Replying = Pick<Submission<unknown>, "reply">;

// The answers of the dashboard's form actions, one shape for every entity: each has a `status`
// ("invalid", "failed", "conflict", "saved", and "refused" for a delete, move or restore that did not
// happen); a create redirects (createdAnswer).

/** The form again, with what its fields need: what the schema or a rule refused (HTTP 400). */
export function invalidAnswer(result: SubmissionResult<string[]>) {
  return data({ status: "invalid" as const, result }, 400);
}

/** The schema's refusal: its messages beside the fields, and "check each input" above them. */
export function uncheckedAnswer(submission: Replying) {
  return invalidAnswer(submission.reply({ formErrors: [ADMIN_MESSAGES.checkEachInput] }));
}

/**
 * A rule only the service could check (FieldRuleError: a name taken, a description too long), beside
 * its field; undefined for any other error.
 */
export function fieldRuleAnswer(error: unknown, submission: Replying) {
  if (!(error instanceof FieldRuleError)) return undefined;
  const fieldErrors: Record<string, string[]> = { [error.field]: [error.message] };
  for (const [field, message] of Object.entries(error.others)) fieldErrors[field] = [message];
  return invalidAnswer(submission.reply({ fieldErrors }));
}

/**
 * The publication the form's pressed button asks for (PublishControls), or the answer that refuses
 * the time it was given, beside its field.
 */
export function publicationAnswer(
  form: FormData,
  submission: Replying,
): { publication: Publication | undefined; refusal?: never } | { refusal: ReturnType<typeof invalidAnswer> } {
  const asked = requestedPublication(form, new Date());
  if ("error" in asked) {
    return { refusal: invalidAnswer(submission.reply({ fieldErrors: { [PUBLISH_AT_FIELD]: [asked.error] } })) };
  }
  return asked;
}

/**
 * A delete, move or restore that did not happen: the message says why, beside the button (HTTP 409 when
 * the record changed or is still used, 404 when it is gone, 500 when the write failed).
 */
export function refusedAnswer(message: string, httpStatus: number) {
  return data({ status: "refused", message } satisfies Refusal, httpStatus);
}

/** The record was deleted meanwhile (NotFoundError): the form again, saying so (HTTP 404). */
export function goneAnswer(submission: Replying) {
  return data({ status: "invalid" as const, result: submission.reply({ formErrors: [ADMIN_MESSAGES.gone] }) }, 404);
}

/** The write failed for a reason the admin cannot mend (logged by the caller): the form again, saying so. */
export function failedAnswer(submission: Replying, message: string) {
  return data({ status: "failed" as const, result: submission.reply({ formErrors: [message] }) }, 500);
}

/**
 * A save over a newer version (ConflictError): 409, with the record as it is now. The edit form opens
 * again on it (useOpenedRecord); every entity answers a conflict this way.
 */
/** A conflict's `yours` when the refused write was no form's (a delete, a move): nothing typed to keep. */
export const NOTHING_TYPED = { payload: {} } as const;

export function conflictAnswer<T>(current: T, submission: Pick<Submission<unknown>, "payload">) {
  const { payload } = submission;
  const changed = typeof payload[CHANGED_FIELDS] === "string" ? payload[CHANGED_FIELDS] : null;
  return data({ status: "conflict", current, yours: changedValues(payload, changed) } satisfies ConflictAnswer<T>, 409);
}

/**
 * A record created: back to the new-record page, whose loader reads the record named by `?created=`
 * and shows the "created" screen. Every entity ends a create this way, so the screen outlives live
 * updates and reloads, and works without JavaScript.
 */
export function createdAnswer(newPagePath: string, id: string) {
  return redirect(dashboardCreatedPath(newPagePath, id));
}

/** The id a new-record page was sent back with after a create, if it was. */
export function createdId(url: URL): string | null {
  return url.searchParams.get(CREATED_PARAM);
}

import { data, redirect } from "react-router";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "#app/domain/contact";
import { firstErrors, parseFormSubmission, readForm } from "./form-data.server";

/**
 * A visitor's form post (the contact form, a vulnerability report): read and checked; a filled-in
 * honeypot gets the same thanks as a sent form and nothing else (a bot learns nothing from it); a
 * client over its allowance gets 429 with Retry-After (routes keep it with `keepRetryAfter`). What was
 * typed comes back with every refusal, by field. Sent, it goes to `sentPath`, a page of its own, so
 * reloading it sends nothing again.
 */
export async function answerVisitorForm<Schema extends z.ZodType, Field extends string>({
  request,
  fields,
  schema,
  sentPath,
  send,
  tooMany,
}: {
  request: Request;
  fields: readonly Field[];
  schema: Schema;
  sentPath: string;
  /** Keeps and mails what was sent; the seconds to wait when this client sent too many. */
  send: (value: z.output<Schema>) => Promise<{ retryAfterSeconds: number }>;
  tooMany: (seconds: number) => string;
}) {
  const form = await readForm(request);
  const values = Object.fromEntries(fields.map((name) => [name, String(form.get(name) ?? "")])) as Record<
    Field,
    string
  >;
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(sentPath);
  const submission = parseFormSubmission(form, schema);
  if (submission.status !== "success") {
    // The schema's fields are the form's: its first message for each that has one.
    const errors = firstErrors(submission) as Partial<Record<Field, string>>;
    return data({ status: "invalid" as const, errors, values }, 400);
  }
  const { retryAfterSeconds } = await send(submission.value);
  if (retryAfterSeconds > 0) {
    return data(
      { status: "limited" as const, message: tooMany(retryAfterSeconds), values },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  return redirect(sentPath);
}

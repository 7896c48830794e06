import { useId, type ReactNode } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Alert, Button } from "#app/components/ui";
import { FIELD_CLASS, FieldError, TextField } from "#app/components/text-field";
import { HONEYPOT_FIELD } from "#app/domain/contact";
import type { PartMessages } from "#app/messages/en";

/** What every visitor form says, in the page's language: its loader's `visitorForm` messages. */
export type VisitorFormWords = PartMessages<"visitorForm">;

/** What a visitor form's action answered (app/server/platform/visitor-form.server.ts), as the form reads it. */
type VisitorFormAnswer = { status: "invalid" } | { status: "limited"; message: string } | undefined;

/**
 * A visitor's form under its heading: the thanks once sent (`?sent` and no answer), else the form, the
 * server's refusal above its fields, the honeypot and the submit button ("Sending…" while it goes). It
 * posts to `action` without scripts too; the page puts each field's message beside it.
 */
export function VisitorFormSection({
  id,
  className,
  title,
  intro,
  action,
  answer,
  sent,
  submitLabel,
  honeypotId,
  words,
  children,
}: {
  id?: string;
  className: string;
  title: string;
  intro?: ReactNode;
  action: string;
  answer: VisitorFormAnswer;
  /** The thanks, said where the form was. */
  sent: string;
  submitLabel: string;
  honeypotId: string;
  words: VisitorFormWords;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const done = !answer && searchParams.has("sent");
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {done ? (
        <div className="mt-3">
          <Alert tone="success">{sent}</Alert>
        </div>
      ) : (
        <>
          {intro}
          <Form method="post" action={action} noValidate className="mt-4 space-y-4">
            {answer?.status === "invalid" ? <Alert tone="error">{words.checkEachInput}</Alert> : null}
            {answer?.status === "limited" ? <Alert tone="error">{answer.message}</Alert> : null}
            {children}
            <Honeypot id={honeypotId} />
            <Button type="submit" disabled={sending}>
              {sending ? words.sending : submitLabel}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

/** A visitor form's long text: its label, the server's message beside it. */
export function TextAreaField({
  id,
  name,
  label,
  hint,
  error,
  maxLength,
  rows = 6,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  maxLength: number;
  rows?: number;
  defaultValue?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        required
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={FIELD_CLASS}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** For bots only: people neither see nor reach it, and a form sent with it filled in goes nowhere. */
function Honeypot({ id }: { id: string }) {
  return (
    // Clipped where it stands rather than pushed off to one side: a right-to-left page scrolls sideways
    // to reach what lies off its left.
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** A field every visitor form has: its label in the page's language, what was typed, the server's message. */
interface VisitorFieldProps {
  id: string;
  label: string;
  value?: string;
  error?: string;
}

/** Who writes, where a form may be sent without a name (a report): the same field on every such form. */
export function VisitorOptionalNameField({ id, label, value, error }: VisitorFieldProps) {
  return (
    <TextField
      id={id}
      name="name"
      label={label}
      autoComplete="name"
      maxLength={200}
      defaultValue={value}
      error={error}
    />
  );
}

/** The address a visitor form's answer goes to: the same field, with the same rules, on every form. */
export function VisitorEmailField({ id, label, value, error }: VisitorFieldProps) {
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label={label}
      autoComplete="email"
      required
      maxLength={254}
      defaultValue={value}
      error={error}
    />
  );
}

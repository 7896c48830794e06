import { useId, type ReactNode } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Alert, Button } from "#app/components/ui";
import { FIELD_CLASS, FieldError, TextField } from "#app/components/text-field";
import { CONTACT_MESSAGES, HONEYPOT_FIELD } from "#app/domain/contact";

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
            {answer?.status === "invalid" ? <Alert tone="error">{CONTACT_MESSAGES.checkEachInput}</Alert> : null}
            {answer?.status === "limited" ? <Alert tone="error">{answer.message}</Alert> : null}
            {children}
            <Honeypot id={honeypotId} />
            <Button type="submit" disabled={sending}>
              {sending ? "Sending…" : submitLabel}
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
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** Who writes, where a form may be sent without a name (a report): the same field on every such form. */
export function VisitorOptionalNameField({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="name"
      label="Name (optional)"
      autoComplete="name"
      maxLength={200}
      defaultValue={value}
      error={error}
    />
  );
}

/** The address a visitor form's answer goes to: the same field, with the same rules, on every form. */
export function VisitorEmailField({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label="E-mail"
      autoComplete="email"
      required
      maxLength={254}
      defaultValue={value}
      error={error}
    />
  );
}

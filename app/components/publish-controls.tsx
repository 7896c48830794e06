import { useId, useRef, useState } from "react";
import {
  localDateTimeValue,
  PUBLISH_AT_FIELD,
  PUBLISH_FIELD,
  type PublicationState,
  type PublishIntent,
} from "#app/domain/publication";
import { FieldErrors, FieldHint, FieldLabel, INPUT_CLASS } from "./forms";
import { TimeZoneInput, useTimeZone } from "./local-time";
import { PublicationStatusLine } from "./publication-badge";
import { Button } from "./ui";

function IntentButton({
  intent,
  children,
  disabled,
  variant = "secondary",
}: {
  intent: PublishIntent;
  children: React.ReactNode;
  disabled: boolean;
  variant?: "primary" | "secondary";
}) {
  return (
    <Button type="submit" name={PUBLISH_FIELD} value={intent} variant={variant} disabled={disabled}>
      {children}
    </Button>
  );
}

/**
 * A dashboard form's save buttons with publishing: the form's own save first (Enter presses it; it
 * keeps the record's status, and publishes a new record), then Publish, Save as draft or Unpublish,
 * and Schedule with the date and time in the admin's time zone. The server reads which was pressed.
 */
export function PublishControls({
  publication,
  saveLabel,
  disabled,
  errors,
  children,
}: {
  /** The record's publication; undefined for a new record. */
  publication: PublicationState | undefined;
  saveLabel: string;
  disabled: boolean;
  /** What the server said of the chosen time. */
  errors?: string[];
  /** Beside the buttons (a busy note, a cancel link). */
  children?: React.ReactNode;
}) {
  const inputId = useId();
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const errorId = useId();
  const zone = useTimeZone();
  const status = publication?.status;
  const scheduled = status === "scheduled" && publication?.publishAt ? publication.publishAt : null;
  // Open while the admin uses it, and whenever the server has something to say about the time.
  const [scheduleOpen, setScheduleOpen] = useState(Boolean(scheduled));
  const refused = Boolean(errors?.length);
  const [refusalShown, setRefusalShown] = useState(refused);
  if (refused !== refusalShown) {
    setRefusalShown(refused);
    if (refused) setScheduleOpen(true);
  }
  return (
    <div className="space-y-4">
      {publication ? <PublicationStatusLine publication={publication} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <IntentButton intent="keep" variant="primary" disabled={disabled}>
          {saveLabel}
        </IntentButton>
        {publication && status !== "published" ? (
          <IntentButton intent="publish" disabled={disabled}>
            Publish now
          </IntentButton>
        ) : null}
        <IntentButton intent="draft" disabled={disabled}>
          {status === "published" ? "Unpublish" : "Save as draft"}
        </IntentButton>
        {children}
      </div>
      {/* Scheduling hides a record until its time: a published one is unpublished first, on purpose. */}
      {status === "published" ? null : (
        <details
          className="rounded-md border border-slate-200 p-3"
          open={scheduleOpen}
          onToggle={(event) => setScheduleOpen(event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">Schedule publishing</summary>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <FieldLabel htmlFor={inputId}>Publish at</FieldLabel>
              <FieldHint id={hintId}>Your time zone: {zone}</FieldHint>
              <input
                id={inputId}
                type="datetime-local"
                name={PUBLISH_AT_FIELD}
                defaultValue={scheduled ? localDateTimeValue(scheduled, zone) : undefined}
                key={`${zone}:${scheduled ?? ""}`}
                aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
                aria-invalid={errors?.length ? true : undefined}
                className={INPUT_CLASS}
                // Enter in the time means "schedule it", not the form's plain save (its first button).
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  if (scheduleButton.current) event.currentTarget.form?.requestSubmit(scheduleButton.current);
                }}
              />
              <FieldErrors id={errorId} errors={errors} />
            </div>
            <TimeZoneInput />
            <Button
              ref={scheduleButton}
              type="submit"
              name={PUBLISH_FIELD}
              value={"schedule" satisfies PublishIntent}
              variant="secondary"
              disabled={disabled}
            >
              Schedule
            </Button>
          </div>
        </details>
      )}
    </div>
  );
}

import { formatDateTime, knownTimeZone, TIME_ZONE_PARAM, zonedInstant } from "./time-zone";

/**
 * Whether visitors see a product, general download or home page item: published, a draft (only
 * signed-in people see it), or scheduled (a draft until its time, then published by the server).
 */
export type PublicationStatus = "published" | "draft" | "scheduled";

/** A record's publication as pages read it: `publishAt` (ISO) only when scheduled. */
export interface PublicationState {
  status: PublicationStatus;
  publishAt: string | null;
}

/** What a save asks for; a save that asks nothing keeps what the record has (a new one is published). */
export type Publication = { status: "published" | "draft" } | { status: "scheduled"; publishAt: Date };

/** The buttons of a form's publishing controls (PublishControls): the `publish` value each sends. */
export const PUBLISH_INTENTS = ["keep", "publish", "draft", "schedule"] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];

export const PUBLISH_FIELD = "publish";
export const PUBLISH_AT_FIELD = "publishAt";

export const PUBLICATION_MESSAGES = {
  publishAtRequired: "Choose the date and time to publish at",
  publishAtInvalid: "Enter a date and time such as 2026-12-01 09:00",
  publishAtPast: "Choose a time in the future to publish at",
} as const;

/** Scheduling further ahead than this is a typo (a year 20260), not a plan. */
const LATEST_SCHEDULE_MS = 5 * 366 * 24 * 60 * 60 * 1000;

/**
 * The publication a dashboard form asks for, read from its `publish` button, `publishAt` (the
 * datetime-local value, in the admin's time zone, which the form carries) and `tz`: undefined to keep
 * what the record has, or the message for the `publishAt` field.
 */
export function requestedPublication(
  form: FormData,
  now: Date,
): { publication: Publication | undefined } | { error: string } {
  const intent = form.get(PUBLISH_FIELD);
  switch (intent) {
    case "publish":
      return { publication: { status: "published" } };
    case "draft":
      return { publication: { status: "draft" } };
    case "schedule": {
      const text = form.get(PUBLISH_AT_FIELD);
      if (typeof text !== "string" || !text.trim()) return { error: PUBLICATION_MESSAGES.publishAtRequired };
      const zone = knownTimeZone(String(form.get(TIME_ZONE_PARAM) ?? ""));
      const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(text.trim());
      const at = match ? zonedInstant(match[1] ?? "", zone, match[2]) : undefined;
      if (!at) return { error: PUBLICATION_MESSAGES.publishAtInvalid };
      if (at.getTime() <= now.getTime()) return { error: PUBLICATION_MESSAGES.publishAtPast };
      if (at.getTime() - now.getTime() > LATEST_SCHEDULE_MS) return { error: PUBLICATION_MESSAGES.publishAtInvalid };
      return { publication: { status: "scheduled", publishAt: at } };
    }
    default:
      return { publication: undefined };
  }
}

/** The columns a publication is stored in. */
export function publicationColumns(publication: Publication): { status: PublicationStatus; publishAt: Date | null } {
  return publication.status === "scheduled"
    ? { status: "scheduled", publishAt: publication.publishAt }
    : { status: publication.status, publishAt: null };
}

/** The stored columns of the publication a save asks for; none when it keeps what the record has. */
export function publicationSet(publication: Publication | undefined) {
  return publication ? publicationColumns(publication) : {};
}

/** A record's publication as pages and revisions read it. */
export function publicationState(row: { status: PublicationStatus; publishAt: Date | null }): PublicationState {
  return { status: row.status, publishAt: row.publishAt?.toISOString() ?? null };
}

/**
 * A publication as stored (a revision's) turned back into what a save asks for. A schedule whose time
 * has passed meanwhile comes back a draft: bringing a record back is not deciding to publish it.
 */
export function storedPublication(state: PublicationState | undefined, now = new Date()): Publication | undefined {
  if (!state) return undefined;
  if (state.status === "scheduled") {
    const at = state.publishAt ? new Date(state.publishAt) : null;
    return at && at.getTime() > now.getTime() ? { status: "scheduled", publishAt: at } : { status: "draft" };
  }
  return { status: state.status };
}

/** A record's publication as a revision or the dashboard names it: "Published", "Draft", "Scheduled for …". */
export function publicationLabel(state: PublicationState, zone = "UTC"): string {
  switch (state.status) {
    case "published":
      return "Published";
    case "draft":
      return "Draft";
    case "scheduled":
      return state.publishAt
        ? `Scheduled for ${formatDateTime(state.publishAt, zone)}${zone === "UTC" ? " UTC" : ""}`
        : "Scheduled";
  }
}

/** The value a datetime-local input shows for `iso` in `zone` ("2026-12-01T09:00"). */
export function localDateTimeValue(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

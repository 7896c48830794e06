import type { PublicationState } from "#app/domain/publication";
import { LocalTime } from "./local-time";

/** "Draft" or "Scheduled" beside a record's name in the dashboard; nothing for a published record. */
export function PublicationBadge({ publication }: { publication: PublicationState }) {
  if (publication.status === "published") return null;
  const draft = publication.status === "draft";
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        draft ? "bg-amber-100 text-amber-900" : "bg-sky-100 text-sky-900"
      }`}
    >
      {draft ? "Draft" : "Scheduled"}
      {!draft && publication.publishAt ? (
        <span className="sr-only">
          {" "}
          for <LocalTime iso={publication.publishAt} />
        </span>
      ) : null}
    </span>
  );
}

/** Where a record stands, in words: "Published", "Draft: visitors do not see it", "Scheduled: will be published on …". */
export function PublicationStatusLine({ publication }: { publication: PublicationState }) {
  return (
    <p className="text-sm text-slate-700" data-testid="publication-status">
      <span className="font-semibold">Status:</span>{" "}
      {publication.status === "published" ? (
        "Published"
      ) : publication.status === "draft" ? (
        "Draft: visitors do not see it"
      ) : (
        <>
          Scheduled: will be published on{" "}
          {publication.publishAt ? <LocalTime iso={publication.publishAt} /> : "its date"}
        </>
      )}
    </p>
  );
}

import type { PublicationState } from "#app/domain/publication";
import { LocalTime } from "./local-time";
import { PublicationBadge } from "./publication-badge";
import { Alert } from "./ui";

/** Above a draft's or scheduled product's page as a signed-in person previews it. */
export default function PreviewNotice({ publication }: { publication: PublicationState }) {
  return (
    <Alert tone="info">
      <span className="inline-flex flex-wrap items-center gap-2">
        <PublicationBadge publication={publication} />
        <span>
          Preview: visitors do not see this page
          {publication.status === "scheduled" && publication.publishAt ? (
            <>
              {" "}
              until <LocalTime iso={publication.publishAt} />
            </>
          ) : (
            " until it is published"
          )}
          .
        </span>
      </span>
    </Alert>
  );
}

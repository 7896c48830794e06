import { Fragment } from "react";
import { fileNameSegments } from "#app/domain/file-name";

/**
 * A file name that wraps where it reads naturally (after `_`, `-`, `.`, and at a case change; see
 * fileNameSegments). A piece too long for the line on its own still breaks rather than overflow: a
 * phone must never scroll sideways for a name.
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  return (
    <span className={className ? `wrap-anywhere ${className}` : "wrap-anywhere"}>
      {fileNameSegments(name).map((segment, index) => (
        // The pieces of one name never move, so their place is their identity.
        <Fragment key={index}>
          {/* Hidden from the accessibility tree, or Chrome reads each <wbr> into the name as a space. */}
          {index > 0 ? <wbr aria-hidden="true" /> : null}
          {segment}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Where a file name may wrap: after a run of `_`, `-` or `.`, and between a lower-case and an
 * upper-case letter ("ClientSetup"). File names have no spaces, so a browser left alone either lets
 * them overflow a phone's screen or breaks them mid-word. Not there: before the name's first letter
 * (a leading dot or dash belongs to it), inside a number ("2.8mm", "v2.4.1"), and before a short
 * extension at the end ("Notes.txt" stays whole: "txt" alone on a line reads as a word of its own).
 */
const WRAP_POINT = new RegExp(
  [
    String.raw`(?<=[^_.-][_.-]+)(?=[^_.-])(?!(?<=\d\.)\d)(?!(?<=\.)[\p{L}\p{N}]{1,5}$)`,
    String.raw`(?<=\p{Ll})(?=\p{Lu})`,
  ].join("|"),
  "u",
);

/** The pieces of `name` between the points where it may wrap; joined they are `name` again. */
export function fileNameSegments(name: string): string[] {
  return name.split(WRAP_POINT).filter((segment) => segment !== "");
}

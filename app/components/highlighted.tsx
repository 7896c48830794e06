import { highlightParts } from "#app/domain/search-text";

/** `text` with the words a search matched marked (decision 067); the text read aloud is unchanged. */
export function Highlighted({ text, matched }: { text: string; matched: readonly string[] }) {
  return (
    <>
      {highlightParts(text, matched).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

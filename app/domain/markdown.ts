/**
 * The Markdown of release notes, read into blocks and inline pieces that pages render as React
 * elements (never as HTML strings) and feeds as escaped HTML: raw HTML in the text is text, and a
 * link is a link only to http(s). What it reads: headings (#, ##, ###), paragraphs, bullet (-, *) and
 * numbered (1.) lists, **strong**, *emphasis* or _emphasis_, `code`, [text](url) and bare line breaks
 * inside a paragraph.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "emphasis"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] }
  | { kind: "break" };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

/** A link's address if it is one a page may open: http or https, nothing else (no javascript:, data:). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The work a reading did, counted in characters looked at: what the tests bound (20 times the length
 * of the source at most, whatever it holds), so that no note makes the reader slow, on any machine.
 */
export interface ReadingWork {
  steps: number;
}

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);
const isDigit = (char: string | undefined): boolean => char !== undefined && char >= "0" && char <= "9";

/**
 * For each position of `text`, where the next `char` is at or after it (text.length when none), and
 * the same for whitespace: what lets every mark below find its end in one step, so that a line of many
 * openers and no closers (20,000 `[`) costs as much as any other line of its length.
 */
function nextIndexes(text: string, work: ReadingWork) {
  const length = text.length;
  const marks = ["*", "`", "]", ")", "_"] as const;
  const next = Object.fromEntries(marks.map((mark) => [mark, new Int32Array(length + 1).fill(length)])) as Record<
    (typeof marks)[number],
    Int32Array
  >;
  const space = new Int32Array(length + 1).fill(length);
  for (let at = length - 1; at >= 0; at--) {
    work.steps++;
    const char = text[at];
    for (const mark of marks) next[mark][at] = char === mark ? at : (next[mark][at + 1] ?? length);
    space[at] = isSpace(char) ? at : (space[at + 1] ?? length);
  }
  return { next, space };
}

/**
 * The inline pieces of one line of text: `**strong**`, `` `code` ``, `[text](url)`, `*emphasis*` and
 * `_emphasis_`, the leftmost mark first and, where two start at one place, in that order. Marks do not
 * hold their own closing character, so each one's end is the next such character after its start.
 */
function inlineOf(text: string, work: ReadingWork): Inline[] {
  const { next, space } = nextIndexes(text, work);
  const length = text.length;
  const nextOf = (mark: keyof typeof next, from: number) => (from > length ? length : (next[mark][from] ?? length));
  const pieces: Inline[] = [];
  let textStart = 0;
  let at = 0;
  const emit = (piece: Inline[], end: number) => {
    if (at > textStart) pieces.push({ kind: "text", text: text.slice(textStart, at) });
    pieces.push(...piece);
    at = end;
    textStart = end;
  };
  while (at < length) {
    work.steps++;
    const char = text[at];
    if (char === "*" && text[at + 1] === "*") {
      const close = nextOf("*", at + 2);
      if (close > at + 2 && text[close + 1] === "*") {
        emit([{ kind: "strong", children: inlineOf(text.slice(at + 2, close), work) }], close + 2);
        continue;
      }
    }
    if (char === "`") {
      const close = nextOf("`", at + 1);
      if (close > at + 1 && close < length) {
        emit([{ kind: "code", text: text.slice(at + 1, close) }], close + 1);
        continue;
      }
    }
    if (char === "[") {
      const labelEnd = nextOf("]", at + 1);
      if (labelEnd > at + 1 && text[labelEnd + 1] === "(") {
        const hrefStart = labelEnd + 2;
        const hrefEnd = nextOf(")", hrefStart);
        if (hrefEnd > hrefStart && hrefEnd < length && (space[hrefStart] ?? length) >= hrefEnd) {
          const href = safeHref(text.slice(hrefStart, hrefEnd));
          const children = inlineOf(text.slice(at + 1, labelEnd), work);
          // A link to anything but http(s) keeps its words, not its address.
          emit(href ? [{ kind: "link", href, children }] : children, hrefEnd + 1);
          continue;
        }
      }
    }
    if ((char === "*" || char === "_") && text[at + 1] !== char && !isSpace(text[at + 1]) && at + 1 < length) {
      const close = nextOf(char, at + 2);
      if (close < length) {
        emit([{ kind: "emphasis", children: inlineOf(text.slice(at + 1, close), work) }], close + 1);
        continue;
      }
    }
    at++;
  }
  if (textStart < length) pieces.push({ kind: "text", text: text.slice(textStart) });
  return pieces;
}

/** The lines of a paragraph, joined by line breaks. */
function paragraphOf(lines: string[], work: ReadingWork): Inline[] {
  return lines.flatMap((line, index) => [
    ...(index > 0 ? [{ kind: "break" as const }] : []),
    ...inlineOf(line.trim(), work),
  ]);
}

/** Where the leading whitespace of `line` ends, from `from`. */
function skipSpace(line: string, from: number, work: ReadingWork): number {
  let at = from;
  while (at < line.length && isSpace(line[at])) {
    work.steps++;
    at++;
  }
  return at;
}

/** A heading line's level and text (`## Text ##`), or null. */
function headingOf(line: string, work: ReadingWork): { level: number; text: string } | null {
  let hashes = 0;
  while (line[hashes] === "#") {
    work.steps++;
    hashes++;
  }
  if (hashes < 1 || hashes > 6 || !isSpace(line[hashes])) return null;
  const start = skipSpace(line, hashes, work);
  // Closing hashes and the whitespace around them are not the heading's text.
  let end = line.length;
  for (const trailing of [isSpace, (char: string | undefined) => char === "#", isSpace]) {
    while (end > start && trailing(line[end - 1])) {
      work.steps++;
      end--;
    }
  }
  return { level: hashes, text: line.slice(start, end) };
}

/** A list item's text and whether it is numbered (`- text`, `* text`, `+ text`, `1. text`, `1) text`), or null. */
function listItemOf(line: string, work: ReadingWork): { ordered: boolean; text: string } | null {
  const start = skipSpace(line, 0, work);
  let at = start;
  let ordered = false;
  if (line[at] === "-" || line[at] === "*" || line[at] === "+") at++;
  else {
    while (at - start < 10 && isDigit(line[at])) {
      work.steps++;
      at++;
    }
    if (at === start || at - start > 9 || (line[at] !== "." && line[at] !== ")")) return null;
    ordered = true;
    at++;
  }
  if (!isSpace(line[at])) return null;
  return { ordered, text: line.slice(skipSpace(line, at, work)) };
}

export function parseMarkdown(source: string, work: ReadingWork = { steps: 0 }): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", children: paragraphOf(paragraph, work) });
    paragraph = [];
    if (list)
      blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map((item) => paragraphOf(item, work)) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    work.steps++;
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = headingOf(line, work);
    if (heading) {
      flush();
      const level = Math.min(3, heading.level) as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, children: inlineOf(heading.text, work) });
      continue;
    }
    const item = listItemOf(line, work);
    if (item) {
      if (paragraph.length || (list && list.ordered !== item.ordered)) flush();
      list ??= { ordered: item.ordered, items: [] };
      list.items.push([item.text]);
      continue;
    }
    if (list) {
      // An indented line goes on with the item above; anything else ends the list.
      if (isSpace(line[0]) && isSpace(line[1])) {
        list.items.at(-1)?.push(line);
        continue;
      }
      flush();
    }
    paragraph.push(line);
  }
  flush();
  return outlineHeadings(blocks);
}

/**
 * The headings' levels as an outline with no gaps: the text's highest heading at 1 and none more than
 * one below the heading before it, whether its author started at "#" or "###" (a screen reader's
 * list of headings then skips no level under the page's own).
 */
export function outlineHeadings(blocks: Block[]): Block[] {
  const highest = Math.min(...blocks.map((block) => (block.kind === "heading" ? block.level : 3)));
  let previous = 0;
  return blocks.map((block) => {
    if (block.kind !== "heading") return block;
    previous = Math.min(block.level - highest + 1, previous + 1);
    return { ...block, level: previous as 1 | 2 | 3 };
  });
}

/** A text read as its opening blocks and its top-level sections, each a heading and what follows it. */
export interface Sectioned {
  intro: Block[];
  sections: { heading: Inline[]; blocks: Block[] }[];
}

/**
 * Splits a text at its top-level headings (level 1 of the outline): a page sets each section as a
 * region or a tile of its own. Lower headings stay inside their section.
 */
export function sectionsOf(blocks: Block[]): Sectioned {
  const sectioned: Sectioned = { intro: [], sections: [] };
  for (const block of blocks) {
    if (block.kind === "heading" && block.level === 1) sectioned.sections.push({ heading: block.children, blocks: [] });
    else (sectioned.sections.at(-1)?.blocks ?? sectioned.intro).push(block);
  }
  return sectioned;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function inlineHtml(pieces: Inline[]): string {
  return pieces
    .map((piece) => {
      switch (piece.kind) {
        case "text":
          return escapeHtml(piece.text);
        case "strong":
          return `<strong>${inlineHtml(piece.children)}</strong>`;
        case "emphasis":
          return `<em>${inlineHtml(piece.children)}</em>`;
        case "code":
          return `<code>${escapeHtml(piece.text)}</code>`;
        case "link":
          return `<a href="${escapeHtml(piece.href)}">${inlineHtml(piece.children)}</a>`;
        case "break":
          return "<br>";
      }
    })
    .join("");
}

/** Release notes as HTML for a feed reader: every character of the source escaped, links http(s) only. */
export function markdownToHtml(source: string, work?: ReadingWork): string {
  return parseMarkdown(source, work)
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return `<h${block.level + 1}>${inlineHtml(block.children)}</h${block.level + 1}>`;
        case "paragraph":
          return `<p>${inlineHtml(block.children)}</p>`;
        case "list": {
          const tag = block.ordered ? "ol" : "ul";
          return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</${tag}>`;
        }
      }
    })
    .join("\n");
}

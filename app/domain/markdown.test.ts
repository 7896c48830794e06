import { describe, expect, it } from "vitest";
import {
  markdownToHtml,
  outlineHeadings,
  parseMarkdown,
  sectionsOf,
  safeHref,
  type Block,
  type Inline,
  type ReadingWork,
} from "./markdown";

// The reader as it was, on regular expressions, whose work grew with the square of a line's length on
// some lines: kept here as the reference the one-pass reader must agree with on every ordinary note.
const REGEX_INLINE =
  /(\*\*(?<strong>[^*]+?)\*\*)|(`(?<code>[^`]+?)`)|(\[(?<label>[^\]]+?)\]\((?<href>[^)\s]+)\))|(\*(?<emA>[^*\s][^*]*?)\*)|(_(?<emB>[^_\s][^_]*?)_)/;

function regexInlineOf(text: string): Inline[] {
  const pieces: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = REGEX_INLINE.exec(rest);
    if (!match || match.index === undefined) {
      pieces.push({ kind: "text", text: rest });
      break;
    }
    if (match.index > 0) pieces.push({ kind: "text", text: rest.slice(0, match.index) });
    const groups = match.groups ?? {};
    if (groups.strong !== undefined) pieces.push({ kind: "strong", children: regexInlineOf(groups.strong) });
    else if (groups.code !== undefined) pieces.push({ kind: "code", text: groups.code });
    else if (groups.label !== undefined) {
      const href = safeHref(groups.href ?? "");
      const children = regexInlineOf(groups.label);
      // A link to anything but http(s) keeps its words, not its address.
      pieces.push(...(href ? [{ kind: "link" as const, href, children }] : children));
    } else {
      pieces.push({ kind: "emphasis", children: regexInlineOf(groups.emA ?? groups.emB ?? "") });
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return pieces;
}

function regexParagraphOf(lines: string[]): Inline[] {
  return lines.flatMap((line, index) => [
    ...(index > 0 ? [{ kind: "break" as const }] : []),
    ...regexInlineOf(line.trim()),
  ]);
}

const REGEX_BULLET = /^\s*[-*+]\s+(.*)$/;
const REGEX_NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const REGEX_HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

function regexParseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", children: regexParagraphOf(paragraph) });
    paragraph = [];
    if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(regexParagraphOf) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = REGEX_HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(3, heading[1]?.length ?? 1) as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, children: regexInlineOf(heading[2] ?? "") });
      continue;
    }
    const bullet = REGEX_BULLET.exec(line);
    const numbered = bullet ? null : REGEX_NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push([item[1] ?? ""]);
      continue;
    }
    if (list) {
      // An indented line goes on with the item above; anything else ends the list.
      if (/^\s{2,}/.test(line)) {
        list.items.at(-1)?.push(line);
        continue;
      }
      flush();
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** A note of `length` characters drawn from what the reader treats specially, and some letters. */
function randomNote(random: () => number, length: number): string {
  const alphabet = [
    "*",
    "**",
    "_",
    "`",
    "[",
    "]",
    "(",
    ")",
    "#",
    "# ",
    "- ",
    "1. ",
    " ",
    "  ",
    "\n",
    "\n\n",
    "a",
    "b",
    "https://x.io/",
    "http:",
    "<",
    "\t",
  ];
  let note = "";
  while (note.length < length) note += alphabet[Math.floor(random() * alphabet.length)] ?? "";
  return note;
}

/** A small repeatable generator (mulberry32), so a failure can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("release notes' Markdown", () => {
  it("reads headings, paragraphs, lists and inline marks", () => {
    expect(
      parseMarkdown(
        "# Fixes\n\nFaster **night** mode and *sharper* `H.265`.\nSecond line.\n\n- one\n- two\n\n1. first",
      ),
    ).toEqual([
      { kind: "heading", level: 1, children: [{ kind: "text", text: "Fixes" }] },
      {
        kind: "paragraph",
        children: [
          { kind: "text", text: "Faster " },
          { kind: "strong", children: [{ kind: "text", text: "night" }] },
          { kind: "text", text: " mode and " },
          { kind: "emphasis", children: [{ kind: "text", text: "sharper" }] },
          { kind: "text", text: " " },
          { kind: "code", text: "H.265" },
          { kind: "text", text: "." },
          { kind: "break" },
          { kind: "text", text: "Second line." },
        ],
      },
      { kind: "list", ordered: false, items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two" }]] },
      { kind: "list", ordered: true, items: [[{ kind: "text", text: "first" }]] },
    ]);
  });

  it("keeps raw HTML as text and links only to http(s)", () => {
    expect(
      markdownToHtml('<script>alert(1)</script> [x](javascript:alert(1)) [site](https://example.com/a?b=1&c="2")'),
    ).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; x) <a href="https://example.com/a?b=1&amp;c=%222%22">site</a></p>',
    );
    expect(safeHref("data:text/html,hi")).toBeNull();
    expect(safeHref("HTTP://Example.com")).toBe("http://example.com/");
    expect(safeHref("/relative")).toBeNull();
  });
});

describe("the reader's work", () => {
  it("outlines headings without gaps, the highest at level 1, whatever level the author started at", () => {
    const levels = (source: string) =>
      parseMarkdown(source).flatMap((block) => (block.kind === "heading" ? [block.level] : []));
    expect(levels("## Fixes\ntext\n## Known issues")).toEqual([1, 1]);
    expect(levels("### Only deep")).toEqual([1]);
    expect(levels("# Release\n### Fixes\n## Notes")).toEqual([1, 2, 2]);
    expect(levels("## A\n### B\n## C")).toEqual([1, 2, 1]);
  });

  it("reads every ordinary note as the regular expressions did", () => {
    const random = seeded(46);
    for (let round = 0; round < 4000; round++) {
      const note = randomNote(random, 1 + Math.floor(random() * 60));
      expect(parseMarkdown(note), JSON.stringify(note)).toEqual(outlineHeadings(regexParseMarkdown(note)));
    }
  });

  const LENGTH = 20_000;
  const adversarial: Record<string, string> = {
    "openers with no closer": "[".repeat(LENGTH),
    "labels with no address": "[a]".repeat(LENGTH / 3),
    "addresses never closed": "[a](".repeat(LENGTH / 4),
    "addresses broken by spaces": "[a](b ".repeat(LENGTH / 6),
    stars: "*".repeat(LENGTH),
    "star and letter": "*a".repeat(LENGTH / 2),
    "double stars never closed": "**a".repeat(LENGTH / 3),
    underscores: "_a".repeat(LENGTH / 2),
    "backticks never closed": "`".repeat(LENGTH),
    "a heading of spaces": `# ${" ".repeat(LENGTH - 3)}x`,
    "a heading of hashes and spaces": `# ${" #".repeat((LENGTH - 2) / 2)}`,
    "a list item of spaces": `- ${" ".repeat(LENGTH - 3)}x`,
    digits: "1".repeat(LENGTH),
    "lines of openers": "[\n".repeat(LENGTH / 2),
    "nested marks": "**[_`".repeat(LENGTH / 5),
  };

  it.each(Object.entries(adversarial))(
    "is linear on 20,000 characters of %s: at most 20 steps a character",
    (_name, note) => {
      expect(note.length).toBeGreaterThanOrEqual(LENGTH - 6);
      const work: ReadingWork = { steps: 0 };
      const html = markdownToHtml(note, work);
      expect(html.length).toBeGreaterThan(0);
      expect(work.steps).toBeGreaterThanOrEqual(note.length);
      expect(work.steps).toBeLessThanOrEqual(20 * note.length);
    },
  );

  it("turns 20,000 openers into text, every one of them", () => {
    expect(parseMarkdown("[".repeat(LENGTH))).toEqual([
      { kind: "paragraph", children: [{ kind: "text", text: "[".repeat(LENGTH) }] },
    ] satisfies Block[]);
    const pieces: Inline[] = [{ kind: "text", text: "[a](" }];
    expect(parseMarkdown("[a](")).toEqual([{ kind: "paragraph", children: pieces }]);
  });
});

describe("a text read as sections", () => {
  it("keeps what comes before the first heading as its opening, and each top-level heading with what follows it", () => {
    const text = sectionsOf(
      parseMarkdown("Opening **words**.\n\n## One\n\nFirst.\n\n### Inside one\n\n- a\n- b\n\n## Two\n\nSecond."),
    );
    expect(text.intro).toEqual([
      {
        kind: "paragraph",
        children: [
          { kind: "text", text: "Opening " },
          { kind: "strong", children: [{ kind: "text", text: "words" }] },
          { kind: "text", text: "." },
        ],
      },
    ]);
    expect(text.sections.map((section) => section.heading)).toEqual([
      [{ kind: "text", text: "One" }],
      [{ kind: "text", text: "Two" }],
    ]);
    // A lower heading stays inside its section, one level below the section's own.
    expect(text.sections[0]?.blocks.map((block) => block.kind)).toEqual(["paragraph", "heading", "list"]);
    expect(text.sections[0]?.blocks[1]).toMatchObject({ kind: "heading", level: 2 });
    expect(text.sections[1]?.blocks).toEqual([{ kind: "paragraph", children: [{ kind: "text", text: "Second." }] }]);
  });

  it("is all opening without a heading, and has no opening when it starts with one", () => {
    expect(sectionsOf(parseMarkdown("Just words."))).toMatchObject({ sections: [] });
    expect(sectionsOf(parseMarkdown("# Only\n\nText."))).toMatchObject({
      intro: [],
      sections: [{ blocks: [{ kind: "paragraph" }] }],
    });
  });
});

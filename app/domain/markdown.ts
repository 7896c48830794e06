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

const INLINE =
  /(\*\*(?<strong>[^*]+?)\*\*)|(`(?<code>[^`]+?)`)|(\[(?<label>[^\]]+?)\]\((?<href>[^)\s]+)\))|(\*(?<emA>[^*\s][^*]*?)\*)|(_(?<emB>[^_\s][^_]*?)_)/;

/** The inline pieces of one line of text. */
function inlineOf(text: string): Inline[] {
  const pieces: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match || match.index === undefined) {
      pieces.push({ kind: "text", text: rest });
      break;
    }
    if (match.index > 0) pieces.push({ kind: "text", text: rest.slice(0, match.index) });
    const groups = match.groups ?? {};
    if (groups.strong !== undefined) pieces.push({ kind: "strong", children: inlineOf(groups.strong) });
    else if (groups.code !== undefined) pieces.push({ kind: "code", text: groups.code });
    else if (groups.label !== undefined) {
      const href = safeHref(groups.href ?? "");
      const children = inlineOf(groups.label);
      // A link to anything but http(s) keeps its words, not its address.
      pieces.push(...(href ? [{ kind: "link" as const, href, children }] : children));
    } else {
      pieces.push({ kind: "emphasis", children: inlineOf(groups.emA ?? groups.emB ?? "") });
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return pieces;
}

/** The lines of a paragraph, joined by line breaks. */
function paragraphOf(lines: string[]): Inline[] {
  return lines.flatMap((line, index) => [...(index > 0 ? [{ kind: "break" as const }] : []), ...inlineOf(line.trim())]);
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", children: paragraphOf(paragraph) });
    paragraph = [];
    if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(paragraphOf) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(3, heading[1]?.length ?? 1) as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, children: inlineOf(heading[2] ?? "") });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
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
export function markdownToHtml(source: string): string {
  return parseMarkdown(source)
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

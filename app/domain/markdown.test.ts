import { describe, expect, it } from "vitest";
import { markdownToHtml, parseMarkdown, safeHref } from "./markdown";

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

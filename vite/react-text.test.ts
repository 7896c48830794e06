import fs from "node:fs";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import path from "node:path";
import type * as ReactModule from "react";
import type { ReactNode } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { REACT_DOM_SERVER_FILE, reactWritingText, TEXT_PIECE_CHARACTERS } from "./server-bundle";

type Renderer = { renderToPipeableStream: typeof RenderToPipeableStream };

const installed = fs.readFileSync(REACT_DOM_SERVER_FILE, "utf8");

const nodeRequire = createRequire(REACT_DOM_SERVER_FILE);
// The server build runs React's production code; tests run with NODE_ENV=test, which would give
// `react` its development build, and the two do not mix.
const React = nodeRequire(
  path.join(path.dirname(nodeRequire.resolve("react/package.json")), "cjs/react.production.js"),
) as typeof ReactModule;
const ReactDOM: unknown = nodeRequire("./react-dom.production.js");
const { createElement, Suspense } = React;

/** React's production server renderer from `source`, loaded as Node loads the installed one. */
function load(source: string): Renderer {
  const module = { exports: {} as Renderer };
  const requireProduction = (id: string): unknown =>
    id === "react" ? React : id === "react-dom" ? ReactDOM : nodeRequire(id);
  const run = new Function("require", "module", "exports", "process", "Buffer", source);
  run(requireProduction, module, module.exports, process, Buffer);
  return module.exports;
}

/** What `renderer` writes for `document`, all of it, and each piece as it was handed over. */
async function render(renderer: Renderer, document: ReactNode): Promise<{ html: string; pieces: (string | Buffer)[] }> {
  const pieces: (string | Buffer)[] = [];
  const destination = new Writable({
    decodeStrings: false,
    write(piece: string | Buffer, _encoding, callback) {
      pieces.push(piece);
      callback();
    },
  });
  await new Promise<void>((resolve, reject) => {
    const { pipe } = renderer.renderToPipeableStream(document, {
      nonce: "n0nce",
      onAllReady: () => pipe(destination),
      onShellError: reject,
      onError: reject,
    });
    destination.on("finish", resolve);
  });
  return { html: Buffer.concat(pieces.map((piece) => Buffer.from(piece))).toString(), pieces };
}

function Later({ text }: { text: string }): ReactNode {
  return createElement("p", { className: "later" }, text);
}

/** A page with what React writes in many ways: attributes, styles, text in several scripts, a script. */
function page(rows: number): ReactNode {
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Caméras & enregistreurs — 监控")),
    createElement(
      "body",
      null,
      createElement(
        "ul",
        { className: "grid gap-4", "data-count": rows },
        Array.from({ length: rows }, (_, index) =>
          createElement(
            "li",
            { key: index, style: { order: index, fontWeight: 600 } },
            createElement("a", { href: `/catalog/products/${index}`, "aria-label": `Produit n° ${index}` }, "Détails"),
            `Dôme ${index} 🎥 <IR> & "IP67"`,
            createElement("input", {
              type: "checkbox",
              name: "p",
              value: String(index),
              defaultChecked: index % 2 === 0,
            }),
          ),
        ),
      ),
      createElement("p", null, "x".repeat(5000)),
      createElement("div", { dangerouslySetInnerHTML: { __html: "<b>ready</b>" } }),
      createElement(Suspense, { fallback: createElement("span", null, "…") }, createElement(Later, { text: "später" })),
      createElement("script", { nonce: "n0nce", dangerouslySetInnerHTML: { __html: "window.ready = true;" } }),
    ),
  );
}

describe("reactWritingText", () => {
  const original = load(installed);
  const rewritten = load(reactWritingText(installed));

  it("writes the same document as React, byte for byte", async () => {
    for (const rows of [0, 1, 24, 300]) {
      const [ours, react] = await Promise.all([render(rewritten, page(rows)), render(original, page(rows))]);
      expect(ours.html, `${rows} rows`).toBe(react.html);
    }
  });

  it("hands the document over in fewer pieces than React's own 4 KB buffers", async () => {
    const [ours, react] = await Promise.all([render(rewritten, page(300)), render(original, page(300))]);
    expect(ours.pieces.every((piece) => Buffer.isBuffer(piece))).toBe(true);
    expect(ours.pieces.length).toBeLessThan(react.pieces.length);
    // Each flush's text in pieces of at least TEXT_PIECE_CHARACTERS (as many bytes or more), but for
    // its last: the shell's, then the late boundary's.
    const short = ours.pieces.filter((piece) => piece.length < TEXT_PIECE_CHARACTERS);
    expect(ours.pieces.length).toBeGreaterThan(short.length + 2);
    expect(short.length).toBeLessThanOrEqual(2);
  });

  it("never writes into bytes it has handed over", async () => {
    const first = await render(rewritten, page(300));
    const copies = first.pieces.map((piece) => Buffer.from(piece));
    await Promise.all([render(rewritten, page(24)), render(rewritten, page(300)), render(rewritten, page(1))]);
    expect(first.pieces).toEqual(copies);
  });

  it("fails the build when React's renderer has another shape", () => {
    expect(() => reactWritingText(installed.replace("function writeChunk(", "function writeChunks("))).toThrow(
      /decision 033\): writeChunk not found once/,
    );
    expect(() => reactWritingText(installed.replace("return textEncoder.encode(content);", ""))).toThrow(
      /stringToPrecomputedChunk not found once/,
    );
  });
});

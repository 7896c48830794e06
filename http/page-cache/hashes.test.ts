import { describe, expect, it } from "vitest";
import { hashSource } from "../security";
import { inlineScriptHashes, inlineStyleHashes } from "./http";

describe("the inline hashes of a cached page", () => {
  it("hash each inline script's and stylesheet's UTF-8 text, read from the page's bytes as latin1", () => {
    const script = 'window.__data = { "temp": "-40 °C … 60 °C", "名前": "ドーム" };';
    const style = 'body::before { content: "→ ✓" }';
    const html = `<html><head><style>${style}</style><script src="/a.js"></script></head>
      <body><script type="module">${script}</script><script>${script}</script></body></html>`;
    const latin1 = Buffer.from(html, "utf8").toString("latin1");
    expect(inlineScriptHashes(latin1)).toEqual([hashSource(script)]);
    expect(inlineStyleHashes(latin1)).toEqual([hashSource(style)]);
    // The same stylesheet again (every page has it): the same hash.
    expect(inlineStyleHashes(latin1)).toEqual([hashSource(style)]);
  });
});

import { describe, expect, it } from "vitest";
import { hashSource } from "../security";
import { inlineScriptHashes, inlineStyleHashes, withoutBytes } from "./http";

describe("the inline hashes of a cached page", () => {
  it("hash each inline script's and stylesheet's UTF-8 bytes, found in the page's bytes", () => {
    const script = 'window.__data = { "temp": "-40 °C … 60 °C", "名前": "ドーム" };';
    const style = 'body::before { content: "→ ✓" }';
    const html = Buffer.from(
      `<html><head><style>${style}</style><script src="/a.js"></script><scripted>x</scripted></head>
      <body><script type="module">${script}</script><script>${script}</script></body></html>`,
    );
    expect(inlineScriptHashes(html)).toEqual([hashSource(script)]);
    expect(inlineStyleHashes(html)).toEqual([hashSource(style)]);
    // The same stylesheet again (every page has it), and another one: each its own hash.
    expect(inlineStyleHashes(html)).toEqual([hashSource(style)]);
    expect(inlineStyleHashes(Buffer.from("<style>p{}</style>"))).toEqual([hashSource("p{}")]);
  });

  it("an unclosed element is not hashed", () => {
    expect(inlineScriptHashes(Buffer.from("<script>never closed"))).toEqual([]);
  });
});

describe("withoutBytes", () => {
  it("drops every occurrence, at either end and side by side, and keeps every other byte", () => {
    const cut = Buffer.from("n0nce");
    const page = Buffer.from('n0nce<script nonce="n0nce">é</script>n0ncen0nce✓n0nce');
    expect(withoutBytes(page, cut).toString()).toBe('<script nonce="">é</script>✓');
    expect(withoutBytes(Buffer.from("no match"), cut).toString()).toBe("no match");
    expect(withoutBytes(page, Buffer.alloc(0)).equals(page)).toBe(true);
  });
});

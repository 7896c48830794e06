import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { finishedHead, STYLESHEET_PLACEHOLDER } from "./document-head.server";

const stylesheet = 'body::before{content:"✓ é"}';

/** The document the transform lets through when React writes `chunks` one after another. */
async function passed(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(finishedHead(Buffer.from(stylesheet))));
}

/** `document` cut into pieces of `size` bytes, wherever that falls (inside tags and characters too). */
function cut(document: string, size: number): Buffer[] {
  const bytes = Buffer.from(document, "utf8");
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return pieces;
}

const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Caméras — Überblick</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-AbC.js" nonce="n0"/>' +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
  '<link rel="modulepreload" href="/assets/root-XyZ.js" nonce="n0"/></head>';
const body =
  '<body><p>Ünïcödé ✓ <code>&lt;link rel="modulepreload"&gt;</code></p>' +
  '<script type="module" async="">import "/assets/root-XyZ.js";import("/assets/entry.client-AbC.js");</script></body></html>';
const expected =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Caméras — Überblick</title>' +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/></head>' +
  body;

describe("finishedHead", () => {
  it("drops the head's module preloads and keeps every other byte, however the document is cut", async () => {
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect([size, await passed(cut(head + body, size))]).toEqual([size, expected]);
    }
  });

  it("puts the stylesheet in place of its placeholder in the head, however the document is cut", async () => {
    const withStyle = head.replace("<title>", `<style>${STYLESHEET_PLACEHOLDER}</style><title>`);
    const expectedWithStyle = expected.replace("<title>", `<style>${stylesheet}</style><title>`);
    for (const size of [1, 5, 64, 4096]) {
      expect([size, await passed(cut(withStyle + body, size))]).toEqual([size, expectedWithStyle]);
    }
    // Only the head's: the same text in the body is the body's.
    const inBody = body.replace("<p>", `<p>${STYLESHEET_PLACEHOLDER}`);
    expect(await passed([Buffer.from(withStyle), Buffer.from(inBody)])).toBe(expectedWithStyle.replace(body, inBody));
  });

  it("leaves the body alone, even text that looks like a preload link", async () => {
    const bodyWithLink = body.replace("<p>", '<p><link rel="modulepreload" href="/in-body.js"/>');
    expect(await passed([Buffer.from(head), Buffer.from(bodyWithLink)])).toContain(
      '<link rel="modulepreload" href="/in-body.js"/>',
    );
  });

  it("passes a document without a head through, minus its preloads", async () => {
    expect(await passed(cut('<link rel="modulepreload" href="/a.js"/><p>é</p>', 5))).toBe("<p>é</p>");
  });

  it("writes the page in the site's other languages after its canonical link, however the document is cut", async () => {
    const canonical = '<link rel="canonical" href="https://vantage.example/de/catalog?page=2&amp;x=%C3%A9"/>';
    const withCanonical = head.replace("<title>", `${canonical}<title>`);
    const seen: string[] = [];
    const afterCanonical = (href: string) => {
      seen.push(href);
      return `<link rel="alternate" hreflang="x-default" href="${href.replace("/de/", "/").replaceAll("&", "&amp;")}"/>`;
    };
    const alternate =
      '<link rel="alternate" hreflang="x-default" href="https://vantage.example/catalog?page=2&amp;x=%C3%A9"/>';
    for (const size of [1, 3, 64, 4096]) {
      const document = await text(
        Readable.from(cut(withCanonical + body, size)).pipe(finishedHead(Buffer.from(stylesheet), afterCanonical)),
      );
      expect([size, document]).toEqual([size, expected.replace("<title>", `${canonical}${alternate}<title>`)]);
    }
    // The address as the page means it, its attribute's escaping undone.
    expect(new Set(seen)).toEqual(new Set(["https://vantage.example/de/catalog?page=2&x=%C3%A9"]));
    // A page without a canonical link (the dashboard, sign-in) gets nothing.
    expect(
      await text(Readable.from([Buffer.from(head + body)]).pipe(finishedHead(Buffer.from(stylesheet), afterCanonical))),
    ).toBe(expected);
  });
});

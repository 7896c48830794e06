import { text } from "node:stream/consumers";
import { createElement, Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STYLESHEET_PLACEHOLDER } from "./document-head.server";
import { renderDocument, type DocumentRenderOptions } from "./render-document.server";

const stylesheet = Buffer.from("main{color:navy}");

function page(...children: ReturnType<typeof createElement>[]) {
  return createElement(
    "html",
    null,
    createElement("head", null, createElement("style", null, STYLESHEET_PLACEHOLDER)),
    createElement("body", null, ...children),
  );
}

function options(overrides: Partial<DocumentRenderOptions> = {}): DocumentRenderOptions {
  return { nonce: "n0nce", whole: false, stylesheet, abortAfterMs: 60_000, onError: () => undefined, ...overrides };
}

/** Timers counted apart from the test runner's own: only this test's code sets them. */
function countTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
}

/** What is left to run once the streams' last callbacks have. */
async function timersLeft(): Promise<number> {
  await new Promise(setImmediate);
  return vi.getTimerCount();
}

/** Suspends for good: what a loader's promise that never settles looks like to React. */
function Never() {
  use(new Promise<never>(() => undefined));
  return null;
}

/** A page whose first paragraph is ready at once and whose second part never is. */
function partlySuspended() {
  return page(
    createElement("p", null, "Shown at once"),
    createElement(Suspense, { fallback: createElement("p", null, "Loading…") }, createElement(Never)),
  );
}

function Broken(): never {
  throw new Error("the shell cannot render");
}

describe("renderDocument", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the document with the stylesheet in place and leaves no timer behind once written", async () => {
    countTimers();
    const html = await text(await renderDocument(page(createElement("p", null, "Caméras ✓")), options()));
    expect(html).toContain("<style>main{color:navy}</style>");
    expect(html).toContain("<p>Caméras ✓</p>");
    // The abort set for a document still rendering would hold the whole render for a minute here.
    expect(await timersLeft()).toBe(0);
  });

  it("gives up what is still suspended once its time is out, and ends the document", async () => {
    const errors: boolean[] = [];
    const body = await renderDocument(
      partlySuspended(),
      options({ abortAfterMs: 20, onError: (_error, shellSent) => errors.push(shellSent) }),
    );
    const html = await text(body);
    expect(html).toContain("<p>Shown at once</p>");
    expect(html).toContain("Loading…");
    expect(html).toMatch(/<\/html>$/);
    // The boundary given up is reported, as an error after the shell.
    expect(errors).toEqual([true]);
  });

  it("stops rendering when the document's reader goes away, and leaves no timer behind", async () => {
    countTimers();
    const errors: boolean[] = [];
    const body = await renderDocument(
      partlySuspended(),
      options({ onError: (_error, shellSent) => errors.push(shellSent) }),
    );
    body.destroy();
    // React hears that its destination closed and gives up the part still suspended.
    await expect.poll(() => errors).toEqual([true]);
    expect(await timersLeft()).toBe(0);
  });

  it("refuses a document whose shell fails, and leaves no timer behind", async () => {
    countTimers();
    const errors: boolean[] = [];
    await expect(
      renderDocument(page(createElement(Broken)), options({ onError: (_error, shellSent) => errors.push(shellSent) })),
    ).rejects.toThrow("the shell cannot render");
    expect(errors).toEqual([false]);
    expect(await timersLeft()).toBe(0);
  });
});

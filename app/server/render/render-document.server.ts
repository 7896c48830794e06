import { finished, type Readable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { finishedHead, type AfterCanonical } from "./document-head.server";
import { oncePerTurn } from "../platform/streams.server";

export interface DocumentRenderOptions {
  nonce: string;
  /** The whole document at once (crawlers, clients without JavaScript) rather than its shell early. */
  whole: boolean;
  /** The stylesheet's bytes, written where the document holds the placeholder (finishedHead). */
  stylesheet: Buffer;
  /** The tags written after the page's canonical link (finishedHead). */
  afterCanonical?: AfterCanonical;
  /** After this long, whatever is still suspended is given up and the document ends. */
  abortAfterMs: number;
  /** An error while rendering: before the shell was sent, or after (then only to be logged). */
  onError: (error: unknown, shellSent: boolean) => void;
}

/**
 * A document's bytes, once its shell (or with `whole`, all of it) is rendered; rejected when the shell
 * itself fails.
 */
export function renderDocument(document: ReactNode, options: DocumentRenderOptions): Promise<Readable> {
  return new Promise((resolve, reject) => {
    let shellSent = false;
    // Cleared as soon as the document is written.
    const abortTimer = setTimeout(() => abort(), options.abortAfterMs);
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce: options.nonce,
      [options.whole ? "onAllReady" : "onShellReady"]() {
        shellSent = true;
        const body = finishedHead(options.stylesheet, options.afterCanonical);
        const joined = oncePerTurn();
        // Either end failing or cancelled (a visitor who left) ends both, and React's render with them.
        // Joined by hand: `pipeline` would make and then abort an AbortController for every page, and
        // aborting builds a DOMException with its stack trace, about a fiftieth of a render.
        body.pipe(joined);
        body.once("error", (error) => joined.destroy(error));
        joined.once("close", () => body.destroy());
        // A pending abort holds the whole render (React's state, the router's, the loaders' data) for
        // seconds after the page is out, long enough to reach the old generation: a busy server's
        // renders then pile up there, and only full collections free them. Written or given up, the
        // document needs no abort.
        finished(body, () => clearTimeout(abortTimer));
        resolve(joined);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        options.onError(error, shellSent);
      },
    });
  });
}

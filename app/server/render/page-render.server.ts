import type { Readable } from "node:stream";
import type { EntryContext } from "react-router";

/** One document to render, besides the data in its router context. */
export interface PageRender {
  url: string;
  nonce: string;
  /** The whole document at once (crawlers, clients without JavaScript) rather than its shell early. */
  whole: boolean;
  /** An error while rendering: before the shell was sent, or after (then only to be logged). */
  onError: (error: unknown, shellSent: boolean) => void;
}

/**
 * Renders documents somewhere other than the thread that loaded their data. Resolves to null when it
 * cannot take this one: the caller then renders it itself.
 */
export interface PageRenderer {
  render(context: EntryContext, page: PageRender): Promise<Readable | null>;
}

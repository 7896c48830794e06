import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";

/** The Node.js stream under each document's answer, until the server takes it (`takeDocumentBody`). */
const documentBodies = new WeakMap<Response, Readable>();

/**
 * A rendered document as React Router's answer. The router wants a web stream for a body; the server
 * writes pages from Node.js streams, and turning one into the other and back cost a few percent of an
 * uncached page (decision 038). So the web stream here is made to stand for the Node.js stream and
 * reads it only if something reads the web stream; the server takes the Node.js stream instead.
 */
export function documentResponse(body: Readable, init: ResponseInit): Response {
  let source: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const web = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        source ??= (createReadableStreamFromReadable(body) as ReadableStream<Uint8Array>).getReader();
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason: unknown) {
        if (source) return source.cancel(reason);
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    // Nothing is read ahead: the Node.js stream stays unread until someone asks for its bytes.
    { highWaterMark: 0 },
  );
  const response = new Response(web, init);
  // A render that fails before the server takes the stream must not take the process down with it:
  // the server sees the stream's error when it does (`body.errored`).
  body.on("error", ignore);
  documentBodies.set(response, body);
  return response;
}

/**
 * The Node.js stream `response` was made from by `documentResponse`, if nothing has read or locked
 * its web stream yet; from then on the web stream is never read. Otherwise undefined: the body is
 * the web stream's to give.
 */
export function takeDocumentBody(response: Response): Readable | undefined {
  const body = documentBodies.get(response);
  if (body === undefined || response.bodyUsed || response.body?.locked) return undefined;
  documentBodies.delete(response);
  return body;
}

function ignore() {}

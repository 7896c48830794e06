import { randomBytes } from "node:crypto";
import http from "node:http";
import { PassThrough, type Readable } from "node:stream";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentResponse, takeDocumentBody } from "#app/server/render/document-response.server";
import { fetchRequest, sendResponse } from "./react-router";
import { listenOnLoopback } from "#tests/support/ports";
import { sendRaw } from "#tests/support/http";

/** Each test's answer, made by the test for the path it asks. */
const answers = new Map<string, () => Response | Promise<Response>>();
/** The requests `/held` was given, with when their connection closed; it never answers. */
const held: { request: Request; closed: Promise<void> }[] = [];
let url = "";
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.all("/held", (req, res) => {
    const request = fetchRequest(req, res);
    held.push({ request, closed: new Promise((resolve) => res.once("close", () => resolve())) });
  });
  app.get("/{*path}", (req, res, next) => {
    res.setHeader("X-Set-Before", "by a middleware");
    const answer = answers.get(req.path);
    if (!answer) return next();
    Promise.resolve(answer())
      .then((response) => sendResponse(res, response))
      .catch(next);
  });
  ({ url, close } = await listenOnLoopback(app));
});
afterAll(async () => {
  await close?.();
});

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it arrived, decompressed, in the pieces it arrived in. */
  pieces: string[];
  /** Whether the body ended as HTTP says a body ends, rather than with the connection cut. */
  complete: boolean;
}

/** Asks for `path` and calls `onPiece` with each decoded piece as it arrives. */
function get(path: string, options: { gzip?: boolean; onPiece?: (piece: string) => void } = {}): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}${path}`,
      { headers: options.gzip ? { "Accept-Encoding": "gzip" } : {} },
      (response) => {
        const pieces: string[] = [];
        const decoded: Readable =
          response.headers["content-encoding"] === "gzip"
            ? response.pipe(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH }))
            : response;
        decoded.on("data", (chunk: Buffer) => {
          pieces.push(chunk.toString());
          options.onPiece?.(chunk.toString());
        });
        const settle = () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, pieces, complete: response.complete });
        decoded.once("end", settle);
        // A cut connection ends nothing: the response only closes.
        response.once("close", () => {
          if (!response.complete) settle();
        });
      },
    );
    request.once("error", reject);
  });
}

/** A document stream the test writes into: the render, seen from the server. */
function renderStream(): PassThrough {
  return new PassThrough();
}

function closed(stream: Readable): Promise<void> {
  return new Promise((resolve) => (stream.destroyed ? resolve() : stream.once("close", () => resolve())));
}

describe("a document's answer", () => {
  it("sends the status, every header (a cookie twice, the middleware's kept) and the bytes in order", async () => {
    const body = renderStream();
    answers.set("/whole", () => {
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      headers.append("Set-Cookie", "a=1");
      headers.append("Set-Cookie", "b=2");
      return documentResponse(body, { status: 404, statusText: "Not Here", headers });
    });
    body.write("<!DOCTYPE html><p>Caméras ✓</p>");
    body.end(Buffer.from("<p>the end</p>"));
    const received = await get("/whole");
    expect(received.status).toBe(404);
    expect(received.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(received.headers["cache-control"]).toBe("no-store");
    expect(received.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(received.headers["x-set-before"]).toBe("by a middleware");
    expect(received.complete).toBe(true);
    expect(received.pieces.join("")).toBe("<!DOCTYPE html><p>Caméras ✓</p><p>the end</p>");
  });

  it("reaches the client piece by piece through the compressor, before the render has ended", async () => {
    const body = renderStream();
    answers.set("/streamed", () => documentResponse(body, { headers: { "Content-Type": "text/html" } }));
    body.write("<p>the shell</p>");
    let sawShell: () => void = () => undefined;
    const shellArrived = new Promise<void>((resolve) => (sawShell = resolve));
    const received = get("/streamed", {
      gzip: true,
      onPiece: (piece) => piece.includes("the shell") && sawShell(),
    });
    // The rest is written only once the shell is at the client: a buffered shell would hang here.
    await shellArrived;
    body.end("<p>the rest</p>");
    const { headers, pieces, complete } = await received;
    expect(headers["content-encoding"]).toBe("gzip");
    expect(complete).toBe(true);
    expect(pieces.join("")).toBe("<p>the shell</p><p>the rest</p>");
  });

  it("hands the compressor what the render wrote in one turn as one piece: the page compressed as a whole", async () => {
    const body = renderStream();
    answers.set("/turn", () => documentResponse(body, { headers: { "Content-Type": "text/html" } }));
    const pieces = Array.from({ length: 40 }, (_, n) => `<li><a href="/catalog/products/${n}">Camera ${n}</a></li>`);
    for (const piece of pieces) body.write(piece);
    body.end();
    const raw = await sendRaw(`${url}/turn`, { headers: { "Accept-Encoding": "gzip" } });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    // Each piece flushed on its own would end a deflate block each time, and the bytes would differ.
    expect(raw.body.equals(zlib.gzipSync(pieces.join("")))).toBe(true);
  });

  it("holds the render back while the client does not read, and ends it when the client leaves", async () => {
    for (const gzip of [false, true]) {
      const body = renderStream();
      answers.set(`/left-${gzip}`, () => documentResponse(body, { headers: { "Content-Type": "text/html" } }));
      // Random bytes: the compressor's output is as large as its input, so it fills up as the socket does.
      const megabyte = () => randomBytes(1024 * 1024);
      body.write(megabyte());
      const request = http.get(
        `${url}/left-${gzip}`,
        { headers: gzip ? { "Accept-Encoding": "gzip" } : {} },
        (response) => response.pause(),
      );
      // The client leaves, maybe before the compressed headers reach it: its own "socket hang up", which
      // would otherwise surface during a later test as an uncaught error.
      request.on("error", () => undefined);
      // Socket, compressor and response buffers fill; then the server stops reading the render.
      await expect.poll(() => (body.write(megabyte()), body.isPaused() && body.readableLength > 0)).toBe(true);
      expect(body.readableLength, gzip ? "through gzip" : "plain").toBeLessThan(64 * 1024 * 1024);
      request.destroy();
      await closed(body);
      expect(body.destroyed).toBe(true);
    }
  });

  it("cuts the connection when the render fails after the headers were sent", async () => {
    const body = renderStream();
    answers.set("/failed", () => documentResponse(body, { headers: { "Content-Type": "text/html" } }));
    body.write("<p>the shell</p>");
    const received = get("/failed", { onPiece: () => body.destroy(new Error("a boundary failed")) });
    const { pieces, complete } = await received;
    expect(pieces.join("")).toBe("<p>the shell</p>");
    expect(complete).toBe(false);
  });

  it("cuts the connection when the render stops short without an error", async () => {
    const body = renderStream();
    answers.set("/short", () => documentResponse(body, { headers: { "Content-Type": "text/html" } }));
    body.write("<p>the shell</p>");
    const { pieces, complete } = await get("/short", { onPiece: () => body.destroy() });
    expect(pieces.join("")).toBe("<p>the shell</p>");
    expect(complete).toBe(false);
  });

  it("cuts the connection for a render that failed before the server took it, and the process lives on", async () => {
    const body = renderStream();
    answers.set("/failed-early", async () => {
      const response = documentResponse(body, { headers: { "Content-Type": "text/html" } });
      // No one reads it yet: an error no one heard would end the process. The router takes a few turns
      // of the event loop to hand the answer on, time enough for the stream to have closed.
      body.destroy(new Error("failed before anyone read it"));
      await closed(body);
      return response;
    });
    await expect(get("/failed-early")).rejects.toThrow(/socket hang up|ECONNRESET/);
    const after = renderStream();
    after.end("still serving");
    answers.set("/after", () => documentResponse(after, {}));
    expect((await get("/after")).pieces.join("")).toBe("still serving");
  });

  it("is sent from its web stream once something has read that, with the same bytes", async () => {
    const body = renderStream();
    body.end("<p>read as a web stream</p>");
    const original = documentResponse(body, { headers: { "Content-Type": "text/html" } });
    // What a wrapper does: it reads the body as a web stream and answers with it.
    const reader = original.body?.getReader();
    expect(takeDocumentBody(original)).toBeUndefined();
    const wrapped = new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        },
      }),
      original,
    );
    answers.set("/wrapped", () => wrapped);
    const { pieces, complete } = await get("/wrapped");
    expect(complete).toBe(true);
    expect(pieces.join("")).toBe("<p>read as a web stream</p>");
  });
});

describe("documentResponse", () => {
  it("hands its stream over once, and not after its web stream was read", async () => {
    const taken = renderStream();
    const response = documentResponse(taken, {});
    expect(takeDocumentBody(response)).toBe(taken);
    expect(takeDocumentBody(response)).toBeUndefined();

    const read = renderStream();
    read.end("bytes");
    const readFirst = documentResponse(read, {});
    expect(await readFirst.text()).toBe("bytes");
    expect(takeDocumentBody(readFirst)).toBeUndefined();
    expect(takeDocumentBody(new Response("not a document"))).toBeUndefined();
  });

  it("reads nothing from its stream until its web stream is read, and ends the render when that is cancelled", async () => {
    const body = renderStream();
    body.write("waiting");
    const response = documentResponse(body, {});
    await new Promise(setImmediate);
    expect(body.readableLength).toBe("waiting".length);
    await response.body?.cancel();
    await closed(body);
    expect(body.destroyed).toBe(true);

    const readThenCancelled = renderStream();
    readThenCancelled.write("first");
    const reader = documentResponse(readThenCancelled, {}).body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe("first");
    await reader?.cancel();
    await closed(readThenCancelled);
    expect(readThenCancelled.destroyed).toBe(true);
  });
});

describe("the Fetch API request a route is given", () => {
  it("is aborted when the client leaves a write; a page's carries no signal to abort", async () => {
    for (const method of ["POST", "GET"] as const) {
      held.length = 0;
      const request = http.request(`${url}/held`, {
        method,
        headers: method === "POST" ? { "Content-Type": "text/plain", "Content-Length": "100" } : {},
      });
      request.once("error", () => undefined);
      if (method === "POST") request.write("the first part of a body");
      else request.end();
      await expect.poll(() => held.length).toBe(1);
      const [seen] = held;
      if (!seen) throw new Error("/held was not asked");
      expect(seen.request.method).toBe(method);
      request.destroy();
      await seen.closed;
      if (method === "POST") await expect.poll(() => seen.request.signal.aborted).toBe(true);
      else expect(seen.request.signal.aborted).toBe(false);
    }
  });
});

import type { Readable } from "node:stream";
import type { Request, Response } from "express";
import type { Logger } from "#app/server/platform/logger.server";
import { STORED_FILE_POLICY } from "./security";
import { isImageType } from "#app/server/files/sniff.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import type { FileRow } from "#app/server/files/files.server";
import { requestHeaders } from "./request";

/**
 * Sends stored bytes as the answer (or, after a HEAD, none): a storage error before anything was sent
 * is a 500 saying `what` could not be read, after that the connection ends; a visitor who leaves stops
 * the read.
 */
export function sendStored(
  req: Request,
  res: Response,
  open: () => Readable,
  failure: { logger: Logger; what: string; context: Record<string, unknown> },
): void {
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const stream = open();
  stream.on("error", (error) => {
    failure.logger.error({ err: error, ...failure.context }, `stored ${failure.what} could not be read`);
    if (!res.headersSent) {
      // What was set for the bytes must not describe the error, least of all let a cache keep it.
      for (const header of ["ETag", "Content-Disposition", "Content-Range", "Content-Length", "Last-Modified"]) {
        res.removeHeader(header);
      }
      res.setHeader("Cache-Control", "no-store");
      res.status(500).type("text/plain").send(`The ${failure.what} could not be read.`);
    } else res.destroy();
  });
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** If-None-Match may list several validators, weak or strong (RFC 9110 §13.1.2: weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

function parseRange(header: string, size: number): { start: number; end: number } | "invalid" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return "invalid";
  let start: number;
  let end: number;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "invalid";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

const KEPT_A_YEAR = "public, max-age=31536000, immutable";

/**
 * The stored file `id` if this request may have it, with how long it may be kept: a file of a record
 * visitors can see (or an upload in progress) to anyone, for a year; a draft's only to a signed-in
 * person, and kept by nobody (once published, its public answers are the ones caches keep).
 */
export async function servedFile(
  req: Request,
  id: string,
  { files, auth }: Pick<Runtime, "files" | "auth">,
): Promise<{ file: FileRow; cacheControl: string } | undefined> {
  const file = await files.servable(id);
  if (!file) return undefined;
  if (!file.draft) return { file, cacheControl: KEPT_A_YEAR };
  return (await auth.getUser(requestHeaders(req))) ? { file, cacheControl: "private, no-store" } : undefined;
}

/**
 * Serves a stored file. Ids are immutable (a replaced file gets a new id), so responses are cached
 * for a year. Images are shown inline; everything else downloads under its original name, and a
 * sandboxing CSP keeps any of it from ever running as a page.
 */
export function serveFile(runtime: Pick<Runtime, "files" | "auth" | "logger">) {
  const { files, logger } = runtime;
  return async (req: Request, res: Response): Promise<void> => {
    const served = await servedFile(req, String(req.params.id ?? ""), runtime);
    if (!served) {
      // Not found *yet* may be a draft's file: a cache must not remember the 404 past its publishing.
      res.setHeader("Cache-Control", "no-store");
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const { file, cacheControl } = served;
    const etag = `"${file.sha256}"`;
    const image = isImageType(file.contentType);
    res.setHeader("Content-Security-Policy", STORED_FILE_POLICY);
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Content-Type", image ? file.contentType : "application/octet-stream");
    res.setHeader("Content-Disposition", contentDisposition(image ? "inline" : "attachment", file.originalName));

    if (matchesEtag(req.get("if-none-match"), etag)) {
      res.status(304).end();
      return;
    }
    const rangeHeader = req.get("range");
    const ifRange = req.get("if-range");
    const range = rangeHeader && (!ifRange || ifRange === etag) ? parseRange(rangeHeader, file.size) : undefined;
    if (range === "invalid") {
      res.setHeader("Content-Range", `bytes */${file.size}`);
      res.status(416).end();
      return;
    }
    if (range) {
      res.status(206);
      res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader("Content-Length", String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader("Content-Length", String(file.size));
    }
    sendStored(req, res, () => files.open(file.storageKey, range), {
      logger,
      what: "file",
      context: { fileId: file.id },
    });
  };
}

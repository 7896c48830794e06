import type { Request, Response } from "express";
import { STORED_FILE_POLICY } from "./security";
import { isCropRatio, isVariantWidth } from "#app/domain/images";
import { fileUrl } from "#app/server/files/files.server";
import { VariantSourceGoneError } from "#app/server/files/images.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { matchesEtag, sendStored, servedFile } from "./files";

/** Not cached: the file may be a draft's, served once it is published. */
function notFound(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(404).type("text/plain").send("Not found");
}

/**
 * Serves `/images/:fileId/:width.webp` and `/images/:fileId/:ratio/:width.webp`: a WebP variant of a
 * stored image, the second cut to a fixed shape around its centre, made on first request and stored.
 * The URL names an immutable file, a fixed shape and a fixed width, so responses are cached for a year.
 */
export function serveImageVariant(runtime: Pick<Runtime, "files" | "auth" | "images" | "logger">) {
  const { images, logger } = runtime;
  return async (req: Request, res: Response): Promise<void> => {
    const widthText = String(req.params.width ?? "");
    // One spelling per width ("0640" is not 640), so each variant has exactly one URL to cache.
    const width = /^[1-9]\d{0,4}$/.test(widthText) ? Number(widthText) : NaN;
    if (!isVariantWidth(width)) return notFound(res);
    const ratio = req.params.ratio === undefined ? undefined : String(req.params.ratio);
    if (ratio !== undefined && !isCropRatio(ratio)) return notFound(res);
    const served = await servedFile(req, String(req.params.fileId ?? ""), runtime);
    if (!served) return notFound(res);
    const { file, cacheControl } = served;
    const plan = images.plan(file, width, ratio);
    if (!plan) return notFound(res);

    res.setHeader("Content-Security-Policy", STORED_FILE_POLICY);
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (matchesEtag(req.get("if-none-match"), plan.etag)) {
      res.setHeader("ETag", plan.etag);
      res.setHeader("Cache-Control", cacheControl);
      res.status(304).end();
      return;
    }

    let size: number;
    try {
      ({ size } = await images.ensure(file, plan));
    } catch (error) {
      if (error instanceof VariantSourceGoneError) return notFound(res);
      // The original still shows, only heavier: better than a broken image on the page.
      logger.warn({ err: error, fileId: file.id, width: plan.width }, "could not make an image variant");
      res.setHeader("Cache-Control", "no-store");
      res.redirect(307, fileUrl(file));
      return;
    }

    res.status(200);
    res.setHeader("Content-Type", "image/webp");
    res.setHeader("Content-Length", String(size));
    res.setHeader("ETag", plan.etag);
    res.setHeader("Cache-Control", cacheControl);
    sendStored(req, res, () => images.open(plan), {
      logger,
      what: "image",
      context: { fileId: file.id, width: plan.width },
    });
  };
}

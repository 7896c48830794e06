import type { Request, Response } from "express";
import { contentDisposition, matchesEtag } from "./files";
import { STORED_FILE_POLICY } from "./security";
import type { Runtime } from "#app/server/runtime/runtime.server";

/**
 * Serves `/catalog/products/:productId/datasheet.pdf`: the published product's datasheet, made once
 * per content (app/server/render/datasheet.server.ts). The address stays while the product changes, so caches
 * ask again each time (`no-cache`) and an unchanged datasheet answers 304 to its ETag.
 */
export function serveDatasheet({ services, datasheets }: Pick<Runtime, "services" | "datasheets">) {
  return async (req: Request, res: Response): Promise<void> => {
    const product = await services.catalog.getProduct(String(req.params.productId ?? ""));
    if (!product) {
      res.setHeader("Cache-Control", "no-store");
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const sheet = await datasheets.datasheetOf(product, await services.settings.getSiteSettings());
    const etag = `"${sheet.etag}"`;
    res.setHeader("Content-Security-Policy", STORED_FILE_POLICY);
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", "public, no-cache");
    if (matchesEtag(req.get("if-none-match"), etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Length", String(sheet.bytes.byteLength));
    res.setHeader("Content-Disposition", contentDisposition("inline", `${sheet.model}-datasheet.pdf`));
    res.end(req.method === "HEAD" ? undefined : Buffer.from(sheet.bytes));
  };
}

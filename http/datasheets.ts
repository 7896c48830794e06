import type { Request, Response } from "express";
import { contentDisposition, matchesEtag } from "./files";
import { STORED_FILE_POLICY } from "./security";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { datasheetPath } from "#app/domain/paths";

/**
 * Serves `/catalog/products/:productSlug/datasheet.pdf`: the published product's datasheet, made once
 * per content (app/server/render/datasheet.server.ts); at the product's id it answers 301 to its slug. The address stays while the product changes, so caches
 * ask again each time (`no-cache`) and an unchanged datasheet answers 304 to its ETag.
 */
export function serveDatasheet({ services, datasheets }: Pick<Runtime, "services" | "datasheets">) {
  return async (req: Request, res: Response): Promise<void> => {
    const reference = String(req.params.productSlug ?? "");
    const product = await services.catalog.getProduct(reference);
    if (!product) {
      res.setHeader("Cache-Control", "no-store");
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (reference !== product.slug) {
      res.redirect(301, datasheetPath(product));
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

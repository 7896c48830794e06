import { createHash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { CSAF_DIRECTORY_PATH, CSAF_PROVIDER_METADATA_PATH } from "#app/domain/advisory";
import { REPORT_FORM_ANCHOR } from "#app/domain/contact";
import { DISCLOSURE_POLICY_PATH } from "#app/domain/paths";
import { escapeHtml } from "#app/domain/markdown";
import {
  csafChanges,
  csafFileName,
  csafIndex,
  csafPublisher,
  providerMetadata,
  publishedCsafDocument,
  type CsafPublisher,
} from "#app/server/render/csaf.server";
import type { PublishedAdvisory } from "#app/server/site/advisories.server";
import type { Runtime } from "#app/server/runtime/runtime.server";

/**
 * The CSAF provider's distribution (CSAF 2.0 section 7, decision 075), served from the published
 * advisories kept in memory: the provider metadata, and the directory of TLP:WHITE documents with its
 * `index.txt`, `changes.csv`, a listing of each folder, and each document with its SHA-256 and
 * SHA-512 files. Nothing here redirects (7.1.6). Here rather than routes of the app, as security.txt:
 * no page's scripts carry them.
 */

/** A document as served: its JSON and its hashes, made once per change of the advisory or its publisher. */
interface ServedDocument {
  publisherKey: string;
  json: string;
  sha256: string;
  sha512: string;
}

const SHORT_CACHE = "public, max-age=300";

export function csafDistribution({ services, env }: Pick<Runtime, "services" | "env">): Router {
  const served = new WeakMap<PublishedAdvisory, ServedDocument>();

  async function publisher(): Promise<CsafPublisher> {
    const site = await services.settings.getSiteSettings();
    return csafPublisher(site, {
      publicUrl: env.publicUrl,
      reportFormUrl: `${env.publicUrl}${DISCLOSURE_POLICY_PATH}#${REPORT_FORM_ANCHOR}`,
    });
  }

  function documentOf(advisory: PublishedAdvisory, by: CsafPublisher): ServedDocument {
    const publisherKey = JSON.stringify(by);
    const made = served.get(advisory);
    if (made?.publisherKey === publisherKey) return made;
    const json = `${JSON.stringify(publishedCsafDocument(advisory, by, env.publicUrl), null, 2)}\n`;
    const document = {
      publisherKey,
      json,
      sha256: createHash("sha256").update(json).digest("hex"),
      sha512: createHash("sha512").update(json).digest("hex"),
    };
    served.set(advisory, document);
    return document;
  }

  function notFound(res: Response): void {
    res.setHeader("Cache-Control", "no-store");
    res.status(404).type("text/plain; charset=utf-8").send("Not found");
  }

  /** A folder's listing (7.1.14): a plain page of links, as a web server's own listing is. */
  function listing(res: Response, path: string, names: readonly string[]): void {
    const links = names.map((name) => `<li><a href="${escapeHtml(path + name)}">${escapeHtml(name)}</a></li>`);
    res.setHeader("Cache-Control", SHORT_CACHE);
    res
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Index of ${escapeHtml(path)}</title></head>` +
          `<body><h1>Index of ${escapeHtml(path)}</h1><ul>${links.join("")}</ul></body></html>\n`,
      );
  }

  const metadata = async (_req: Request, res: Response): Promise<void> => {
    const body = providerMetadata({
      publicUrl: env.publicUrl,
      publisher: await publisher(),
      lastUpdated: await services.advisories.lastUpdated(),
    });
    res.setHeader("Cache-Control", SHORT_CACHE);
    res.type("application/json; charset=utf-8").send(`${JSON.stringify(body, null, 2)}\n`);
  };

  const directory = async (_req: Request, res: Response): Promise<void> => {
    const years = [...new Set((await services.advisories.listAll()).map((advisory) => advisory.year))].sort();
    listing(res, CSAF_DIRECTORY_PATH, ["index.txt", "changes.csv", ...years.map((year) => `${year}/`)]);
  };

  const index = async (_req: Request, res: Response): Promise<void> => {
    res.setHeader("Cache-Control", SHORT_CACHE);
    res.type("text/plain; charset=utf-8").send(csafIndex(await services.advisories.listAll()));
  };

  const changes = async (_req: Request, res: Response): Promise<void> => {
    res.setHeader("Cache-Control", SHORT_CACHE);
    res.type("text/csv; charset=utf-8").send(csafChanges(await services.advisories.listAll()));
  };

  const year = async (req: Request, res: Response): Promise<void> => {
    const folder = String(req.params.year ?? "");
    const names = (await services.advisories.listAll())
      .filter((advisory) => advisory.year === folder)
      .map((advisory) => csafFileName(advisory.id))
      .sort()
      .flatMap((name) => [name, `${name}.sha256`, `${name}.sha512`]);
    if (!names.length) return notFound(res);
    listing(res, `${CSAF_DIRECTORY_PATH}${folder}/`, names);
  };

  const file = async (req: Request, res: Response): Promise<void> => {
    const folder = String(req.params.year ?? "");
    const requested = String(req.params.file ?? "");
    const [, name = "", hash] = /^(.+?\.json)(?:\.(sha256|sha512))?$/.exec(requested) ?? [];
    const advisory = (await services.advisories.listAll()).find(
      (candidate) => candidate.year === folder && csafFileName(candidate.id) === name,
    );
    if (!advisory) return notFound(res);
    const document = documentOf(advisory, await publisher());
    res.setHeader("Cache-Control", SHORT_CACHE);
    if (hash === "sha256" || hash === "sha512") {
      res.type("text/plain; charset=utf-8").send(`${document[hash]}  ${name}\n`);
      return;
    }
    res.type("application/json; charset=utf-8").send(document.json);
  };

  return Router()
    .get(CSAF_PROVIDER_METADATA_PATH, metadata)
    .get([CSAF_DIRECTORY_PATH.slice(0, -1), CSAF_DIRECTORY_PATH], directory)
    .get(`${CSAF_DIRECTORY_PATH}index.txt`, index)
    .get(`${CSAF_DIRECTORY_PATH}changes.csv`, changes)
    .get(`${CSAF_DIRECTORY_PATH}:year{/}`, year)
    .get(`${CSAF_DIRECTORY_PATH}:year/:file`, file);
}

import { Router, type Request, type Response } from "express";
import { advisoryFeed, type FeedAdvisory } from "#app/domain/atom";
import {
  ADVISORIES_FEED_PATH,
  productAdvisoriesFeedPath,
  productAdvisoriesPath,
  SUPPORT_SECURITY_PATH,
} from "#app/domain/paths";
import type { PublishedAdvisory } from "#app/server/site/advisories.server";
import { affectedInWords, severityInWords } from "#app/server/render/advisory-words.server";
import type { Runtime } from "#app/server/runtime/runtime.server";

/** The newest advisories a feed carries. */
const FEED_SIZE = 50;

function feedEntry(advisory: PublishedAdvisory): FeedAdvisory {
  return {
    id: advisory.id,
    title: advisory.title,
    summary: advisory.summary,
    severityText: severityInWords(advisory),
    cves: advisory.cves,
    products: advisory.affected.map((product) => affectedInWords(product)),
    workaround: advisory.workaround,
    revisions: advisory.revisions,
    path: advisory.path,
    published: advisory.published,
    updated: advisory.updated,
  };
}

/**
 * The Atom feeds of security advisories: every published one (`/support/security.atom`) and those of
 * one published product (`/catalog/products/:productSlug/security.atom`, at its id a 301 to its slug).
 * Made from the advisories kept in memory; here rather than routes of the app, as the CSAF files are.
 */
export function advisoryFeeds({ services, env }: Pick<Runtime, "services" | "env">): Router {
  async function send(
    res: Response,
    feed: { title: string; selfPath: string; pagePath: string; advisories: readonly PublishedAdvisory[] },
  ): Promise<void> {
    const site = await services.settings.getSiteSettings();
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("application/atom+xml; charset=utf-8").send(
      advisoryFeed({
        title: feed.title,
        author: site.companyName,
        publicUrl: env.publicUrl,
        selfPath: feed.selfPath,
        pagePath: feed.pagePath,
        emptyUpdated: await services.advisories.lastUpdated(),
        advisories: feed.advisories.slice(0, FEED_SIZE).map(feedEntry),
      }),
    );
  }

  const all = async (_req: Request, res: Response): Promise<void> => {
    const site = await services.settings.getSiteSettings();
    await send(res, {
      title: `${site.companyName} security advisories`,
      selfPath: ADVISORIES_FEED_PATH,
      pagePath: SUPPORT_SECURITY_PATH,
      advisories: await services.advisories.listAll(),
    });
  };

  const ofProduct = async (req: Request, res: Response): Promise<void> => {
    const reference = String(req.params.productSlug ?? "");
    const product = await services.catalog.getProduct(reference);
    if (!product) {
      res.setHeader("Cache-Control", "no-store");
      res.status(404).type("text/plain; charset=utf-8").send("Not found");
      return;
    }
    if (reference !== product.slug) {
      res.redirect(301, productAdvisoriesFeedPath(product));
      return;
    }
    const site = await services.settings.getSiteSettings();
    await send(res, {
      title: `${site.companyName} security advisories for ${product.model}`,
      selfPath: productAdvisoriesFeedPath(product),
      pagePath: productAdvisoriesPath(product.id),
      advisories: await services.advisories.affecting(product.id),
    });
  };

  return Router()
    .get(ADVISORIES_FEED_PATH, all)
    .get(productAdvisoriesFeedPath({ slug: ":productSlug" }), ofProduct);
}

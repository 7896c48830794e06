import type { MetaDescriptor } from "react-router";
import { DEFAULT_SITE } from "./site";

/** Search engines show about this many characters of a description; longer ones are cut by them. */
export const META_DESCRIPTION_MAX_LENGTH = 160;

/** `PUBLIC_URL` + a site path: the absolute form links outside the page need. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function summarize(text: string, max = META_DESCRIPTION_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export interface SeoInput {
  /** The page's own title, without the site name (the `<title>` gets " | {site}" added). */
  title: string;
  description: string;
  /** The page's path on this site, e.g. `/catalog/products/{id}`: the canonical URL. */
  path: string;
  /** From the root loader (see `seoContext`); without it, the tags that need absolute URLs are left out. */
  publicUrl: string | undefined;
  /** The prefix of the page's language (`/de`), from the root loader; none for English. */
  base?: string | undefined;
  /** A site path or absolute URL of the picture link previews show. */
  image?: string | null;
  imageAlt?: string;
  /** Open Graph type: `website` unless the page is one product. */
  type?: "website" | "product" | "article";
  /** The company name from the site settings; the built-in default without it. */
  siteName?: string;
  /**
   * A filtered or searched view of the page at `path`: kept out of search results, as /search is,
   * while its canonical link still names the page itself.
   */
  noindex?: boolean;
}

/**
 * The meta descriptors of a public page: title, description, canonical link, Open Graph and Twitter
 * card tags. Return them (plus any extra) from a route's `meta` function.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const siteName = input.siteName ?? DEFAULT_SITE.companyName;
  const description = summarize(input.description);
  const descriptors: MetaDescriptor[] = [
    { title: `${input.title} | ${siteName}` },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.noindex) descriptors.push({ name: "robots", content: "noindex" });
  if (input.publicUrl) {
    const url = absoluteUrl(input.publicUrl, (input.base ?? "") + input.path);
    descriptors.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
    if (input.image) {
      descriptors.push({ property: "og:image", content: absoluteUrl(input.publicUrl, input.image) });
      if (input.imageAlt) descriptors.push({ property: "og:image:alt", content: input.imageAlt });
    }
  }
  return descriptors;
}

/**
 * What the root loader hands out for meta tags: `PUBLIC_URL` and the company name. A `meta` function
 * finds it in its `matches` (meta runs on the server and in the browser, so it cannot read the
 * environment itself); spread it into `seoMeta`.
 */
export function seoContext(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): {
  publicUrl: string | undefined;
  siteName: string | undefined;
  base: string | undefined;
} {
  return rootSeoData(matches.find((match) => match?.id === "root")?.loaderData);
}

/** The same, from the root loader's data itself (`useRouteLoaderData("root")` in a component). */
export function rootSeoData(root: unknown): {
  publicUrl: string | undefined;
  siteName: string | undefined;
  base: string | undefined;
} {
  if (typeof root !== "object" || root === null) return { publicUrl: undefined, siteName: undefined, base: undefined };
  const publicUrl = "publicUrl" in root && typeof root.publicUrl === "string" ? root.publicUrl : undefined;
  const settings = "settings" in root && typeof root.settings === "object" ? root.settings : null;
  const siteName =
    settings && "companyName" in settings && typeof settings.companyName === "string" && settings.companyName
      ? settings.companyName
      : undefined;
  return { publicUrl, siteName, base: "base" in root && typeof root.base === "string" ? root.base : undefined };
}

/** Public pages that exist whatever the catalog holds, in the order the sitemap lists them. */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/catalog",
  "/news",
  "/about",
  "/contact",
  "/support",
  "/support/firmware",
  "/support/lifecycle",
  "/support/security",
  "/support/vulnerability-disclosure",
  "/privacy",
  "/accessibility",
] as const;

/** Paths crawlers have no business in: sign-in, the dashboard, per-visitor searches, endpoints. */
export const ROBOTS_DISALLOWED_PATHS = [
  "/dashboard",
  "/login",
  "/logout",
  "/forgot",
  "/reset-password",
  "/search",
  "/uploads",
  "/events",
] as const;

/** `bases`: the prefixes of the site's other languages (`/de`), under which the same paths answer (decision 086). */
export function robotsTxt(publicUrl: string, bases: readonly string[] = []): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...["", ...bases].flatMap((base) => ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${base}${path}`)),
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export interface SitemapEntry {
  /** A site path or absolute URL. */
  path: string;
  lastModified?: Date;
}

const XML_ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => XML_ENTITIES[char] ?? char);
}

/** A sitemaps.org `urlset` document (the protocol allows 50,000 URLs; past that, a sitemap index is needed). */
export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>`;
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return `<url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

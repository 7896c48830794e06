// Every address of a record's page, in one place: links, redirects, the sitemap and structured data
// build them here, so a route that moves is changed once.

/**
 * Public pages are at their record's slug, made from its name or model when it is created and kept when
 * that changes (drizzle/0021_readable_addresses.sql), so a link once shared keeps working; the record's
 * id at the same place answers 301 to it (the addresses before slugs).
 */
export function catalogCategoryPath(category: { slug: string }): string {
  return `/catalog/categories/${category.slug}`;
}

/**
 * The product selector (decision 070): every product of the categories that share filter attributes,
 * filtered by those, listed as a category is. Its id is no category's (theirs are UUIDs).
 */
export const PRODUCT_SELECTOR = { id: "selector", slug: "selector", path: "/catalog/selector" } as const;

/** A product's datasheet, a PDF the server makes from its data (app/server/render/datasheet.server.ts). */
export function datasheetPath(product: { slug: string }): string {
  return `${catalogProductPath(product)}/datasheet.pdf`;
}

export function catalogProductPath(product: { slug: string }): string {
  return `/catalog/products/${product.slug}`;
}

/** With the trailing slash the requirements give "View in dashboard" (requirements §2). */
export function dashboardProductPath(productId: string): string {
  return `/dashboard/products/${productId}/`;
}

/** Every published home page item, also those no longer on the home page, newest first. */
export const NEWS_PATH = "/news";
/** An item's place on News: its page, at its own entry. */
export function newsItemPath(id: string, page: number): string {
  return `${NEWS_PATH}${page > 1 ? `?page=${page}` : ""}#news-${id}`;
}

/** The same items as an Atom feed. */
export const NEWS_FEED_PATH = "/news.atom";

/** The public list of firmware releases. */
export const SUPPORT_FIRMWARE_PATH = "/support/firmware";
/** The vulnerability disclosure policy the owner writes in the settings (decision 073). */
export const DISCLOSURE_POLICY_PATH = "/support/vulnerability-disclosure";
/** RFC 9116's file: how to report a vulnerability, for people and tools. */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";
/** Every product no longer sold as usual, with its days and replacements (decision 072). */
export const SUPPORT_LIFECYCLE_PATH = "/support/lifecycle";
/** What the site supports for people with disabilities, its conformance report, and the barrier form. */
export const ACCESSIBILITY_PATH = "/accessibility";
/** Every published release as an Atom feed. */
export const FIRMWARE_FEED_PATH = "/support/firmware.atom";

/** A product's releases, newest first, on the public list. */
export function productFirmwarePath(productId: string): string {
  return `${SUPPORT_FIRMWARE_PATH}?product=${productId}`;
}

/** A product's releases as an Atom feed. */
export function productFirmwareFeedPath(product: { slug: string }): string {
  return `${catalogProductPath(product)}/firmware.atom`;
}

/** The published security advisories, newest first (decision 075). */
export const SUPPORT_SECURITY_PATH = "/support/security";
/** Every published advisory as an Atom feed. */
export const ADVISORIES_FEED_PATH = "/support/security.atom";

/** An advisory's page, at its id in lower case ("/support/security/vsa-2026-004"). */
export function advisoryPath(trackingId: string): string {
  return `${SUPPORT_SECURITY_PATH}/${trackingId.toLowerCase()}`;
}

/** The advisories affecting a product, on the public list. */
export function productAdvisoriesPath(productId: string): string {
  return `${SUPPORT_SECURITY_PATH}?product=${productId}`;
}

/** The advisories affecting a product as an Atom feed. */
export function productAdvisoriesFeedPath(product: { slug: string }): string {
  return `${catalogProductPath(product)}/security.atom`;
}

/** A firmware release in its product's list of releases. */
export function firmwareReleasePath(productId: string, releaseId: string): string {
  return `${productFirmwarePath(productId)}#release-${releaseId}`;
}

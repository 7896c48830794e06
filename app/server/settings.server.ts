import { DEFAULT_SITE, type SiteSettings } from "#app/domain/site";
import { siteSettings } from "./db/schema";
import { runtime } from "./runtime.server";

/** The site's settings: stored values over the defaults. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const rows = await runtime().database.db.select().from(siteSettings);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const socialLinks = parseSocialLinks(stored.get("socialLinks"));
  return {
    companyName: stored.get("companyName") ?? DEFAULT_SITE.companyName,
    contactEmail: stored.get("contactEmail") ?? DEFAULT_SITE.contactEmail,
    socialLinks: socialLinks ?? DEFAULT_SITE.socialLinks.map((link) => ({ ...link })),
    copyrightHolder: stored.get("copyrightHolder") ?? DEFAULT_SITE.copyrightHolder,
  };
}

function parseSocialLinks(value: string | undefined): SiteSettings["socialLinks"] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return undefined;
    return parsed.filter(
      (item): item is { label: string; url: string } =>
        typeof item === "object" && item !== null && typeof item.label === "string" && typeof item.url === "string",
    );
  } catch {
    return undefined;
  }
}

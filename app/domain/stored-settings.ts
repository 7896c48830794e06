import { storedLanguages } from "./language-settings";
import { DEFAULT_SECURITY } from "./security-policy";
import { DEFAULT_SITE, type SiteSettings } from "./site";
import { defaultAboutPage, defaultPrivacyPolicy } from "./site-pages";

// The settings as the table stores them, read back: apart from ./site.ts, which every page's script
// holds, so that no page holds what reading them takes (the languages' checks, the built-in texts).

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

/** The settings stored as `values` (one per key, as the table holds them); defaults for keys never saved. */
export function settingsFromStored(values: Partial<Record<string, string>>): SiteSettings {
  const companyName = values.companyName ?? DEFAULT_SITE.companyName;
  return {
    companyName,
    contactEmail: values.contactEmail ?? DEFAULT_SITE.contactEmail,
    socialLinks: parseSocialLinks(values.socialLinks) ?? DEFAULT_SITE.socialLinks.map((link) => ({ ...link })),
    copyrightHolder: values.copyrightHolder ?? DEFAULT_SITE.copyrightHolder,
    footerNote: values.footerNote ?? DEFAULT_SITE.footerNote,
    aboutPage: values.aboutPage ?? defaultAboutPage(companyName),
    privacyPolicy: values.privacyPolicy ?? defaultPrivacyPolicy(companyName),
    securityEmail: values.securityEmail ?? DEFAULT_SECURITY.securityEmail,
    disclosurePolicy: values.disclosurePolicy ?? DEFAULT_SECURITY.disclosurePolicy,
    languages: storedLanguages(values.languages),
  };
}

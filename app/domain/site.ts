import { DEFAULT_SECURITY } from "./security-policy";
import { defaultAboutPage, defaultPrivacyPolicy } from "./site-pages";
/** Site-wide texts until an admin edits them (the settings page stores its own values). */
export const DEFAULT_SITE = {
  companyName: "Vantage",
  contactEmail: "info@vantage.example",
  socialLinks: [
    { label: "LinkedIn", url: "https://www.linkedin.com/" },
    { label: "YouTube", url: "https://www.youtube.com/" },
  ],
  copyrightHolder: "Vantage Security Systems",
  footerNote: "All rights reserved.",
} as const;

/** The settings every page shows (the header, the footer, titles): what the root sends each page. */
export type LayoutSettings = Pick<
  SiteSettings,
  "companyName" | "contactEmail" | "socialLinks" | "copyrightHolder" | "footerNote"
>;

export type SiteSettings = {
  companyName: string;
  contactEmail: string;
  socialLinks: { label: string; url: string }[];
  copyrightHolder: string;
  /** After the copyright line in the footer; empty for none. */
  footerNote: string;
  /** The About page's text, in Markdown: paragraphs, then its "##" sections. */
  aboutPage: string;
  /** The privacy policy, in Markdown. */
  privacyPolicy: string;
  /** Where vulnerability reports go (security.txt's Contact). */
  securityEmail: string;
  /** The vulnerability disclosure policy, in Markdown: its own page, and security.txt's Policy. */
  disclosurePolicy: string;
};

export function pageTitle(...parts: string[]): string {
  return [...parts, DEFAULT_SITE.companyName].join(" | ");
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
  };
}

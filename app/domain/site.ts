import type { SiteLanguage } from "./languages";
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

/** A link of the site's header or footer, in the page's language. */
export interface NavigationLink {
  to: string;
  label: string;
  /** Lit only at its own address, not at those under it. */
  end?: boolean;
}

/** The header's and the footer's links (app/server/render/site-navigation.server.ts). */
export interface SiteNavigation {
  header: NavigationLink[];
  footer: NavigationLink[];
  /** The header's "Sign Out", for a signed-in editor alone. */
  signOut?: string;
}

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
  /** The languages the site is published in besides English, each with its fallback chain (decision 086). */
  languages: SiteLanguage[];
};

export function pageTitle(...parts: string[]): string {
  return [...parts, DEFAULT_SITE.companyName].join(" | ");
}

/** Site-wide texts until an admin edits them (the settings page stores its own values). */
export const DEFAULT_SITE = {
  companyName: "Vantage",
  contactEmail: "info@vantage.example",
  socialLinks: [
    { label: "LinkedIn", url: "https://www.linkedin.com/" },
    { label: "YouTube", url: "https://www.youtube.com/" },
  ],
  copyrightHolder: "Vantage Security Systems",
} as const;

export type SiteSettings = {
  companyName: string;
  contactEmail: string;
  socialLinks: { label: string; url: string }[];
  copyrightHolder: string;
};

export function pageTitle(...parts: string[]): string {
  return [...parts, DEFAULT_SITE.companyName].join(" | ");
}

/**
 * The languages a maker selling in Europe, Japan and the Middle East offers besides English, one a line
 * as the settings take them: the benchmarks' site has them.
 */
export const OTHER_LANGUAGES = "de\nfr\nes\nja\nar";

/** The settings form as the dashboard posts it, with every other setting as the demo has it. */
export function settingsForm(languages: string): URLSearchParams {
  return new URLSearchParams({
    companyName: "Vantage",
    contactEmail: "info@vantage.example",
    "socialLinks[0].label": "LinkedIn",
    "socialLinks[0].url": "https://www.linkedin.com/",
    "socialLinks[1].label": "YouTube",
    "socialLinks[1].url": "https://www.youtube.com/",
    copyrightHolder: "Vantage Security Systems",
    footerNote: "All rights reserved.",
    aboutPage: "We make cameras.",
    privacyPolicy: "We keep little.",
    securityEmail: "security@vantage.example",
    disclosurePolicy: "Tell us first.",
    languages,
  });
}

/**
 * Saves the site's languages (one a line, as the settings' field takes them) as a signed-in owner
 * (`cookie`) does; the settings page's answer, which says whether they were saved.
 */
export async function saveSiteLanguages(origin: string, cookie: string, languages: string): Promise<string> {
  const response = await fetch(`${origin}/dashboard/settings`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: settingsForm(languages),
  });
  return response.text();
}

import type { SettingsInput } from "#app/domain/forms/settings";
import { DEFAULT_SITE, type SiteSettings } from "#app/domain/site";
import { settingsFromStored } from "#app/domain/stored-settings";
import { DEFAULT_SECURITY } from "#app/domain/security-policy";
import { defaultAboutPage, defaultPrivacyPolicy } from "#app/domain/site-pages";
import { SETTINGS_ID } from "#app/domain/revisions";
import type { AdminWrite, Restorer, Restoring, WriteOrigin } from "./write.server";
import type { SettingsData } from "../records/settings.server";
import type { Database } from "../db/client.server";
import { siteSettings } from "../db/schema";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";

const SETTINGS_DATA: readonly WatchedData[] = ["settings"];

/** Settings added after the first ones: a revision saved before them has none. */
type LaterSetting = "securityEmail" | "disclosurePolicy" | "footerNote" | "aboutPage" | "privacyPolicy" | "languages";

/**
 * The site's settings (company name, contact e-mail, social links, copyright holder and the footer's
 * note, the About text and the privacy policy, security e-mail and disclosure policy, the languages),
 * read and saved.
 * Every page shows them: they are kept in memory and read again only once the data watch says they
 * may have changed.
 */
export function createSiteSettings({ db, write, watch }: { db: Database; write: AdminWrite; watch: DataWatch }) {
  const keptSettings = keptUntilChanged(watch, SETTINGS_DATA, readSiteSettings);

  /** The site's settings: stored values over the defaults. A copy: callers may change it. */
  async function getSiteSettings(): Promise<SiteSettings> {
    const settings = await keptSettings();
    return { ...settings, socialLinks: settings.socialLinks.map((link) => ({ ...link })) };
  }

  async function readSiteSettings(): Promise<SiteSettings> {
    const rows = await db.select().from(siteSettings);
    return settingsFromStored(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  }

  /** Stores every setting at once and tells open pages (the footer, /contact) to refresh. */
  async function saveSiteSettings(
    input: Omit<SettingsInput, LaterSetting> & Partial<Pick<SettingsInput, LaterSetting>>,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    const values: Record<keyof SiteSettings, string> = {
      companyName: input.companyName,
      contactEmail: input.contactEmail,
      socialLinks: JSON.stringify(input.socialLinks),
      copyrightHolder: input.copyrightHolder,
      // A revision from before these settings had none: the defaults it was shown with.
      footerNote: input.footerNote ?? DEFAULT_SITE.footerNote,
      aboutPage: input.aboutPage ?? defaultAboutPage(input.companyName),
      privacyPolicy: input.privacyPolicy ?? defaultPrivacyPolicy(input.companyName),
      securityEmail: input.securityEmail ?? DEFAULT_SECURITY.securityEmail,
      disclosurePolicy: input.disclosurePolicy ?? DEFAULT_SECURITY.disclosurePolicy,
      // English alone, as the site was before it had other languages.
      languages: JSON.stringify(input.languages ?? []),
    };
    await write(
      ["settings"],
      origin,
      async ({ tx, audit }) => {
        await audit({ kind: "updated", record: { type: "settings", id: SETTINGS_ID, label: "Site settings" } });
        for (const [key, value] of Object.entries(values)) {
          await tx
            .insert(siteSettings)
            .values({ key, value })
            .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
        }
      },
      restoring,
    );
  }

  /** The settings are saved whole, each save over the last: a restore has no version to check. */
  const restorer: Restorer<SettingsData> = {
    restoreRevision: (_id, _version, data, origin, restoring) => saveSiteSettings(data, origin, restoring),
  };

  return { getSiteSettings, saveSiteSettings, ...restorer };
}

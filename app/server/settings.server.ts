import type { SettingsInput } from "#app/domain/forms/settings";
import { DEFAULT_SITE, type SiteSettings } from "#app/domain/site";
import { SETTINGS_ID } from "#app/domain/revisions";
import type { AdminWrite, Restoring, WriteOrigin } from "./admin/write.server";
import type { Database } from "./db/client.server";
import { siteSettings } from "./db/schema";
import type { DataWatch, WatchedData } from "./data-watch.server";

const SETTINGS_DATA: readonly WatchedData[] = ["settings"];

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
  return {
    companyName: values.companyName ?? DEFAULT_SITE.companyName,
    contactEmail: values.contactEmail ?? DEFAULT_SITE.contactEmail,
    socialLinks: parseSocialLinks(values.socialLinks) ?? DEFAULT_SITE.socialLinks.map((link) => ({ ...link })),
    copyrightHolder: values.copyrightHolder ?? DEFAULT_SITE.copyrightHolder,
  };
}

/**
 * The site's settings (company name, contact e-mail, social links, copyright holder), read and saved.
 * Every page shows them: they are kept in memory and read again only once the data watch says they
 * may have changed.
 */
export function createSiteSettings({ db, write, watch }: { db: Database; write: AdminWrite; watch: DataWatch }) {
  let kept: { settings: SiteSettings; confirmedAt: number } | undefined;

  /** The site's settings: stored values over the defaults. A copy: callers may change it. */
  async function getSiteSettings(): Promise<SiteSettings> {
    if (!kept || watch.changedSince(SETTINGS_DATA, kept.confirmedAt)) {
      const confirmedAt = watch.mark();
      kept = { settings: await readSiteSettings(), confirmedAt };
    }
    const { settings } = kept;
    return { ...settings, socialLinks: settings.socialLinks.map((link) => ({ ...link })) };
  }

  async function readSiteSettings(): Promise<SiteSettings> {
    const rows = await db.select().from(siteSettings);
    return settingsFromStored(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  }

  /** Stores every setting at once and tells open pages (the footer, /contact) to refresh. */
  async function saveSiteSettings(input: SettingsInput, origin: WriteOrigin, restoring?: Restoring): Promise<void> {
    const values: Record<keyof SiteSettings, string> = {
      companyName: input.companyName,
      contactEmail: input.contactEmail,
      socialLinks: JSON.stringify(input.socialLinks),
      copyrightHolder: input.copyrightHolder,
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

  return { getSiteSettings, saveSiteSettings };
}

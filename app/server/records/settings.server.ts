import { languageLines } from "#app/domain/language-settings";
import type { SiteSettings } from "#app/domain/site";
import { settingsFromStored } from "#app/domain/stored-settings";
import { SETTINGS_ID } from "#app/domain/revisions";
import type { Queryable } from "../db/client.server";
import { siteSettings } from "../db/schema";
import { type RecordKind, type Snapshot } from "./kind.server";

export type SettingsData = SiteSettings;

/** The settings as pages show them (defaults for keys never saved): what a restore puts back. */
async function settingsSnapshot(tx: Queryable): Promise<Snapshot<SettingsData>> {
  const rows = await tx.select().from(siteSettings);
  const settings = settingsFromStored(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  return {
    label: "Site settings",
    view: {
      fields: [
        ["Company name", settings.companyName],
        ["Contact e-mail", settings.contactEmail],
        ["Copyright holder", settings.copyrightHolder],
        ["Footer note", settings.footerNote],
        ["About page", settings.aboutPage],
        ["Privacy policy", settings.privacyPolicy],
        ["Security e-mail", settings.securityEmail],
        ["Vulnerability disclosure policy", settings.disclosurePolicy],
        ["Languages besides English", languageLines(settings.languages)],
      ],
      lists: [["Social links", settings.socialLinks.map((link) => `${link.label} — ${link.url}`)]],
    },
    data: settings,
    files: [],
  };
}

/** The site's settings: one record (SETTINGS_ID), with revisions and a History; never deleted. */
export const settingsRecords = {
  snapshots: async (tx, ids) => new Map(ids.includes(SETTINGS_ID) ? [[SETTINGS_ID, await settingsSnapshot(tx)]] : []),
  // No version: the settings are saved whole, each save over the last.
  current: async (_db, id) => (id === SETTINGS_ID ? { version: 0, label: "Site settings" } : null),
} satisfies RecordKind<SettingsData>;

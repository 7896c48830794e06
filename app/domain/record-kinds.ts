import { dashboardProductPath } from "./paths";
import {
  dashboardAdvisoryPath,
  dashboardAttributePath,
  dashboardCategoryPath,
  dashboardDownloadPath,
  dashboardFirmwarePath,
} from "./dashboard-paths";

/** What the dashboard knows of one kind of record; the server's half is app/server/records. */
interface RecordKindInfo {
  /** How the audit log, History and Recently deleted name it. */
  name: string;
  /** Its saves are kept as revisions: it has a History, and a deleted one can be restored. */
  revisions: boolean;
  /** Its own dashboard page, where History and a restore lead (the home page's items: the summary). */
  page?: (id: string) => string;
  /** Only owners change it, so only owners see its History and restore it. */
  ownersOnly?: true;
}

/**
 * Every kind of record the audit log names. Adding a kind starts here (docs/overview.md, "Adding a
 * kind of record").
 */
export const RECORD_KINDS = {
  product: { name: "Product", revisions: true, page: dashboardProductPath },
  category: { name: "Category", revisions: true, page: dashboardCategoryPath },
  download: { name: "Download", revisions: true, page: dashboardDownloadPath },
  "home-item": { name: "Home page item", revisions: true, page: () => "/dashboard" },
  settings: { name: "Site settings", revisions: true, page: () => "/dashboard/settings", ownersOnly: true },
  synonyms: { name: "Search synonyms", revisions: true, page: () => "/dashboard/search-synonyms", ownersOnly: true },
  firmware: { name: "Firmware release", revisions: true, page: dashboardFirmwarePath },
  attribute: { name: "Specification attribute", revisions: true, page: dashboardAttributePath },
  advisory: { name: "Security advisory", revisions: true, page: dashboardAdvisoryPath },
  person: { name: "Person", revisions: false },
  invitation: { name: "Invitation", revisions: false },
  message: { name: "Message", revisions: false },
} as const satisfies Record<string, RecordKindInfo>;

export type RecordType = keyof typeof RECORD_KINDS;

/** The kinds whose saves are kept as revisions. */
export type RevisionedType = {
  [Type in RecordType]: (typeof RECORD_KINDS)[Type]["revisions"] extends true ? Type : never;
}[RecordType];

export const REVISIONED_TYPES = (Object.keys(RECORD_KINDS) as RecordType[]).filter(
  (type): type is RevisionedType => RECORD_KINDS[type].revisions,
);

function isRecordType(value: string): value is RecordType {
  return Object.hasOwn(RECORD_KINDS, value);
}

export function isRevisionedType(value: string): value is RevisionedType {
  return isRecordType(value) && RECORD_KINDS[value].revisions;
}

/** Whether only owners change records of `type` (and see their History). */
export function isOwnersOnlyType(type: string): boolean {
  const kind: RecordKindInfo | undefined = isRecordType(type) ? RECORD_KINDS[type] : undefined;
  return kind?.ownersOnly === true;
}

/** A record type's name as the dashboard shows it (one it does not know, by its stored word). */
export function recordTypeName(type: string): string {
  return isRecordType(type) ? RECORD_KINDS[type].name : type;
}

/** Where a record's own dashboard page is; the dashboard itself for a kind without one. */
export function dashboardRecordPath(type: string, id: string): string {
  const kind: RecordKindInfo | undefined = isRecordType(type) ? RECORD_KINDS[type] : undefined;
  return kind?.page?.(id) ?? "/dashboard";
}

import { DOWNLOAD_KINDS, downloadKindLabel, type DownloadKind } from "./download-kinds";
import { DEFAULT_SECURITY } from "./security-policy";
import { DEFAULT_SITE } from "./site";
import { INFO_ITEM_PLACE_NAMES } from "./info-item-places";
import { defaultAboutPage, defaultPrivacyPolicy } from "./site-pages";
/**
 * How a revision reads to a person: its fields in order, its lists of named things, and a spreadsheet
 * table. Kept with each revision as it was saved, so a difference reads the same later even if a
 * category or file was renamed since.
 */
export interface RevisionView {
  fields: [label: string, value: string][];
  lists: [label: string, items: string[]][];
  table?: string[][] | null;
  /**
   * Its texts in other languages, "Name (Deutsch)", each only while it has text (decision 094): one
   * absent from either revision was empty there.
   */
  translations?: [label: string, value: string][];
}

export type RevisionChange =
  | { kind: "changed"; label: string; before: string; after: string }
  | { kind: "added" | "removed"; label: string; items: string[] }
  | { kind: "table"; added: string[]; removed: string[] };

/** How a revision came about. */
export type RevisionKind = "created" | "updated" | "restored" | "published" | "deleted";

/** The settings are one record: this is its id in revisions and the audit log. */
export const SETTINGS_ID = "site";

/** The search synonyms are one record too, saved whole: its id. */
export const SYNONYMS_ID = "search";

/** Days a deleted record can be restored from Recently deleted; then it is purged with its files. */
export const RECENTLY_DELETED_DAYS = 30;

const tableRow = (row: string[]) => row.join(" | ");

/** Items of `a` not in `b`, each counted (two equal rows are two rows). */
function without(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(item, (left.get(item) ?? 0) + 1);
  return a.filter((item) => {
    const count = left.get(item) ?? 0;
    if (count === 0) return true;
    left.set(item, count - 1);
    return false;
  });
}

/**
 * Fields revisions began keeping later, with the value every record had before: every record was
 * published before drafts existed, every product active before lifecycles, the settings' security
 * e-mail and policy, footer note, About text and privacy policy the defaults before they could be set
 * (the pages' for the built-in company name: a site renamed before then shows one change more), every
 * home page item on the home page before it could be News alone. An item's day has no such value: it
 * was given the day the item was added, which its first revision since shows as a change.
 */
const FIELDS_KEPT_SINCE: Record<string, string> = {
  Status: "Published",
  Lifecycle: "Active",
  SBOM: "None",
  "Security e-mail": DEFAULT_SECURITY.securityEmail,
  "Vulnerability disclosure policy": DEFAULT_SECURITY.disclosurePolicy,
  "Shown on": INFO_ITEM_PLACE_NAMES.home,
  "Footer note": DEFAULT_SITE.footerNote,
  "About page": defaultAboutPage(DEFAULT_SITE.companyName),
  "Privacy policy": defaultPrivacyPolicy(DEFAULT_SITE.companyName),
};

const TYPE_SEPARATOR = " · ";
const TYPE_LABELS: ReadonlySet<string> = new Set(DOWNLOAD_KINDS.map((kind) => kind.label));

/** A product's download as History lists it: its description and file, then its type (decision 074). */
export function downloadLine(text: string, kind: DownloadKind): string {
  return `${text}${TYPE_SEPARATOR}${downloadKindLabel(kind)}`;
}

/** A download's line without its type; null for a line from before downloads had types. */
function untyped(line: string): string | null {
  const at = line.lastIndexOf(TYPE_SEPARATOR);
  return at >= 0 && TYPE_LABELS.has(line.slice(at + TYPE_SEPARATOR.length)) ? line.slice(0, at) : null;
}

/**
 * What changed from `before` to `after`, in the order the fields are shown: changed fields with both
 * values, items added to and removed from each list, and table rows added and removed. The first
 * revision of a record (no `before`) lists what it was made with.
 */
export function revisionChanges(before: RevisionView | null, after: RevisionView): RevisionChange[] {
  const changes: RevisionChange[] = [];
  const earlierFields = new Map(before?.fields ?? []);
  for (const [label, value] of after.fields) {
    // A field kept since the earlier revision was: what it meant then, or no change anyone made.
    const kept = earlierFields.get(label) ?? (before ? FIELDS_KEPT_SINCE[label] : "");
    if (kept === undefined) continue;
    const earlier = kept;
    if (earlier !== value) changes.push({ kind: "changed", label, before: earlier, after: value });
  }
  const earlierTranslations = new Map(before?.translations ?? []);
  const laterTranslations = new Map(after.translations ?? []);
  for (const label of new Set([...laterTranslations.keys(), ...earlierTranslations.keys()])) {
    const earlier = earlierTranslations.get(label) ?? "";
    const later = laterTranslations.get(label) ?? "";
    if (earlier !== later) changes.push({ kind: "changed", label, before: earlier, after: later });
  }
  const earlierLists = new Map(before?.lists ?? []);
  for (const [label, listed] of after.lists) {
    const earlier = earlierLists.get(label) ?? [];
    // A download's type, kept since downloads have types, is no change anyone made.
    const items =
      label === "Downloads" && earlier.length > 0 && earlier.every((line) => untyped(line) === null)
        ? listed.map((line) => untyped(line) ?? line)
        : listed;
    const added = without(items, earlier);
    const removed = without(earlier, items);
    if (added.length) changes.push({ kind: "added", label, items: added });
    if (removed.length) changes.push({ kind: "removed", label, items: removed });
  }
  const rowsBefore = (before?.table ?? []).map(tableRow);
  const rowsAfter = (after.table ?? []).map(tableRow);
  const added = without(rowsAfter, rowsBefore);
  const removed = without(rowsBefore, rowsAfter);
  if (added.length || removed.length) changes.push({ kind: "table", added, removed });
  return changes;
}

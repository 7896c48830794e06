import type { RevisionedType } from "#app/domain/record-kinds";
import { advisoryRecords } from "./advisory.server";
import { attributeRecords } from "./attribute.server";
import { categoryRecords } from "./category.server";
import { downloadRecords } from "./download.server";
import { firmwareRecords } from "./firmware.server";
import { homeItemRecords } from "./home-item.server";
import type { Publishing, RecordKind } from "./kind.server";
import { productRecords } from "./product.server";
import { settingsRecords } from "./settings.server";
import { synonymsRecords } from "./synonyms.server";

/**
 * Every kind of record whose saves are kept as revisions, by the word the audit log stores: what
 * revisions, History, Recently deleted and the schedule read of each. The dashboard's names and pages
 * for them are app/domain/record-kinds.ts; each kind's admin service restores it.
 */
export const RECORDS = {
  product: productRecords,
  category: categoryRecords,
  download: downloadRecords,
  "home-item": homeItemRecords,
  settings: settingsRecords,
  synonyms: synonymsRecords,
  firmware: firmwareRecords,
  attribute: attributeRecords,
  advisory: advisoryRecords,
} as const satisfies { [Type in RevisionedType]: object };

/** What a revision of a record of kind `Type` keeps and restores. */
export type RevisionData<Type extends RevisionedType> =
  (typeof RECORDS)[Type] extends RecordKind<infer Data> ? Data : never;

/** The kinds of record that can be drafts or scheduled. */
export type PublishableType = {
  [Type in RevisionedType]: (typeof RECORDS)[Type] extends { publication: Publishing } ? Type : never;
}[RevisionedType];

export const PUBLISHABLE_TYPES = (Object.keys(RECORDS) as RevisionedType[]).filter(
  (type): type is PublishableType => "publication" in RECORDS[type],
);

/** The same entries, each typed by its data, so that a lookup by a type parameter keeps its data's type. */
const KINDS: { [Type in RevisionedType]: RecordKind<RevisionData<Type>> } = RECORDS;

export function recordKind<Type extends RevisionedType>(type: Type): RecordKind<RevisionData<Type>> {
  return KINDS[type];
}

export function publishing(type: PublishableType): Publishing {
  return RECORDS[type].publication;
}

import { asc, eq } from "drizzle-orm";
import { naturalCompare } from "#app/domain/format";
import type { Queryable } from "../db/client.server";
import { categories, categoryAttributes, categoryFeatures, specAttributes } from "../db/schema";
import { oneByOne, versionAndName, type RecordKind, type Snapshot } from "./kind.server";

/** What a category revision restores (one from before filter groups has neither). */
export interface CategoryData {
  name: string;
  description: string;
  featureGroups?: string[];
  features: { id: string; label: string; group?: string }[];
  /** Revisions from before specification attributes have none. */
  attributes?: { attributeId: string; required: boolean; filter: boolean }[];
}

/** How History lists one of a category's attributes: "IR range (required, filter)". */
function attributeLine(attribute: { name: string; required: boolean; filter: boolean }): string {
  const marks = [attribute.required ? "required" : "", attribute.filter ? "filter" : ""].filter(Boolean);
  return marks.length ? `${attribute.name} (${marks.join(", ")})` : attribute.name;
}

async function categorySnapshot(tx: Queryable, id: string): Promise<Snapshot<CategoryData> | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id));
  if (!row) return undefined;
  const features = (
    await tx
      .select({ id: categoryFeatures.id, label: categoryFeatures.label, group: categoryFeatures.group })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, id))
  ).sort((a, b) => naturalCompare(a.label, b.label));
  const attributes = await tx
    .select({
      attributeId: categoryAttributes.attributeId,
      required: categoryAttributes.required,
      filter: categoryAttributes.filter,
      name: specAttributes.name,
    })
    .from(categoryAttributes)
    .innerJoin(specAttributes, eq(specAttributes.id, categoryAttributes.attributeId))
    .where(eq(categoryAttributes.categoryId, id))
    .orderBy(asc(categoryAttributes.position));
  return {
    label: row.name,
    view: {
      fields: [
        ["Name", row.name],
        ["Description", row.description],
      ],
      lists: [
        ["Filter groups", row.featureGroups],
        [
          "Features",
          features.map((feature) => (feature.group ? `${feature.label} (${feature.group})` : feature.label)),
        ],
        ["Specification attributes", attributes.map(attributeLine)],
      ],
    },
    data: {
      name: row.name,
      description: row.description,
      featureGroups: row.featureGroups,
      features,
      attributes: attributes.map(({ attributeId, required, filter }) => ({ attributeId, required, filter })),
    },
    files: [],
  };
}

/** Categories: revisions, History and Recently deleted (always published). */
export const categoryRecords = {
  snapshots: oneByOne(categorySnapshot),
  current: (db, id) => versionAndName(db, categories, categories.name, id),
} satisfies RecordKind<CategoryData>;

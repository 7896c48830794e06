import { eq } from "drizzle-orm";
import { naturalCompare } from "#app/domain/format";
import type { Queryable } from "../db/client.server";
import { categories, categoryFeatures } from "../db/schema";
import { oneByOne, versionAndName, type RecordKind, type Snapshot } from "./kind.server";

/** What a category revision restores (one from before filter groups has neither). */
export interface CategoryData {
  name: string;
  description: string;
  featureGroups?: string[];
  features: { id: string; label: string; group?: string }[];
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
      ],
    },
    data: { name: row.name, description: row.description, featureGroups: row.featureGroups, features },
    files: [],
  };
}

/** Categories: revisions, History and Recently deleted (always published). */
export const categoryRecords = {
  snapshots: oneByOne(categorySnapshot),
  current: (db, id) => versionAndName(db, categories, categories.name, id),
} satisfies RecordKind<CategoryData>;

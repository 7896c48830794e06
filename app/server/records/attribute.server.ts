import { asc, eq } from "drizzle-orm";
import {
  ATTRIBUTE_TYPE_NAMES,
  COVERAGE_ROLE_NAMES,
  type AttributeDefinition,
  type CategoryAttribute,
  type SpecAttribute,
} from "#app/domain/spec-attributes";
import { isUnitId, unitInfo, type UnitId } from "#app/domain/units";
import type { Queryable } from "../db/client.server";
import { categoryAttributes, specAttributes } from "../db/schema";
import { oneByOne, versionAndName, type RecordKind, type Snapshot } from "./kind.server";

/** What a specification attribute's revision restores: all it is but its id, address and version. */
export type AttributeData = Omit<SpecAttribute, "id" | "slug" | "version">;

/** The stored unit, read as one of the units the site knows (a column holds text). */
export function storedUnit(unit: string | null): UnitId | null {
  return unit !== null && isUnitId(unit) ? unit : null;
}

/** A library's row as the attribute it defines, whatever version it is at. */
export function attributeDefinitionFrom({
  version: _version,
  createdAt: _created,
  updatedAt: _updated,
  ...row
}: typeof specAttributes.$inferSelect): AttributeDefinition {
  return { ...row, unit: storedUnit(row.unit) };
}

/** A row of a category's attribute joined with the library's, as pages and writes read it. */
export function categoryAttributeFrom({
  attribute,
  required,
  filter,
}: {
  attribute: typeof specAttributes.$inferSelect;
  required: boolean;
  filter: boolean;
}): CategoryAttribute {
  return { ...attributeDefinitionFrom(attribute), required, filter };
}

/**
 * A category's attributes in its order, as the writes that check values read them. `lock`, in a
 * write's transaction: each attribute is held as read until the write ends, so a change of it (a unit
 * that converts its values) waits for the write, or the write reads what the change left.
 */
export async function attributesOfCategory(
  tx: Queryable,
  categoryId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CategoryAttribute[]> {
  const query = tx
    .select({ attribute: specAttributes, required: categoryAttributes.required, filter: categoryAttributes.filter })
    .from(categoryAttributes)
    .innerJoin(specAttributes, eq(specAttributes.id, categoryAttributes.attributeId))
    .where(eq(categoryAttributes.categoryId, categoryId))
    .orderBy(asc(categoryAttributes.position));
  const rows = await (lock ? query.for("share", { of: specAttributes }) : query);
  return rows.map(categoryAttributeFrom);
}

async function attributeSnapshot(tx: Queryable, id: string): Promise<Snapshot<AttributeData> | undefined> {
  const [row] = await tx.select().from(specAttributes).where(eq(specAttributes.id, id));
  if (!row) return undefined;
  const unit = storedUnit(row.unit);
  const numeric = row.type === "number" || row.type === "range";
  return {
    label: row.name,
    view: {
      fields: [
        ["Name", row.name],
        ["Group", row.group],
        ["Type", ATTRIBUTE_TYPE_NAMES[row.type]],
        ["Unit", unit ? unitInfo(unit).symbol : ""],
        ["Decimals", numeric ? String(row.precision) : ""],
        ["Several values", row.type === "choice" ? (row.multiple ? "Yes" : "No") : ""],
        ["Coverage calculator", row.coverageRole ? COVERAGE_ROLE_NAMES[row.coverageRole] : ""],
      ],
      lists: [["Values", row.choices.map((choice) => choice.label)]],
    },
    data: {
      name: row.name,
      group: row.group,
      type: row.type,
      unit,
      precision: row.precision,
      choices: row.choices,
      multiple: row.multiple,
      coverageRole: row.coverageRole,
    },
    files: [],
  };
}

/** Specification attributes: revisions, History and Recently deleted (never drafts). */
export const attributeRecords = {
  snapshots: oneByOne(attributeSnapshot),
  current: (db, id) => versionAndName(db, specAttributes, specAttributes.name, id),
} satisfies RecordKind<AttributeData>;

import { and, eq, ne, sql } from "drizzle-orm";
import { naturalCompare } from "#app/domain/format";
import { ATTRIBUTE_MESSAGES, type AttributeInput } from "#app/domain/forms/attribute";
import { SUGGESTED_ATTRIBUTE_GROUPS, type SpecAttribute } from "#app/domain/spec-attributes";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { specAttributes } from "../db/schema";
import { isUuid } from "../files/files.server";
import { storedUnit, type AttributeData } from "../records/attribute.server";
import {
  claimVersion,
  databaseError,
  FieldRuleError,
  NotFoundError,
  UNIQUE_VIOLATION,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";

type AttributeRow = typeof specAttributes.$inferSelect;

function attributeOf(row: AttributeRow): SpecAttribute {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    group: row.group,
    type: row.type,
    unit: storedUnit(row.unit),
    precision: row.precision,
    choices: row.choices,
    multiple: row.multiple,
    version: row.version,
  };
}

/** Where a group stands: the suggested ones in their order, then the others by name, then none. */
function groupRank(group: string): number {
  const suggested = SUGGESTED_ATTRIBUTE_GROUPS.findIndex((name) => name.toLowerCase() === group.toLowerCase());
  if (suggested >= 0) return suggested;
  return group ? SUGGESTED_ATTRIBUTE_GROUPS.length : SUGGESTED_ATTRIBUTE_GROUPS.length + 1;
}

/** Attributes as the dashboard lists them: by group (the suggested groups' order first), then by name. */
export function byGroupAndName(a: SpecAttribute, b: SpecAttribute): number {
  return groupRank(a.group) - groupRank(b.group) || naturalCompare(a.group, b.group) || naturalCompare(a.name, b.name);
}

/** No two attributes share a name, whatever its letter case. */
async function checkNameFree(tx: Transaction, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: specAttributes.id })
    .from(specAttributes)
    .where(
      and(sql`lower(${specAttributes.name}) = lower(${name})`, exceptId ? ne(specAttributes.id, exceptId) : undefined),
    );
  if (clash) throw new FieldRuleError("name", ATTRIBUTE_MESSAGES.exists(name));
}

/** Two saves of the same new name can both pass the pre-check; the unique index stops the second. */
function duplicateNameError(error: unknown, name: string): unknown {
  const found = databaseError(error);
  return found?.code === UNIQUE_VIOLATION && found.constraint !== "spec_attributes_slug_idx"
    ? new FieldRuleError("name", ATTRIBUTE_MESSAGES.exists(name))
    : error;
}

/**
 * The choices as they will be stored: one the attribute had keeps its id (products' values name it by
 * that), any other is new. A restore brings its choices back with their ids.
 */
function storedChoices(input: AttributeInput, had: readonly { id: string }[], restoring: boolean) {
  const known = new Set(had.map((choice) => choice.id));
  return input.choices.map((choice) => ({
    id: choice.id && (restoring || known.has(choice.id)) ? choice.id : crypto.randomUUID(),
    label: choice.label,
  }));
}

/** The library of specification attributes, as the dashboard reads and writes it. */
export function createAttributeAdmin({ db, write }: { db: Database; write: AdminWrite }) {
  async function readAttribute(dbOrTx: Queryable, id: string): Promise<SpecAttribute | null> {
    if (!isUuid(id)) return null;
    const [row] = await dbOrTx.select().from(specAttributes).where(eq(specAttributes.id, id));
    return row ? attributeOf(row) : null;
  }

  /** Every attribute, by group and name: a library holds tens, not thousands. */
  async function listAttributes(): Promise<SpecAttribute[]> {
    const rows = await db.select().from(specAttributes);
    return rows.map(attributeOf).sort(byGroupAndName);
  }

  async function createAttribute(input: AttributeInput, origin: WriteOrigin, restoring?: Restoring): Promise<string> {
    try {
      return await write(
        ["attributes"],
        origin,
        async ({ tx, audit }) => {
          await checkNameFree(tx, input.name);
          const [created] = await tx
            .insert(specAttributes)
            .values({
              id: restoring?.recordId,
              name: input.name,
              group: input.group,
              type: input.type,
              unit: input.unit,
              precision: input.precision,
              choices: storedChoices(input, [], Boolean(restoring)),
              multiple: input.multiple,
            })
            .returning({ id: specAttributes.id });
          if (!created) throw new Error("The attribute was not stored");
          await audit({ kind: "created", record: { type: "attribute", id: created.id, label: input.name } });
          return created.id;
        },
        restoring,
      );
    } catch (error) {
      throw duplicateNameError(error, input.name);
    }
  }

  /** Saves an attribute opened at `version`. */
  async function updateAttribute(
    id: string,
    version: number,
    input: AttributeInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    try {
      await write(
        ["attributes"],
        origin,
        async ({ tx, audit }) => {
          await claimVersion(tx, specAttributes, id, version);
          await checkNameFree(tx, input.name, id);
          const had = await readAttribute(tx, id);
          await audit({ kind: "updated", record: { type: "attribute", id, label: input.name } });
          await tx
            .update(specAttributes)
            .set({
              name: input.name,
              group: input.group,
              type: input.type,
              unit: input.unit,
              precision: input.precision,
              choices: storedChoices(input, had?.choices ?? [], Boolean(restoring)),
              multiple: input.multiple,
            })
            .where(eq(specAttributes.id, id));
        },
        restoring,
      );
    } catch (error) {
      throw duplicateNameError(error, input.name);
    }
  }

  /** Deletes an attribute opened at `version`; it goes to Recently deleted. */
  async function deleteAttribute(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["attributes"], origin, async ({ tx, audit }) => {
      await claimVersion(tx, specAttributes, id, version);
      const current = await readAttribute(tx, id);
      await audit({ kind: "deleted", record: { type: "attribute", id, label: current?.name ?? "" } });
      await tx.delete(specAttributes).where(eq(specAttributes.id, id));
    });
  }

  const restorer: Restorer<AttributeData> = {
    restoreRevision: (id, version, data, origin, restoring) => updateAttribute(id, version, data, origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      await createAttribute(data, origin, restoring);
    },
  };

  return {
    listAttributes,
    getAttribute: (id: string) => readAttribute(db, id),
    createAttribute,
    updateAttribute,
    deleteAttribute,
    ...restorer,
  };
}
export type AttributeAdmin = ReturnType<typeof createAttributeAdmin>;

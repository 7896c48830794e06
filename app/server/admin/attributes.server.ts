import { and, asc, eq, ne, sql } from "drizzle-orm";
import { naturalCompare } from "#app/domain/format";
import { ATTRIBUTE_MESSAGES, type AttributeInput } from "#app/domain/forms/attribute";
import {
  isRange,
  SUGGESTED_ATTRIBUTE_GROUPS,
  type CoverageRole,
  type SpecAttribute,
  type SpecValue,
} from "#app/domain/spec-attributes";
import { convert, convertible, roundTo, unitInfo } from "#app/domain/units";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { categories, categoryAttributes, productSpecValues, specAttributes } from "../db/schema";
import { isUuid } from "../files/files.server";
import { attributeDefinitionFrom, type AttributeData } from "../records/attribute.server";
import {
  claimVersion,
  FieldRuleError,
  NotFoundError,
  RestoreRefusedError,
  breaksUnique,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";

type AttributeRow = typeof specAttributes.$inferSelect;

/** Categories still have the attribute: it cannot be deleted until they let it go. */
export class AttributeInUseError extends Error {
  constructor(public readonly categoryNames: string[]) {
    super(
      `${categoryNames.length === 1 ? "The category" : "The categories"} ${categoryNames.join(", ")} ${categoryNames.length === 1 ? "has" : "have"} this attribute: remove it from ${categoryNames.length === 1 ? "it" : "them"} first.`,
    );
  }
}

export const ATTRIBUTE_CHANGE_MESSAGES = {
  type: (count: number) =>
    `${count} ${count === 1 ? "product has a value" : "products have values"} of this attribute: its type cannot change while they do.`,
  unit: (count: number, from: string, to: string) =>
    `${count} ${count === 1 ? "product has a value" : "products have values"} in ${from}, which cannot be read in ${to}: choose a unit of the same kind.`,
  several: (count: number) =>
    `${count} ${count === 1 ? "product has" : "products have"} several of these values: choose one for ${count === 1 ? "it" : "each"} first.`,
} as const;

function attributeOf(row: AttributeRow): SpecAttribute {
  return { ...attributeDefinitionFrom(row), version: row.version };
}

/** Where a group stands: the suggested ones in their order, then the others by name, then none. */
function groupRank(group: string): number {
  const suggested = SUGGESTED_ATTRIBUTE_GROUPS.findIndex((name) => name.toLowerCase() === group.toLowerCase());
  if (suggested >= 0) return suggested;
  return group ? SUGGESTED_ATTRIBUTE_GROUPS.length : SUGGESTED_ATTRIBUTE_GROUPS.length + 1;
}

/** Attributes as the dashboard lists them: by group (the suggested groups' order first), then by name. */
export function byGroupAndName(
  a: Pick<SpecAttribute, "group" | "name">,
  b: Pick<SpecAttribute, "group" | "name">,
): number {
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

/** One attribute of the library has each of the calculator's roles. */
async function checkRoleFree(tx: Transaction, role: CoverageRole | null, exceptId?: string) {
  if (!role) return;
  const [holder] = await tx
    .select({ name: specAttributes.name })
    .from(specAttributes)
    .where(and(eq(specAttributes.coverageRole, role), exceptId ? ne(specAttributes.id, exceptId) : undefined));
  if (holder) throw new FieldRuleError("coverageRole", ATTRIBUTE_MESSAGES.roleTaken(role, holder.name));
}

/**
 * Two saves of the same new name (or role) can both pass the pre-checks; the unique indexes stop the
 * second.
 */
function duplicateError(error: unknown, input: AttributeInput): unknown {
  if (breaksUnique(error, "spec_attributes_name_lower_idx")) {
    return new FieldRuleError("name", ATTRIBUTE_MESSAGES.exists(input.name));
  }
  if (breaksUnique(error, "spec_attributes_coverage_role_idx") && input.coverageRole) {
    return new FieldRuleError("coverageRole", ATTRIBUTE_MESSAGES.roleTaken(input.coverageRole));
  }
  return error;
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

/**
 * Brings the products' values of an attribute along with a change of it, in the same write: a unit of
 * the same kind converts them (rounded to the new decimals), a value taken off a choice leaves the
 * products that had it. What would lose or misread values is refused, saying how many products hold
 * them: another type, a unit of another kind, one value where products have several. A restore is
 * refused the same way (RestoreRefusedError), the message saying why.
 */
async function bringValuesAlong(
  tx: Transaction,
  had: SpecAttribute,
  next: Omit<SpecAttribute, "id" | "slug" | "version">,
  restoring: boolean,
) {
  const rows = await tx
    .select({ productId: productSpecValues.productId, value: productSpecValues.value })
    .from(productSpecValues)
    .where(eq(productSpecValues.attributeId, had.id));
  if (rows.length === 0) return;
  const refuse = (field: "type" | "unit" | "choices", message: string): never => {
    throw restoring ? new RestoreRefusedError(message) : new FieldRuleError(field, message);
  };
  if (next.type !== had.type) refuse("type", ATTRIBUTE_CHANGE_MESSAGES.type(rows.length));
  const changed = new Map<string, SpecValue | null>();
  if (had.type === "number" || had.type === "range") {
    const from = had.unit;
    const to = next.unit;
    if (from !== to && (!from || !to || !convertible(from, to))) {
      refuse(
        "unit",
        ATTRIBUTE_CHANGE_MESSAGES.unit(
          rows.length,
          from ? unitInfo(from).symbol : "no unit",
          to ? unitInfo(to).symbol : "no unit",
        ),
      );
    }
    const move = (value: number) => roundTo(from && to ? convert(value, from, to) : value, next.precision);
    for (const { productId, value } of rows) {
      const moved: SpecValue | undefined =
        typeof value === "number" ? move(value) : isRange(value) ? [move(value[0]), move(value[1])] : undefined;
      if (moved !== undefined && JSON.stringify(moved) !== JSON.stringify(value)) changed.set(productId, moved);
    }
  }
  if (had.type === "choice") {
    const kept = new Set(next.choices.map((choice) => choice.id));
    const several = rows.filter(({ value }) => Array.isArray(value) && value.length > 1).length;
    if (had.multiple && !next.multiple && several > 0) refuse("choices", ATTRIBUTE_CHANGE_MESSAGES.several(several));
    for (const { productId, value } of rows) {
      if (!Array.isArray(value)) continue;
      const left = (value as readonly unknown[]).filter((id): id is string => typeof id === "string" && kept.has(id));
      if (left.length !== value.length) changed.set(productId, left.length ? left : null);
    }
  }
  for (const [productId, value] of changed) {
    const where = and(eq(productSpecValues.productId, productId), eq(productSpecValues.attributeId, had.id));
    if (value === null) await tx.delete(productSpecValues).where(where);
    else await tx.update(productSpecValues).set({ value }).where(where);
  }
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
          await checkRoleFree(tx, input.coverageRole ?? null);
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
              // A revision from before the calculator has no role: it had none.
              coverageRole: input.coverageRole ?? null,
            })
            .returning({ id: specAttributes.id });
          if (!created) throw new Error("The attribute was not stored");
          await audit({ kind: "created", record: { type: "attribute", id: created.id, label: input.name } });
          return created.id;
        },
        restoring,
      );
    } catch (error) {
      throw duplicateError(error, input);
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
          await checkRoleFree(tx, input.coverageRole ?? null, id);
          const had = await readAttribute(tx, id);
          if (!had) throw new NotFoundError();
          await audit({ kind: "updated", record: { type: "attribute", id, label: input.name } });
          const choices = storedChoices(input, had.choices, Boolean(restoring));
          await bringValuesAlong(
            tx,
            had,
            { ...input, choices, coverageRole: input.coverageRole ?? null },
            Boolean(restoring),
          );
          await tx
            .update(specAttributes)
            .set({
              name: input.name,
              group: input.group,
              type: input.type,
              unit: input.unit,
              precision: input.precision,
              choices,
              multiple: input.multiple,
              // A revision from before the calculator has no role: it had none.
              coverageRole: input.coverageRole ?? null,
            })
            .where(eq(specAttributes.id, id));
        },
        restoring,
      );
    } catch (error) {
      throw duplicateError(error, input);
    }
  }

  /**
   * Deletes an attribute opened at `version`; it goes to Recently deleted. Refused while a category
   * has it (AttributeInUseError names them): no product then has a value of it.
   */
  async function deleteAttribute(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["attributes"], origin, async ({ tx, audit }) => {
      await claimVersion(tx, specAttributes, id, version);
      const using = await tx
        .select({ name: categories.name })
        .from(categoryAttributes)
        .innerJoin(categories, eq(categories.id, categoryAttributes.categoryId))
        .where(eq(categoryAttributes.attributeId, id))
        .orderBy(asc(categories.name));
      if (using.length) throw new AttributeInUseError(using.map((row) => row.name));
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

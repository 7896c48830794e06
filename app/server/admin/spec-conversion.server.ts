import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { formatSpecValue, type CategoryAttribute, type SpecValue } from "#app/domain/spec-attributes";
import { proseLines, valueInLines } from "#app/domain/spec-prose";
import type { Database } from "../db/client.server";
import { categories, products, productSpecValues } from "../db/schema";
import { isUuid } from "../files/files.server";
import { attributesOfCategory } from "../records/attribute.server";
import type { ImportedProduct, ProductAdmin } from "./products.server";
import { ConflictError, NotFoundError, type WriteOrigin } from "./write.server";

/**
 * What the conversion reads (decision 070): for each attribute of the category, the names of the
 * lines its value is read from (its own name when none are given), and whether a value read replaces
 * another the product has.
 */
export interface ConversionRequest {
  categoryId: string;
  lineNames: Readonly<Record<string, readonly string[]>>;
  replace: boolean;
}

/** What one product's lines give for one attribute, as the preview shows it. */
export type ConversionCell =
  /** A value for a product that has none. */
  | { outcome: "new"; value: string; line: string }
  /** The value it has. */
  | { outcome: "same"; value: string }
  /** Another value than the one it has: written when the request says to replace. */
  | { outcome: "conflict"; value: string; had: string; line: string }
  | { outcome: "unreadable"; line: string; message: string }
  /** No line of that name (the product's own value, if any, stays). */
  | { outcome: "none"; had: string };

export type ConversionOutcome = ConversionCell["outcome"];

export interface ConversionPreview {
  category: { id: string; name: string };
  attributes: (CategoryAttribute & { lineNames: string[] })[];
  /** Every product of the category, by model, with a cell an attribute. */
  products: { id: string; model: string; cells: ConversionCell[] }[];
  counts: Record<ConversionOutcome, number>;
  /** Values the apply writes, and to how many products. */
  writes: { values: number; products: number };
  /** Names the exact plan: Apply writes only that plan. */
  fingerprint: string;
}

export const CONVERSION_MESSAGES = {
  changed: "The catalog changed since the preview. Review the new preview, then apply again.",
  nothing: "No values to write: every value read is there already.",
} as const;

/**
 * Reads a category's products' specifications ("Name: value" lines and table rows) into values of its
 * attributes, and writes what it read to every product at once, through the import's write (versions
 * checked, audit, History, live updates), or nothing.
 */
export function createSpecConversion({ db, productAdmin }: { db: Database; productAdmin: ProductAdmin }) {
  async function plan(request: ConversionRequest) {
    if (!isUuid(request.categoryId)) throw new NotFoundError();
    const [category] = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, request.categoryId));
    if (!category) throw new NotFoundError();
    const definitions = await attributesOfCategory(db, category.id);
    const attributes = definitions.map((attribute) => {
      const given = (request.lineNames[attribute.id] ?? []).map((name) => name.trim()).filter(Boolean);
      return { ...attribute, lineNames: given.length ? given : [attribute.name] };
    });
    const rows = await db
      .select()
      .from(products)
      .where(eq(products.categoryId, category.id))
      .orderBy(asc(products.model));
    const valueRows = await db
      .select({
        productId: productSpecValues.productId,
        attributeId: productSpecValues.attributeId,
        value: productSpecValues.value,
      })
      .from(productSpecValues)
      .innerJoin(products, eq(products.id, productSpecValues.productId))
      .where(eq(products.categoryId, category.id));
    const had = new Map<string, Map<string, SpecValue>>();
    for (const row of valueRows) {
      const values = had.get(row.productId) ?? new Map<string, SpecValue>();
      values.set(row.attributeId, row.value);
      had.set(row.productId, values);
    }

    const counts: Record<ConversionOutcome, number> = { new: 0, same: 0, conflict: 0, unreadable: 0, none: 0 };
    const changes: ImportedProduct[] = [];
    let written = 0;
    const planned = rows.map((product) => {
      const lines = proseLines(product.specs, product.specsTable);
      const own = had.get(product.id) ?? new Map<string, SpecValue>();
      const values: Record<string, SpecValue> = Object.fromEntries(own);
      let writes = 0;
      const cells = attributes.map((attribute): ConversionCell => {
        const found = valueInLines(attribute, attribute.lineNames, lines);
        const before = own.get(attribute.id);
        const shownBefore = before === undefined ? "" : formatSpecValue(attribute, before);
        let cell: ConversionCell;
        if (found.found === "none") cell = { outcome: "none", had: shownBefore };
        else if (found.found === "unreadable") {
          cell = { outcome: "unreadable", line: `${found.line.name}: ${found.line.value}`, message: found.message };
        } else {
          const line = `${found.line.name}: ${found.line.value}`;
          const value = formatSpecValue(attribute, found.value);
          if (before === undefined) {
            cell = { outcome: "new", value, line };
            values[attribute.id] = found.value;
            writes += 1;
          } else if (JSON.stringify(before) === JSON.stringify(found.value)) cell = { outcome: "same", value };
          else {
            cell = { outcome: "conflict", value, had: shownBefore, line };
            if (request.replace) {
              values[attribute.id] = found.value;
              writes += 1;
            }
          }
        }
        counts[cell.outcome] += 1;
        return cell;
      });
      if (writes) {
        written += writes;
        changes.push({
          id: product.id,
          version: product.version,
          model: product.model,
          name: product.name,
          description: product.description,
          specs: product.specs,
          specsTable: product.specsTable,
          ndaa: product.ndaa,
          categoryId: product.categoryId,
          specValues: values,
        });
      }
      return { id: product.id, model: product.model, version: product.version, cells };
    });
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([request.replace, attributes.map((item) => [item.id, item.lineNames]), planned, changes]))
      .digest("base64url");
    const preview: ConversionPreview = {
      category,
      attributes,
      products: planned.map(({ id, model, cells }) => ({ id, model, cells })),
      counts,
      writes: { values: written, products: changes.length },
      fingerprint,
    };
    return { preview, changes, definitions };
  }

  /** What the request would write, product by product. NotFoundError for no such category. */
  async function preview(request: ConversionRequest): Promise<ConversionPreview> {
    return (await plan(request)).preview;
  }

  /**
   * Writes the plan the preview showed (`fingerprint`) to every product at once, or nothing: when the
   * catalog changed meanwhile, the new preview comes back with a message.
   */
  async function apply(
    request: ConversionRequest & { fingerprint: string },
    origin: WriteOrigin,
  ): Promise<{ written: ConversionPreview["writes"] } | { preview: ConversionPreview; message: string }> {
    const { preview: now, changes, definitions } = await plan(request);
    if (now.fingerprint !== request.fingerprint) return { preview: now, message: CONVERSION_MESSAGES.changed };
    if (!changes.length) return { preview: now, message: CONVERSION_MESSAGES.nothing };
    try {
      await productAdmin.importProducts(changes, origin, { kind: "values read from specifications" }, definitions);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      return { preview: (await plan(request)).preview, message: CONVERSION_MESSAGES.changed };
    }
    return { written: now.writes };
  }

  return { preview, apply };
}

export type SpecConversion = ReturnType<typeof createSpecConversion>;

import type { CatalogProduct } from "./catalog-views";
import { formatSpecValue, writtenInPageLanguage, type SpecValueWords } from "./spec-attributes";
import { ACTIVE_LIFECYCLE, lifecycleLine, type LifecycleFields } from "./lifecycle";
import { isoToday } from "./format";
import type { LanguageAttributes } from "./languages";

/** How many products one comparison holds: four columns still fit a laptop's width and a printed page. */
export const MAX_COMPARED = 4;

/**
 * The words of the bar under a list of products that compares those ticked, in their language:
 * `count` (its button's) and `chosen` by how many are ticked, from none to `MAX_COMPARED`.
 */
export interface CompareBarWords extends LanguageAttributes {
  selected: string;
  tick: string;
  clear: string;
  count: string[];
  chosen: string[];
}

/** The URL parameter of the compared products' ids, in their order, comma-separated. */
export const COMPARE_PARAM = "p";
/** Present: only the rows whose values differ. */
export const ONLY_DIFFERENCES_PARAM = "only";
/** A model typed into "Add a product" (the form without scripts). */
export const ADD_PARAM = "add";

export const COMPARE_PATH = "/compare";

/**
 * The names and words a comparison's own rows are given, in the page's language (the compare page's
 * messages): the category, NDAA, lifecycle and features rows, and the row of lines that are no `Name: value`.
 */
export interface CompareLabels {
  category: string;
  ndaa: string;
  lifecycle: string;
  features: string;
  yes: string;
  no: string;
  otherSpecifications: string;
  /** The heading of the specifications as written, below the typed values' groups. */
  moreSpecifications: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids a comparison URL names, in order, without repeats or anything that is not an id, at most
 * MAX_COMPARED: from `p=a,b,c` and from a form's `p=a&p=b` alike.
 */
export function comparedIds(params: URLSearchParams): string[] {
  const ids: string[] = [];
  for (const value of params.getAll(COMPARE_PARAM)) {
    for (const part of value.split(",")) {
      const id = part.trim().toLowerCase();
      if (UUID.test(id) && !ids.includes(id)) ids.push(id);
    }
  }
  return ids.slice(0, MAX_COMPARED);
}

/** The comparison's one URL for these ids (and the differences-only view). */
export function comparePath(ids: readonly string[], onlyDifferences = false): string {
  const params = new URLSearchParams();
  if (ids.length) params.set(COMPARE_PARAM, ids.join(","));
  if (onlyDifferences) params.set(ONLY_DIFFERENCES_PARAM, "1");
  const query = params.toString().replaceAll("%2C", ",");
  return query ? `${COMPARE_PATH}?${query}` : COMPARE_PATH;
}

/**
 * Whether `url` is already the comparison's one URL (its parameters, however a browser escaped the
 * commas): anything else is redirected there.
 */
export function isComparePath(url: URL, ids: readonly string[], onlyDifferences: boolean): boolean {
  const canonical = new URL(comparePath(ids, onlyDifferences), url);
  return url.searchParams.toString() === canonical.searchParams.toString();
}

/** A row of the comparison: one value per product (null: the product does not say). */
export interface CompareRow {
  name: string;
  values: (string | null)[];
  differs: boolean;
  /**
   * What of the row is in the page's language: its name (a row of the comparison's own, whose values
   * are content: a category's name, a product's features), its values (a typed value's numbers or
   * Yes and No, under the attribute's name), or the whole row (NDAA's "Yes" and "No", a lifecycle).
   * Absent: the row is content, a specification as written.
   */
  pageLanguage?: "name" | "values" | "row";
  /** A typed value's group ("Lens"; "" for none): the rows of one group follow each other under it. */
  group?: string;
  /** The group is the comparison's own heading (the specifications as written), in the page's language. */
  ownGroup?: true;
}

/** A name as rows are matched by: letter case, spacing and a trailing colon do not make two rows. */
function rowKey(name: string): string {
  return name.replace(/\s+/g, " ").replace(/:$/, "").trim().toLowerCase();
}

/** A value as differences are judged: spacing and letter case alone are no difference. */
function sameValue(a: string | null, b: string | null): boolean {
  const norm = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  return norm(a) === norm(b);
}

/** Longest a text line's name may be to count as `Name: value` (longer, it is a sentence). */
const MAX_NAME_LENGTH = 48;

/**
 * A product's specifications as named values: text lines of the shape `Name: value`, and table rows
 * by their first cell (the rest of the row's cells are the value). Lines of another shape are kept
 * together under `otherName` ("Other specifications").
 */
export function specRows(product: Pick<CatalogProduct, "specs" | "specsTable">, otherName: string): [string, string][] {
  const rows: [string, string][] = [];
  const other: string[] = [];
  for (const raw of (product.specs ?? "").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const value = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (name && value && name.length <= MAX_NAME_LENGTH && !/^https?$/i.test(name)) rows.push([name, value]);
    else other.push(line);
  }
  for (const cells of product.specsTable ?? []) {
    const [first = "", ...rest] = cells.map((cell) => cell.trim());
    const value = rest.filter(Boolean).join(" / ");
    if (first && value) rows.push([first, value]);
  }
  if (other.length) rows.push([otherName, other.join("\n")]);
  return rows;
}

type Compared = Pick<CatalogProduct, "ndaa" | "features" | "specs" | "specsTable" | "specValues"> & {
  category: { name: string };
  /** Absent: active (a comparison made before lifecycles). */
  lifecycle?: CatalogProduct["lifecycle"];
};

/**
 * How the comparison writes what it words itself in the page's language: typed values and a lifecycle
 * in one line. Either absent: written in English and marked as the content is. `today`: the day
 * lifecycles are told as of.
 */
export interface CompareWording {
  values?: SpecValueWords;
  lifecycle?: (lifecycle: LifecycleFields, replacementModels: readonly string[]) => string;
  today?: string;
}

/**
 * The comparison's rows, aligned by name across `products`: category, NDAA, lifecycle, features, the
 * typed values (decision 070) aligned by attribute in their groups, with their units, then every
 * specification written as text in the order it first appears. A product's repeated name keeps its
 * first value.
 */
export function compareRows(
  products: readonly Compared[],
  labels: CompareLabels,
  wording: CompareWording = {},
): CompareRow[] {
  const row = (name: string, values: (string | null)[]): CompareRow => ({
    name,
    values,
    differs: values.some((value) => !sameValue(value, values[0] ?? null)),
  });
  const ownRow = (pageLanguage: "name" | "row", name: string, values: (string | null)[]): CompareRow => ({
    ...row(name, values),
    pageLanguage,
  });
  const rows: CompareRow[] = [
    ownRow(
      "name",
      labels.category,
      products.map((product) => product.category.name),
    ),
    ownRow(
      "row",
      labels.ndaa,
      products.map((product) => (product.ndaa ? labels.yes : labels.no)),
    ),
    ownRow(
      wording.lifecycle ? "row" : "name",
      labels.lifecycle,
      products.map((product) => {
        const lifecycle = product.lifecycle ?? ACTIVE_LIFECYCLE;
        const replacements = product.lifecycle?.replacements.map((replacement) => replacement.model) ?? [];
        return wording.lifecycle
          ? wording.lifecycle(lifecycle, replacements)
          : lifecycleLine(lifecycle, wording.today ?? isoToday(), replacements);
      }),
    ),
    ownRow(
      "name",
      labels.features,
      products.map((product) => product.features.map((feature) => feature.label).join(", ") || null),
    ),
  ];
  // Each attribute once, where it first comes; rows of a group together, groups in the order they first come.
  const attributes = new Map<string, CatalogProduct["specValues"][number]["attribute"]>();
  for (const product of products) {
    for (const { attribute } of product.specValues)
      if (!attributes.has(attribute.id)) attributes.set(attribute.id, attribute);
  }
  const groups = [...new Set([...attributes.values()].map((attribute) => attribute.group.toLowerCase()))];
  const typed = [...attributes.values()].sort(
    (a, b) => groups.indexOf(a.group.toLowerCase()) - groups.indexOf(b.group.toLowerCase()),
  );
  for (const attribute of typed) {
    rows.push({
      ...row(
        attribute.name,
        products.map((product) => {
          const spec = product.specValues.find((candidate) => candidate.attribute.id === attribute.id);
          return spec ? formatSpecValue(spec.attribute, spec.value, wording.values) : null;
        }),
      ),
      ...(wording.values && writtenInPageLanguage(attribute) ? { pageLanguage: "values" as const } : {}),
      group: attribute.group,
    });
  }
  const names = new Map<string, string>();
  const valuesByProduct = products.map((product) => {
    const values = new Map<string, string>();
    for (const [name, value] of specRows(product, labels.otherSpecifications)) {
      const key = rowKey(name);
      if (!names.has(key)) names.set(key, name.replace(/:$/, "").trim());
      if (!values.has(key)) values.set(key, value);
    }
    return values;
  });
  const otherKey = rowKey(labels.otherSpecifications);
  // Below the typed values' groups the specifications as written have a heading of their own, or
  // they would read as the last group's.
  const headed = typed.some((attribute) => attribute.group !== "");
  for (const [key, name] of names) {
    const values = valuesByProduct.map((byName) => byName.get(key) ?? null);
    // The lines that are no `Name: value` are named in the page's language; they are as written.
    const written = key === otherKey ? ownRow("name", name, values) : row(name, values);
    rows.push(headed ? { ...written, group: labels.moreSpecifications, ownGroup: true } : written);
  }
  return rows;
}

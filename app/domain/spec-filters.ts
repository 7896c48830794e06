/**
 * A category page's filters by specification values (decision 070): what the address says, how a
 * product's value is tested against it, and the address of a view. Each filter is in the URL under
 * its attribute's slug, so a view can be shared, bookmarked and gone back to, and the filter form
 * works as a plain GET form: numbers and ranges as `{slug}-min` and `{slug}-max` (in the attribute's
 * unit), a choice as `{slug}` once a ticked value (its label), yes/no as `{slug}=yes` or `no`.
 */
import { isRange, MOST_DECIMALS, type CategoryAttribute, type SpecValue } from "./spec-attributes";
import {
  ENGLISH_MEASURE_WORDS,
  formatMeasure,
  formatNumber,
  formatRange,
  readMeasure,
  unitInfo,
  type MeasureWords,
} from "./units";
import { withValue } from "./languages";
import type { PartMessages } from "#app/messages/en";

/** A number's or range's bounds (either may be absent), or the values a choice or yes/no may have. */
export type SpecFilter =
  | { attribute: CategoryAttribute; kind: "between"; min?: number; max?: number }
  | { attribute: CategoryAttribute; kind: "any"; values: readonly string[] };

/** The attributes a category's page filters by: numbers, ranges, choices and yes/no marked "filter". */
export function filterAttributes(attributes: readonly CategoryAttribute[]): CategoryAttribute[] {
  return attributes.filter((attribute) => attribute.filter && attribute.type !== "text");
}

export function minParam(attribute: CategoryAttribute): string {
  return `${attribute.slug}-min`;
}

export function maxParam(attribute: CategoryAttribute): string {
  return `${attribute.slug}-max`;
}

/** The value a filter's checkbox sends for a choice (its label) or a yes/no ("yes", "no"). */
export function optionKeys(attribute: CategoryAttribute): string[] {
  return attribute.type === "boolean" ? ["yes", "no"] : attribute.choices.map((choice) => choice.label);
}

/** The filters `params` asks for, of the category's filter attributes; what none of them reads is left out. */
export function specFiltersOf(params: URLSearchParams, attributes: readonly CategoryAttribute[]): SpecFilter[] {
  const filters: SpecFilter[] = [];
  for (const attribute of filterAttributes(attributes)) {
    if (attribute.type === "number" || attribute.type === "range") {
      const bound = (name: string) => {
        const text = params.get(name)?.trim();
        if (!text) return undefined;
        const read = readMeasure(text, attribute.unit ?? undefined);
        return read.ok ? read.value : undefined;
      };
      const min = bound(minParam(attribute));
      const max = bound(maxParam(attribute));
      if (min !== undefined || max !== undefined) {
        // Bounds given the wrong way round mean the same span.
        const swapped = min !== undefined && max !== undefined && min > max;
        filters.push({
          attribute,
          kind: "between",
          ...(swapped
            ? { min: max, max: min }
            : { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }),
        });
      }
      continue;
    }
    const known = optionKeys(attribute);
    const asked = new Set(params.getAll(attribute.slug).map((value) => value.trim().toLowerCase()));
    const values = known.filter((key) => asked.has(key.toLowerCase()));
    if (values.length) filters.push({ attribute, kind: "any", values });
  }
  return filters;
}

/** The address parameters of `filters`, in the attributes' order. */
export function specFilterParams(filters: readonly SpecFilter[]): [string, string][] {
  return filters.flatMap((filter): [string, string][] => {
    if (filter.kind === "any") return filter.values.map((value) => [filter.attribute.slug, value]);
    const params: [string, string][] = [];
    if (filter.min !== undefined) params.push([minParam(filter.attribute), String(filter.min)]);
    if (filter.max !== undefined) params.push([maxParam(filter.attribute), String(filter.max)]);
    return params;
  });
}

/** The keys a product's value of a choice or yes/no counts under (its labels, or "yes"/"no"). */
export function keysOf(attribute: CategoryAttribute, value: SpecValue | undefined): string[] {
  if (value === undefined) return [];
  if (attribute.type === "boolean") return typeof value === "boolean" ? [value ? "yes" : "no"] : [];
  if (!Array.isArray(value)) return [];
  const chosen = new Set<unknown>(value);
  return attribute.choices.filter((choice) => chosen.has(choice.id)).map((choice) => choice.label);
}

/** A number's value, or a range's two ends; none for another type. */
export function spanOf(value: SpecValue | undefined): readonly [number, number] | undefined {
  if (typeof value === "number") return [value, value];
  return value !== undefined && isRange(value) ? value : undefined;
}

/** The sort parameter's value for ordering by an attribute. */
export function specSortValue(attribute: CategoryAttribute, direction: "desc" | "asc"): string {
  return `${attribute.slug}-${direction}`;
}

/** The attributes a category's products can be sorted by: its numbers and ranges marked "filter". */
export function sortAttributes(attributes: readonly CategoryAttribute[]): CategoryAttribute[] {
  return filterAttributes(attributes).filter((attribute) => attribute.type === "number" || attribute.type === "range");
}

/** An attribute sort the `sort` parameter names, if it names one of `attributes`. */
export function specSortOf(
  sort: string | null,
  attributes: readonly CategoryAttribute[],
): { attribute: CategoryAttribute; descending: boolean } | undefined {
  if (!sort) return undefined;
  for (const attribute of sortAttributes(attributes)) {
    if (sort === specSortValue(attribute, "desc")) return { attribute, descending: true };
    if (sort === specSortValue(attribute, "asc")) return { attribute, descending: false };
  }
  return undefined;
}

/** A number's or range's filter as the page shows it: its two fields and what the products hold. */
export interface BetweenField {
  kind: "between";
  id: string;
  name: string;
  /** The unit's symbol, "" for none. */
  unit: string;
  minName: string;
  maxName: string;
  /** What the visitor asked, as the fields show it again. */
  min: string;
  max: string;
  /** The lowest and highest values among the products the other filters leave ("12–50 m"), if any. */
  span: string;
  /** A range: a product matches when its range reaches into the bounds. */
  range: boolean;
}

/** A choice's or yes/no's filter as the page shows it: a box a value with how many products have it. */
export interface AnyField {
  kind: "any";
  id: string;
  name: string;
  param: string;
  /** Its options are Yes and No, in the page's language; a choice's are the values its products have. */
  yesOrNo: boolean;
  options: { key: string; label: string; count: number; checked: boolean }[];
}

export type SpecFilterField = BetweenField | AnyField;

/**
 * What a category page shows of its filters by values, made on the server from the listing's facets,
 * with `words` (the listing's, in the page's language) for Yes, No and the orders' names, and
 * `measures` (the page's language's) for the spans' and the chips' numbers. A chip's `label` is what
 * the catalog says (a name, a choice), its `value` ("" for none) the page's words after a space, which
 * the page sets beside the label: " ≥ 30 m", " Ja".
 */
export function specView(
  attributes: readonly CategoryAttribute[],
  filters: readonly SpecFilter[],
  counts: Record<string, Record<string, number>>,
  spans: Record<string, [number, number]>,
  words: Pick<PartMessages<"listing">, "yes" | "no" | "sortHighest" | "sortLowest">,
  measures: MeasureWords = ENGLISH_MEASURE_WORDS,
) {
  const yesOrNo = (key: string) => (key === "yes" ? words.yes : words.no);
  const asked = new Map(filters.map((filter) => [filter.attribute.id, filter]));
  // As a number field takes it: no thousands' commas, a hyphen for minus (it clears a true minus sign).
  const plain = (value: number | undefined, precision: number) =>
    value === undefined ? "" : formatNumber(value, precision).replaceAll(",", "").replace("\u2212", "-");
  const fields = filterAttributes(attributes).map((attribute): SpecFilterField => {
    const filter = asked.get(attribute.id);
    if (attribute.type === "number" || attribute.type === "range") {
      const span = spans[attribute.id];
      return {
        kind: "between",
        id: attribute.id,
        name: attribute.name,
        unit: attribute.unit ? unitInfo(attribute.unit).symbol : "",
        minName: minParam(attribute),
        maxName: maxParam(attribute),
        min: filter?.kind === "between" ? plain(filter.min, MOST_DECIMALS) : "",
        max: filter?.kind === "between" ? plain(filter.max, MOST_DECIMALS) : "",
        span: span ? formatRange(span[0], span[1], attribute.unit ?? undefined, attribute.precision, measures) : "",
        range: attribute.type === "range",
      };
    }
    const wanted = new Set(filter?.kind === "any" ? filter.values : []);
    return {
      kind: "any",
      id: attribute.id,
      name: attribute.name,
      param: attribute.slug,
      yesOrNo: attribute.type === "boolean",
      options: optionKeys(attribute).map((key) => ({
        key,
        label: attribute.type === "boolean" ? yesOrNo(key) : key,
        count: counts[attribute.id]?.[key] ?? 0,
        checked: wanted.has(key),
      })),
    };
  });
  const params = specFilterParams(filters);
  const chips = filters.flatMap((filter) => {
    const others = (kept: SpecFilter) => specFilterParams(filters.filter((candidate) => candidate !== kept));
    if (filter.kind === "any") {
      const boolean = filter.attribute.type === "boolean";
      return filter.values.map((value) => ({
        label: `${filter.attribute.name}:${boolean ? "" : ` ${value}`}`,
        value: boolean ? ` ${yesOrNo(value)}` : "",
        without: [
          ...others(filter),
          ...filter.values
            .filter((other) => other !== value)
            .map((other): [string, string] => [filter.attribute.slug, other]),
        ],
      }));
    }
    const unit = filter.attribute.unit ?? undefined;
    const { precision } = filter.attribute;
    const bounds =
      filter.min !== undefined && filter.max !== undefined
        ? formatRange(filter.min, filter.max, unit, precision, measures)
        : filter.min !== undefined
          ? `\u2265 ${formatMeasure(filter.min, unit, precision, measures)}`
          : `\u2264 ${formatMeasure(filter.max ?? 0, unit, precision, measures)}`;
    return [{ label: filter.attribute.name, value: ` ${bounds}`, without: others(filter) }];
  });
  const sorts = sortAttributes(attributes).flatMap((attribute) => [
    { value: specSortValue(attribute, "desc"), label: withValue(words.sortHighest, attribute.name) },
    { value: specSortValue(attribute, "asc"), label: withValue(words.sortLowest, attribute.name) },
  ]);
  return { fields, params, chips, sorts };
}

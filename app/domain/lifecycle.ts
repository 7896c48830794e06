import { formatDate } from "./format";
import { LIFECYCLE_STAGE_NAMES, type LifecycleStage } from "./lifecycle-stages";

/** The most replacements a product names: a page lists them all. */
export const MOST_REPLACEMENTS = 10;

/** A product's lifecycle as it is kept: days as ISO dates ("2026-03-01"), null where none. */
export interface LifecycleFields {
  stage: LifecycleStage;
  /** The last day it is sold: required once the end of sale is announced, kept when it is discontinued. */
  endOfSaleOn: string | null;
  /** The day it was discontinued: required for a discontinued product. */
  discontinuedOn: string | null;
  /** The last day its firmware is updated; none: not said. */
  firmwareUntil: string | null;
  /** The last day it is repaired; none: not said. */
  repairsUntil: string | null;
}

/** How a product's row holds its lifecycle: the stage in `lifecycle`, the days by their names. */
export type LifecycleColumns = { lifecycle: LifecycleStage } & Omit<LifecycleFields, "stage">;

/** A product's lifecycle from its row's columns. */
export function lifecycleOfRow(row: LifecycleColumns): LifecycleFields {
  return {
    stage: row.lifecycle,
    endOfSaleOn: row.endOfSaleOn,
    discontinuedOn: row.discontinuedOn,
    firmwareUntil: row.firmwareUntil,
    repairsUntil: row.repairsUntil,
  };
}

/** The row's columns of a lifecycle. */
export function lifecycleColumnsOf(lifecycle: LifecycleFields): LifecycleColumns {
  return {
    lifecycle: lifecycle.stage,
    endOfSaleOn: lifecycle.endOfSaleOn,
    discontinuedOn: lifecycle.discontinuedOn,
    firmwareUntil: lifecycle.firmwareUntil,
    repairsUntil: lifecycle.repairsUntil,
  };
}

/** A product sold as usual: no days, nothing to say. */
export const ACTIVE_LIFECYCLE: LifecycleFields = {
  stage: "active",
  endOfSaleOn: null,
  discontinuedOn: null,
  firmwareUntil: null,
  repairsUntil: null,
};

export const LIFECYCLE_MESSAGES = {
  endOfSaleRequired: "Enter the end of sale date",
  discontinuedRequired: "Enter the date it was discontinued",
  notADate: "Enter a date such as 2026-03-01",
  discontinuedBeforeEndOfSale: "The date it was discontinued cannot be before the end of sale",
  supportBeforeEnd: (what: string) => `${what} cannot end before the product's end of sale or discontinuation`,
  ownReplacement: "A product cannot replace itself",
  tooManyReplacements: `At most ${MOST_REPLACEMENTS} replacements`,
} as const;

/** The field of the product form each lifecycle day travels in. */
export const LIFECYCLE_FIELDS = {
  stage: "lifecycle",
  endOfSaleOn: "endOfSaleOn",
  discontinuedOn: "discontinuedOn",
  firmwareUntil: "firmwareUntil",
  repairsUntil: "repairsUntil",
  replacementIds: "replacementIds",
} as const;

/** A calendar day written as ISO 8601 ("2026-03-01") that exists. */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * A lifecycle as kept: an active product keeps no days; the others keep theirs, each checked.
 * Returns the kept fields, or the first problem with the field it belongs to.
 */
export function checkedLifecycle(
  given: LifecycleFields,
): { ok: true; lifecycle: LifecycleFields } | { ok: false; field: keyof LifecycleFields; message: string } {
  if (given.stage === "active") return { ok: true, lifecycle: ACTIVE_LIFECYCLE };
  for (const field of ["endOfSaleOn", "discontinuedOn", "firmwareUntil", "repairsUntil"] as const) {
    const day = given[field];
    if (day !== null && !isIsoDay(day)) return { ok: false, field, message: LIFECYCLE_MESSAGES.notADate };
  }
  if (given.stage === "end-of-sale" && !given.endOfSaleOn) {
    return { ok: false, field: "endOfSaleOn", message: LIFECYCLE_MESSAGES.endOfSaleRequired };
  }
  if (given.stage === "discontinued" && !given.discontinuedOn) {
    return { ok: false, field: "discontinuedOn", message: LIFECYCLE_MESSAGES.discontinuedRequired };
  }
  const discontinuedOn = given.stage === "discontinued" ? given.discontinuedOn : null;
  if (discontinuedOn && given.endOfSaleOn && discontinuedOn < given.endOfSaleOn) {
    return { ok: false, field: "discontinuedOn", message: LIFECYCLE_MESSAGES.discontinuedBeforeEndOfSale };
  }
  const ends = discontinuedOn ?? given.endOfSaleOn ?? "";
  if (given.firmwareUntil && given.firmwareUntil < ends) {
    return { ok: false, field: "firmwareUntil", message: LIFECYCLE_MESSAGES.supportBeforeEnd("Firmware updates") };
  }
  if (given.repairsUntil && given.repairsUntil < ends) {
    return { ok: false, field: "repairsUntil", message: LIFECYCLE_MESSAGES.supportBeforeEnd("Repairs") };
  }
  return { ok: true, lifecycle: { ...given, discontinuedOn } };
}

/**
 * Where a product no longer sold as usual stands on `today`, and since or until which day: discontinued
 * (on `day`), its sale ended (on `day`, before today) or its end of sale announced (for `day`); none
 * for an active one, or one whose day is not said.
 */
export function lifecycleMoment(
  lifecycle: LifecycleFields,
  today: string,
): { moment: "discontinued" | "ended" | "announced"; day: string } | null {
  if (lifecycle.stage === "discontinued" && lifecycle.discontinuedOn) {
    return { moment: "discontinued", day: lifecycle.discontinuedOn };
  }
  if (lifecycle.stage === "end-of-sale" && lifecycle.endOfSaleOn) {
    return { moment: lifecycle.endOfSaleOn < today ? "ended" : "announced", day: lifecycle.endOfSaleOn };
  }
  return null;
}

const HEADLINES = { discontinued: "Discontinued on", ended: "Sale ended on", announced: "End of sale on" } as const;

/**
 * What History and the datasheet say of a lifecycle first, in English: "Discontinued on 1 Mar 2026",
 * or "End of sale on 30 Jun 2027" (or "Sale ended on …" once that day is past `today`); none for an
 * active one.
 */
export function lifecycleHeadline(lifecycle: LifecycleFields, today: string): string | null {
  const found = lifecycleMoment(lifecycle, today);
  return found && `${HEADLINES[found.moment]} ${formatDate(found.day)}`;
}

/** The support a retiring product still has: "firmware updates until 1 Mar 2031", each that is said. */
export function lifecycleSupport(lifecycle: LifecycleFields): string[] {
  if (lifecycle.stage === "active") return [];
  return [
    lifecycle.firmwareUntil ? `firmware updates until ${formatDate(lifecycle.firmwareUntil)}` : "",
    lifecycle.repairsUntil ? `repairs until ${formatDate(lifecycle.repairsUntil)}` : "",
  ].filter(Boolean);
}

/**
 * A lifecycle in one line, in English, as History and the datasheet write it (and the comparison on a
 * page whose language has no words for it: `lifecycleWording`): "Discontinued on 1 Mar 2026; end of
 * sale 31 Dec 2025; replaced by VNT-D4M-AI28; firmware updates until 1 Mar 2031", or "Active".
 */
export function lifecycleLine(lifecycle: LifecycleFields, today: string, replacementModels: readonly string[] = []) {
  const headline = lifecycleHeadline(lifecycle, today) ?? LIFECYCLE_STAGE_NAMES[lifecycle.stage];
  const endOfSale =
    lifecycle.stage === "discontinued" && lifecycle.endOfSaleOn
      ? [`end of sale ${formatDate(lifecycle.endOfSaleOn)}`]
      : [];
  const replaced = replacementModels.length ? [`replaced by ${replacementModels.join(", ")}`] : [];
  return [headline, ...endOfSale, ...replaced, ...lifecycleSupport(lifecycle)].join("; ");
}

/**
 * The orders /support/lifecycle offers, its default first: by model, or by a day, latest first (the
 * `lifecyclePage.sort…` messages name them).
 */
export const LIFECYCLE_SORTS = ["model", "end-of-sale", "discontinued", "firmware", "repairs"] as const;
export type LifecycleSort = (typeof LIFECYCLE_SORTS)[number];

export function lifecycleSortOf(value: string | null): LifecycleSort {
  return LIFECYCLE_SORTS.find((sort) => sort === value) ?? "model";
}

/** The day a lifecycle sort orders by. */
export function sortDayOf(lifecycle: LifecycleFields, sort: Exclude<LifecycleSort, "model">): string | null {
  if (sort === "end-of-sale") return lifecycle.endOfSaleOn;
  if (sort === "discontinued") return lifecycle.discontinuedOn;
  return sort === "firmware" ? lifecycle.firmwareUntil : lifecycle.repairsUntil;
}

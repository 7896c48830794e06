/**
 * A product's lifecycle stages and the catalog's "Include discontinued" parameter (decision 072): what
 * public pages' code needs, apart from the rules in lifecycle.ts, which only the server and the
 * dashboard load.
 */

/**
 * Where a product is in its life (decision 072): sold; its end of sale announced (sold until a day);
 * discontinued (no longer sold, still supported until its support days).
 */
export const LIFECYCLE_STAGES = ["active", "end-of-sale", "discontinued"] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const LIFECYCLE_STAGE_NAMES: Record<LifecycleStage, string> = {
  active: "Active",
  "end-of-sale": "End of sale announced",
  discontinued: "Discontinued",
};

/** The address parameter of "Include discontinued" on catalog pages, and its value when ticked. */
export const DISCONTINUED_PARAM = "discontinued";
export const DISCONTINUED_INCLUDED = "include";

/**
 * What a dashboard action answers, with HTTP 409, when the record changed since its form was opened:
 * the record as it is now, for the form to open again on (see useOpenedRecord, decision 016).
 */
export interface ConflictAnswer<T> {
  status: "conflict";
  current: T;
  /**
   * What the admin sent, by the form's field names (nested as the form library reads them): shown
   * beside each field it differs in, so their typing survives the conflict.
   */
  yours: Record<string, unknown>;
}

/** The form field that names the fields the admin changed since the form opened, one a line. */
export const CHANGED_FIELDS = "changedFields";

/**
 * Of what a form sent, only the fields the admin changed (by CHANGED_FIELDS): a field they never touched
 * holds the old value, which is not theirs to be offered back. A form sent without the list (no
 * JavaScript) keeps every field.
 */
export function changedValues(payload: Record<string, unknown>, changed: string | null): Record<string, unknown> {
  if (changed === null) return payload;
  const kept: Record<string, unknown> = {};
  for (const name of changed.split("\n").filter(Boolean)) {
    const value = valueAtName(payload, name);
    if (typeof value === "string") kept[name] = value;
  }
  return kept;
}

/** The value at a form field's name (`features[2].label`) in what a form sent, read as the form library nests it. */
export function valueAtName(values: unknown, name: string): unknown {
  // Kept by their whole names (changedValues), or nested as the form library reads them.
  if (typeof values === "object" && values !== null && name in values) return (values as Record<string, unknown>)[name];
  let at: unknown = values;
  for (const [, key, index] of name.matchAll(/([^[.\]]+)|\[(\d+)\]/g)) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[key ?? index ?? ""];
  }
  return at;
}

export function isConflictAnswer<T>(answer: unknown): answer is ConflictAnswer<T> {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "status" in answer &&
    answer.status === "conflict" &&
    "current" in answer
  );
}

/**
 * Why a delete, a move or a restore did not happen (changed or gone meanwhile, still used, or failed),
 * in the words the page shows beside its button: one shape on every entity.
 */
export interface Refusal {
  status: "refused";
  message: string;
}

export function isRefusal(answer: unknown): answer is Refusal {
  return typeof answer === "object" && answer !== null && "status" in answer && answer.status === "refused";
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { MAX_FORM_FIELDS, MAX_FORM_LIST_ITEMS } from "#app/domain/limits";

/** Beyond the original: a form post that no page of the site sends, refused with a reason. */
export const FORM_ERRORS = {
  unsupported: "This address accepts only form posts (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Reload the page and try again.",
  tooManyFields: "The form has too many fields.",
  listTooLong: (max: number) => `The form has a list longer than ${max} items.`,
  hasNul: "Text cannot contain NUL characters. Remove them and try again.",
  misshapen: (field: string) => `The form's field ${field} is not one this form has. Reload the page and try again.`,
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/**
 * A list position in a field's name, in either spelling the form library reads: `features[3].label`
 * or `features.3.label`.
 */
const LIST_POSITION = /\[(\d+)\]|\.(\d+)(?=[.[]|$)/g;

/**
 * The one way an action reads its form. Anything no page of the site sends is refused with a 4xx and
 * a reason instead of reaching a schema or the database: other body types, bodies that do not parse,
 * more fields than any form has, list positions past any list's length (a parser would build the
 * whole sparse list first), and NUL characters, which PostgreSQL cannot store in text.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw data(FORM_ERRORS.unsupported, { status: 415 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(FORM_ERRORS.unreadable, { status: 400 });
  }
  let fields = 0;
  for (const [name, value] of form) {
    if (++fields > MAX_FORM_FIELDS) throw data(FORM_ERRORS.tooManyFields, { status: 413 });
    for (const [, bracketed, dotted] of name.matchAll(LIST_POSITION)) {
      if (Number(bracketed ?? dotted) >= MAX_FORM_LIST_ITEMS) {
        throw data(FORM_ERRORS.listTooLong(MAX_FORM_LIST_ITEMS), { status: 413 });
      }
    }
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw data(FORM_ERRORS.hasNul, { status: 400 });
    }
  }
  return form;
}

/**
 * The one way an action reads its fields: the form library's reading against the schema, after the
 * fields' shape is checked against it. A name can make a list of what the schema reads as text, or
 * text or an object of a list (`features.0.label`, `features=x`): the schema then refuses it, but the
 * form, shown again with what was sent, would not render, and the answer would be a 500. No page
 * sends such a form; it is refused with a 400 and the field's name.
 */
export function parseFormSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema });
  const field = misshapenField(submission.payload, schema, "");
  if (field !== null) throw data(FORM_ERRORS.misshapen(field || "(the whole form)"), { status: 400 });
  return submission;
}

/** The first message for each field a submission's schema refused: what a page shows beside each. */
export function firstErrors(submission: { error?: Record<string, string[] | null> | null }): Record<string, string> {
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
  );
}

type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  /** A record's values' schema (its keys are field names the page made, e.g. ids). */
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  /** A discriminated union's field that tells its options apart. */
  discriminator?: string;
  /** A literal's values. */
  values?: unknown[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);

/** The name of the first field whose sent value has another shape than the schema reads there, or null. */
function misshapenField(value: unknown, schema: z.ZodType, name: string): string | null {
  // Nothing sent, or an empty field: the form library reads both as nothing.
  if (value === undefined || value === "") return null;
  const def = schema.def as SchemaDef;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return def.innerType ? misshapenField(value, def.innerType, name) : null;
    case "pipe":
      return def.in ? misshapenField(value, def.in, name) : null;
    case "union": {
      // Told apart by a field (the button pressed): the fields are those of the option it names.
      const chosen = def.discriminator && isRecord(value) ? value[def.discriminator] : undefined;
      const named = (def.options ?? []).find((option) => {
        const tag = (option.def as SchemaDef).shape?.[def.discriminator ?? ""];
        return tag !== undefined && ((tag.def as SchemaDef).values ?? []).includes(chosen);
      });
      if (named) return misshapenField(value, named, name);
      return (def.options ?? []).some((option) => misshapenField(value, option, name) === null) ? null : name;
    }
    case "object": {
      if (!isRecord(value)) return name;
      for (const [key, inner] of Object.entries(value)) {
        const field = def.shape?.[key];
        // A field the schema does not read is dropped by it; only what it reads must fit.
        const found = field ? misshapenField(inner, field, name ? `${name}.${key}` : key) : null;
        if (found !== null) return found;
      }
      return null;
    }
    case "record": {
      if (!isRecord(value)) return name;
      for (const [key, inner] of Object.entries(value)) {
        const found = def.valueType ? misshapenField(inner, def.valueType, name ? `${name}.${key}` : key) : null;
        if (found !== null) return found;
      }
      return null;
    }
    case "array": {
      // One value where a list is read is a list of one (a multiple choice with one chosen).
      if (typeof value === "string" || value instanceof Blob) {
        return def.element ? misshapenField(value, def.element, `${name}[0]`) : null;
      }
      if (!Array.isArray(value)) return name;
      for (const [index, item] of value.entries()) {
        const found = def.element ? misshapenField(item, def.element, `${name}[${index}]`) : null;
        if (found !== null) return found;
      }
      return null;
    }
    default:
      // A value: what a form sends as text or a file. A list or an object where one is read is not.
      return typeof value === "string" || value instanceof Blob ? null : name;
  }
}

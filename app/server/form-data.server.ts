import { data } from "react-router";
import { MAX_FORM_FIELDS, MAX_FORM_LIST_ITEMS } from "#app/domain/limits";

/** Beyond the original: a form post that no page of the site sends, refused with a reason. */
export const FORM_ERRORS = {
  unsupported: "This address accepts only form posts (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Reload the page and try again.",
  tooManyFields: "The form has too many fields.",
  listTooLong: (max: number) => `The form has a list longer than ${max} items.`,
  hasNul: "Text cannot contain NUL characters. Remove them and try again.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const LIST_POSITION = /\[(\d+)\]/g;

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
    for (const [, position] of name.matchAll(LIST_POSITION)) {
      if (Number(position) >= MAX_FORM_LIST_ITEMS) {
        throw data(FORM_ERRORS.listTooLong(MAX_FORM_LIST_ITEMS), { status: 413 });
      }
    }
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw data(FORM_ERRORS.hasNul, { status: 400 });
    }
  }
  return form;
}

import { data, redirect } from "react-router";
import { CREATED_PARAM, dashboardCreatedPath } from "#app/domain/paths";
import type { ConflictAnswer } from "#app/domain/conflict";

/**
 * A save over a newer version (ConflictError): 409, with the record as it is now. The edit form opens
 * again on it (useOpenedRecord); every entity answers a conflict this way.
 */
export function conflictAnswer<T>(current: T) {
  return data({ status: "conflict", current } satisfies ConflictAnswer<T>, 409);
}

/**
 * A record created: back to the new-record page, whose loader reads the record named by `?created=`
 * and shows the "created" screen. Every entity ends a create this way, so the screen outlives live
 * updates and reloads, and works without JavaScript.
 */
export function createdAnswer(newPagePath: string, id: string) {
  return redirect(dashboardCreatedPath(newPagePath, id));
}

/** The id a new-record page was sent back with after a create, if it was. */
export function createdId(request: Request): string | null {
  return new URL(request.url).searchParams.get(CREATED_PARAM);
}

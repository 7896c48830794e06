import { z } from "zod";

/**
 * The version of the record an edit form was opened at (its hidden `version` field, VersionInput):
 * every edit schema reads it with this, and the service refuses a save over a newer one.
 */
export const openedVersion = z.number("Reload the page and try again").int().nonnegative();

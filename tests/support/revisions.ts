import { eq, sql } from "drizzle-orm";
import { RECENTLY_DELETED_DAYS } from "#app/domain/revisions";
import { revisions } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";

/**
 * Lets the deleted record `recordId` age past Recently deleted and runs the purge every instance runs
 * hourly: what a deletion finally removes (its files' rows and bytes) is then gone.
 */
export async function purgeDeleted(runtime: Runtime, recordId: string): Promise<void> {
  await runtime.database.db
    .update(revisions)
    .set({ at: sql`${revisions.at} - make_interval(days => ${RECENTLY_DELETED_DAYS + 1})` })
    .where(eq(revisions.recordId, recordId));
  await runtime.services.revisions.purgeExpired();
}

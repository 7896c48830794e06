import { sql } from "drizzle-orm";
import type { Actor } from "./audit.server";
import { selectRows, type Database, type Queryable } from "../db/client.server";
import { PUBLISHABLE_TYPES, publishing, type PublishableType } from "../records/registry.server";
import type { AdminWrite } from "./write.server";

/** Who publishes a scheduled record: the server itself, on no one's request. */
export const SCHEDULE: Actor = { userId: null, email: null, clientAddress: null };

/** How often each instance looks for scheduled records whose time has come (well within a minute). */
export const SCHEDULE_CHECK_MS = 15_000;

/**
 * Marks the record's files as a draft's (served to signed-in people only) or a published record's,
 * as its status now says: call it in a write once the record and its files are as they will stay.
 */
export async function syncFileVisibility(tx: Queryable, type: PublishableType, id: string): Promise<void> {
  await publishing(type).syncFiles(tx, id);
}

/** Nothing was due after all: another instance published it first. */
class NothingDue extends Error {}

/**
 * Publishes every scheduled record whose time has come, through the shared admin write (audit log,
 * revision, live update, page cache dropped). Each instance calls it every SCHEDULE_CHECK_MS; the
 * UPDATE … WHERE status = 'scheduled' takes each row once, so with several instances each record is
 * published by exactly one of them (a second waits for the first's row lock, then no longer matches).
 * Returns how many records it published.
 */
export function createScheduler({ db, write }: { db: Database; write: AdminWrite }) {
  async function dueTypes(): Promise<PublishableType[]> {
    const [row] = await selectRows<Record<string, boolean>>(
      db,
      sql`select ${sql.join(
        PUBLISHABLE_TYPES.map((type, index) => sql`${publishing(type).due} as ${sql.identifier(`due${index}`)}`),
        sql`, `,
      )}`,
    );
    return PUBLISHABLE_TYPES.filter((_type, index) => row?.[`due${index}`]);
  }

  async function publishDue(): Promise<number> {
    const types = await dueTypes();
    if (!types.length) return 0;
    try {
      return await write(
        types.map((type) => publishing(type).topic),
        { actor: SCHEDULE },
        async ({ tx, audit }) => {
          let published = 0;
          for (const type of types) {
            for (const record of await publishing(type).publishDue(tx)) {
              await audit({ kind: "published", record: { type, id: record.id, label: record.label } });
              await syncFileVisibility(tx, type, record.id);
              published += 1;
            }
          }
          if (!published) throw new NothingDue();
          return published;
        },
      );
    } catch (error) {
      if (error instanceof NothingDue) return 0;
      throw error;
    }
  }

  return { publishDue };
}

export type Scheduler = ReturnType<typeof createScheduler>;

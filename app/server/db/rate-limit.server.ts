import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { rateLimits } from "./schema";

/** A counter as it stands: hits in its current window, and the time since the latest one. */
export interface RateCount {
  count: number;
  secondsLeftInWindow: number;
  secondsSinceLast: number;
}

/**
 * Fixed-window counters kept in the database, so every instance sees the same numbers. A counter
 * whose window has passed reads as absent and starts again at its next hit.
 */
export function createRateLimiter(db: Database) {
  return {
    async read(key: string, windowSeconds: number): Promise<RateCount | null> {
      const [row] = await db
        .select({
          count: rateLimits.count,
          secondsLeftInWindow: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
          secondsSinceLast: sql<number>`floor(extract(epoch from (now() - ${rateLimits.lastAt})))::int`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return row && row.secondsLeftInWindow > 0 ? row : null;
    },

    /**
     * Counts a hit and returns the counter as it now stands, in one statement: of several hits at
     * once, each sees its own count.
     */
    async hit(key: string, windowSeconds: number): Promise<RateCount> {
      const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, count: 1, lastAt: sql`now()` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
            lastAt: sql`now()`,
          },
        })
        .returning({
          count: rateLimits.count,
          secondsLeftInWindow: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
        });
      return {
        count: row?.count ?? 1,
        secondsLeftInWindow: row?.secondsLeftInWindow ?? windowSeconds,
        secondsSinceLast: 0,
      };
    },

    async clear(keys: string[]): Promise<void> {
      if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },

    /** Clears every counter whose key starts with `prefix` (compared as text, so no pattern characters). */
    async clearPrefix(prefix: string): Promise<void> {
      await db.delete(rateLimits).where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

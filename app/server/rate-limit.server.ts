import { eq, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { rateLimits } from "./db/schema";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counters kept in the database, so every instance sees the same numbers. */
export function createRateLimiter(db: Database) {
  return {
    /** Seconds until `key` may try again, or 0 when it is under its limit. */
    async retryAfter(key: string, rule: RateLimitRule): Promise<number> {
      const [row] = await db
        .select({
          count: rateLimits.count,
          secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${rule.windowSeconds}) - now())))::int`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      if (!row || row.secondsLeft <= 0 || row.count < rule.limit) return 0;
      return row.secondsLeft;
    },
    async hit(key: string, rule: RateLimitRule): Promise<void> {
      const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${rule.windowSeconds})`;
      await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          },
        });
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

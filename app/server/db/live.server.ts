import { sql } from "drizzle-orm";
import type { Queryable } from "./client.server";
import { changeTopics, type ChangeEvent, type ChangeTopic } from "#app/domain/live";

export const CHANGE_CHANNEL = "vantage_changes";

/**
 * Announces a change from inside the writing transaction: PostgreSQL delivers it to every
 * listening instance only if, and when, that transaction commits.
 */
export async function notifyChange(tx: Queryable, topics: ChangeTopic[], tabId?: string): Promise<void> {
  const event: ChangeEvent = { topics: [...new Set(topics)], ...(tabId ? { tabId } : {}), sentAt: Date.now() };
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseChangeEvent(payload: string): ChangeEvent | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== "object" || value === null) return undefined;
    const { topics, tabId, sentAt } = value as { topics?: unknown; tabId?: unknown; sentAt?: unknown };
    if (!Array.isArray(topics)) return undefined;
    const known = topics.filter((topic): topic is ChangeTopic => changeTopics.includes(topic as ChangeTopic));
    return {
      topics: known,
      ...(typeof tabId === "string" ? { tabId } : {}),
      ...(typeof sentAt === "number" && Number.isFinite(sentAt) ? { sentAt } : {}),
    };
  } catch {
    return undefined;
  }
}

type Subscriber = (event: ChangeEvent) => void;

/** Fans change events out to every open browser connection of this instance. */
export class ChangeHub {
  private readonly subscribers = new Set<Subscriber>();

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: ChangeEvent): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(event);
      } catch {
        this.subscribers.delete(subscriber);
      }
    }
  }

  get size(): number {
    return this.subscribers.size;
  }
}

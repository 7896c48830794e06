/** What a change event can name; pages say which of these they show. */
export const changeTopics = ["categories", "products", "downloads", "info", "settings", "*"] as const;
export type ChangeTopic = (typeof changeTopics)[number];

export interface ChangeEvent {
  topics: ChangeTopic[];
  /** The browser tab that made the change, so it is not told about its own write. */
  origin?: string;
}

/** The route `handle` field a page uses to say what it shows. */
export interface LiveHandle {
  live?: readonly ChangeTopic[];
}

export function concernsPage(event: ChangeEvent, pageTopics: ReadonlySet<ChangeTopic>): boolean {
  return event.topics.some((topic) => topic === "*" || pageTopics.has(topic));
}

import { PATIENCE_MS } from "./patience";

/** One message of a Server-Sent Events stream; comments (heartbeats) come through as `comment`. */
export interface StreamMessage {
  event: string;
  data: string;
  retry?: number;
  comment?: string;
  receivedAt: number;
}

export interface EventStreamReader {
  response: Response;
  /** Everything received so far, in order. */
  messages: StreamMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  close(): void;
}

/** The topics a `change` message names. */
export function changeTopics(message: StreamMessage): string[] {
  if (message.event !== "change") return [];
  return (JSON.parse(message.data) as { topics: string[] }).topics;
}

export function isChange(topic: string): (message: StreamMessage) => boolean {
  return (message) => changeTopics(message).includes(topic);
}

/**
 * Connects to an event stream the way EventSource does (fetch + a body reader) and records every
 * message, so a test can wait for one with a deadline instead of sleeping.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let ended: Error | undefined;

  const dispatch = (block: string) => {
    const message: StreamMessage = { event: "message", data: "", receivedAt: Date.now() };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) message.comment = line.slice(1).trim();
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") message.event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry") message.retry = Number(value);
    }
    message.data = data.join("\n");
    if (message.comment !== undefined && data.length === 0) message.event = "comment";
    messages.push(message);
    for (const wake of waiters) wake();
  };

  void (async () => {
    const reader = response.body?.getReader();
    if (!reader) throw new Error("The event stream has no body");
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
    throw new Error("The server ended the event stream");
  })().catch((error: unknown) => {
    ended = error instanceof Error ? error : new Error(String(error));
    for (const wake of waiters) wake();
  });

  return {
    response,
    messages,
    waitFor(match, timeoutMs = PATIENCE_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) finish(() => resolve(found));
          else if (ended) finish(() => reject(new Error(`Event stream ended before a match: ${ended?.message}`)));
        };
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
            ),
          timeoutMs,
        );
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}

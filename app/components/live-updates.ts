import { useEffect, useRef } from "react";
import { useMatches, useRevalidator } from "react-router";
import { concernsPage, type ChangeEvent, type ChangeTopic, type PageHandle } from "#app/domain/live";

const DEBOUNCE_MS = 120;
const MAX_BACKOFF_MS = 30_000;

let tabId: string | undefined;

/** Names this browser tab in its writes, so the change feed does not echo them back to it. */
export function liveTabId(): string {
  tabId ??= typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random());
  return tabId;
}

/**
 * Keeps the page live: listens to the server's change stream and reloads the page's data when a
 * change touches something it shows (each route names its topics in `handle.live`).
 */
export function useLiveUpdates(): void {
  const matches = useMatches();
  const { revalidate } = useRevalidator();
  const topics = useRef<Set<ChangeTopic>>(new Set());
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  topics.current = new Set(matches.flatMap((match) => (match.handle as PageHandle | undefined)?.live ?? []));

  useEffect(() => {
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1_000;
    let reconnecting = false;
    let stopped = false;

    const refresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => void revalidateRef.current(), DEBOUNCE_MS);
    };
    const connect = () => {
      source = new EventSource(`/events?tab=${encodeURIComponent(liveTabId())}`);
      source.addEventListener("ready", () => {
        backoff = 1_000;
        setLiveState("connected");
        // Changes made while we were away were never delivered: catch up once.
        if (reconnecting) refresh();
        reconnecting = false;
      });
      source.addEventListener("change", (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as ChangeEvent;
        if (concernsPage(event, topics.current)) refresh();
      });
      // The server is stopping (a restart): connect again at once; the proxy picks another instance.
      source.addEventListener("reconnect", () => {
        source?.close();
        if (stopped) return;
        setLiveState("reconnecting");
        reconnecting = true;
        connect();
      });
      source.addEventListener("error", () => {
        source?.close();
        if (stopped) return;
        setLiveState("reconnecting");
        reconnecting = true;
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(debounce);
      clearTimeout(retry);
      source?.close();
      setLiveState(undefined);
    };
  }, []);
}

/**
 * Shows on <html data-live> whether changes reach this page right now: a hook for styles and for
 * tests that must not make a change before the page can hear about it.
 */
function setLiveState(state: "connected" | "reconnecting" | undefined): void {
  if (state) document.documentElement.dataset.live = state;
  else delete document.documentElement.dataset.live;
}

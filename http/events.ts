import fs from "node:fs";
import type { Request, Response } from "express";
import type { ChangeHub } from "#app/server/db/live.server";
import { refuseRequest } from "./request";

/** Live streams one client address may hold: many tabs, well below what exhausts the server. */
export const LIVE_STREAMS_PER_CLIENT = 64;
/** What a refused browser waits before it tries again (its own back-off grows from there). */
const REFUSED_RETRY_SECONDS = 30;

/**
 * Streams the whole process may hold: half its open-file limit (the rest stays for requests, the
 * database and stored files), at most 10,000, or LIVE_CONNECTIONS_MAX when set.
 */
export function liveStreamCapacity(configured: number | undefined): number {
  if (configured) return configured;
  let openFiles = 0;
  try {
    const limits = fs.readFileSync("/proc/self/limits", "utf8");
    openFiles = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? 0);
  } catch {
    // Not Linux: the ceiling alone.
  }
  return Math.min(10_000, openFiles > 0 ? Math.floor(openFiles / 2) : 10_000);
}

/**
 * Admits a live stream or refuses it: 429 when its client holds too many, 503 when the process
 * does. Each admitted stream calls the returned release exactly once when it ends.
 */
export function liveStreamGate(capacity: number, perClient = LIVE_STREAMS_PER_CLIENT) {
  const byClient = new Map<string, number>();
  let open = 0;
  return (req: Request, res: Response): (() => void) | null => {
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const held = byClient.get(client) ?? 0;
    const status = held >= perClient ? 429 : open >= capacity ? 503 : 0;
    if (status !== 0) {
      res.setHeader("Retry-After", String(REFUSED_RETRY_SECONDS));
      const reason = status === 429 ? "Too many live connections from this address." : "Too many live connections.";
      refuseRequest(req, res, status, reason, "text/plain; charset=utf-8");
      return null;
    }
    byClient.set(client, held + 1);
    open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      open--;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    };
  };
}

const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting; the client adds its own back-off on top. */
const RECONNECT_MS = 2_000;

/**
 * The live-update streams: one Server-Sent Event per committed change. A browser's own writes are
 * not echoed back to it (it names itself with `?tab=`); heartbeats reveal dead connections.
 * `endAll` ends every open stream with a `reconnect` event when the server stops: the pages connect
 * again at once, through a proxy to another instance, and catch up on what they missed.
 */
export function liveStreams(
  changes: ChangeHub,
  admit: ReturnType<typeof liveStreamGate>,
  watch: { liveStreamOpened(): void; liveStreamClosed(): void },
) {
  const open = new Set<() => void>();
  const handler = (req: Request, res: Response): void => {
    const release = admit(req, res);
    if (!release) return;
    watch.liveStreamOpened();
    const end = openStream(changes, req, res, () => {
      release();
      open.delete(end);
      watch.liveStreamClosed();
    });
    open.add(end);
  };
  const endAll = () => {
    for (const end of [...open]) end();
  };
  return { handler, endAll };
}

/** Starts a stream; returns what ends it from the server's side, telling the page to reconnect. */
function openStream(changes: ChangeHub, req: Request, res: Response, release: () => void): () => void {
  const tabId = typeof req.query.tab === "string" ? req.query.tab.slice(0, 64) : "";
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    release();
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };
  const write = (chunk: string) => {
    if (closed) return;
    try {
      res.write(chunk);
    } catch {
      close();
    }
  };

  write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: {}\n\n`);
  const unsubscribe = changes.subscribe((event) => {
    if (tabId && event.tabId === tabId) return;
    write(`event: change\ndata: ${JSON.stringify({ topics: event.topics })}\n\n`);
  });
  const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  req.on("close", close);
  res.on("error", close);
  res.on("close", close);
  return () => {
    write("event: reconnect\ndata: {}\n\n");
    close();
  };
}

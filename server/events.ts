import type { Request, Response } from "express";
import { runtime } from "#app/server/runtime.server";

const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting; the client adds its own back-off on top. */
const RECONNECT_MS = 2_000;

/**
 * The live-update stream: one Server-Sent Event per committed change. A browser's own writes are
 * not echoed back to it (it names itself with `?client=`); heartbeats reveal dead connections.
 */
export function streamChanges(req: Request, res: Response): void {
  const { changes } = runtime();
  const clientId = typeof req.query.client === "string" ? req.query.client.slice(0, 64) : "";
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
    if (clientId && event.origin === clientId) return;
    write(`event: change\ndata: ${JSON.stringify({ topics: event.topics })}\n\n`);
  });
  const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  req.on("close", close);
  res.on("error", close);
  res.on("close", close);
}

import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";
import { refuseRequest } from "./request";

export interface RenderQueueOptions {
  /** Anonymous renders in progress at once. */
  concurrency: number;
  /** Anonymous requests that may wait for a turn; past this many, new ones get a 503. */
  maxWaiting: number;
  /** Whether the request comes from a signed-in admin: those never wait behind visitors. */
  isAdmin: (req: Request, res: Response) => Promise<boolean>;
}

/**
 * Renders of pages the cache could not answer take turns: a few at a time, first come first served.
 * Rendering is CPU work on the one event loop; a hundred started at once all finish late, and an
 * admin's save waits behind every one of them. With turns, each render finishes sooner, the health
 * check and the admin's writes slip in between, and a flood beyond the waiting line is told to come
 * back (503 with Retry-After) instead of taking memory until the process falls over.
 */
export function renderQueue(options: RenderQueueOptions) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let pumpScheduled = false;

  // Turns start from the event loop's check phase, one per pass, never from the callback that read the
  // request. Node reads every socket that is ready in one pass and would render each as it is read: a
  // request that arrives during that pass waits for the whole next pass, twice as long as the others.
  // Enqueued instead, every request is read at once and rendered in the order it arrived.
  const pump = () => {
    pumpScheduled = false;
    if (active >= options.concurrency) return;
    const next = waiting.shift();
    if (!next) return;
    active++;
    next();
    schedulePump();
  };
  const schedulePump = () => {
    if (pumpScheduled || waiting.length === 0 || active >= options.concurrency) return;
    pumpScheduled = true;
    setImmediate(pump);
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (await options.isAdmin(req, res)) return next();
    if (waiting.length >= options.maxWaiting) {
      res.setHeader("Retry-After", "5");
      refuseRequest(req, res, 503, "The site is busy. Try again in a few seconds.", "text/plain; charset=utf-8");
      return;
    }
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      active--;
      schedulePump();
    };
    // Run in the request's own async context, not in that of whichever request's turn ended: what
    // the answer reads is noted for its own page (app/server/platform/shown.server.ts).
    waiting.push(
      AsyncResource.bind(() => {
        // Gone while it waited: its turn passes on.
        if (req.destroyed) {
          finish();
          return;
        }
        // The turn ends once the page is written ("prefinish": `end` was called), not once the visitor's
        // socket has taken its last byte ("finish"): a visitor slow to read holds no turn while its
        // page waits in the socket's buffers (decision 047). A visitor gone ends it too.
        res.once("prefinish", finish);
        res.once("close", finish);
        next();
      }),
    );
    schedulePump();
  };
}

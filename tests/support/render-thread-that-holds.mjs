// A render thread's module that answers each page a little later, and writes into the page how many
// pages it held when that page came (http/render-threads.test.ts).
import { setTimeout } from "node:timers";
import { TextEncoder } from "node:util";
import { parentPort } from "node:worker_threads";

export async function servePageRenders() {
  const port = parentPort;
  if (!port) throw new Error("not a worker");
  let held = 0;
  port.on("message", (job) => {
    if (job.type !== "render") return;
    held += 1;
    const holding = held;
    setTimeout(() => {
      const bytes = new TextEncoder().encode(`${job.page.url} on the thread, which held ${holding}`);
      port.postMessage({ type: "pieces", id: job.id, pieces: [bytes], end: true }, [bytes.buffer]);
      held -= 1;
    }, 20);
  });
  port.postMessage({ type: "ready" });
}

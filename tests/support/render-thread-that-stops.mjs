// A render thread's module that gets ready and then stops at its first page, as a thread that crashed
// would (http/render-threads.test.ts).
import process from "node:process";
import { parentPort } from "node:worker_threads";

export async function servePageRenders() {
  parentPort?.once("message", () => process.exit(3));
  parentPort?.postMessage({ type: "ready" });
}

import http from "node:http";
import { percentile, round } from "./stats";

export interface PacedAnswers {
  requests: number;
  /** Answers a second over the whole run, from the first request's time to the last answer. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, failed connections and timeouts. */
  errors: number;
  /** Answers the page cache gave (its `x-cache: hit`). */
  cacheHits: number;
}

/**
 * Asks for each of `paths` once, one every 1/`requestsPerSecond` of a second whatever the answers,
 * over at most `connections` kept-alive connections: visitors arriving at a steady rate. Autocannon's
 * rate option sends each connection's share of a second at once and then waits, which is a burst
 * every second rather than a rate. Each latency counts from the moment its request was due, so a
 * request kept waiting for a free connection (or by a late timer) counts its wait too.
 */
export async function askAtRate(
  origin: string,
  paths: string[],
  {
    requestsPerSecond,
    connections,
    headers = {},
  }: { requestsPerSecond: number; connections: number; headers?: Record<string, string> },
): Promise<PacedAnswers> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / requestsPerSecond;
  const latencies: number[] = [];
  let errors = 0;
  let cacheHits = 0;
  const startedAt = performance.now();
  try {
    await Promise.all(
      paths.map(
        (path, index) =>
          new Promise<void>((resolve) => {
            const dueAt = startedAt + index * interval;
            const failed = () => {
              errors += 1;
              resolve();
            };
            setTimeout(
              () => {
                const request = http.get(`${origin}${path}`, { agent, headers, timeout: 10_000 }, (response) => {
                  const status = response.statusCode ?? 0;
                  if (response.headers["x-cache"] === "hit") cacheHits += 1;
                  response.on("error", failed);
                  response.on("end", () => {
                    if (status >= 200 && status < 300) latencies.push(performance.now() - dueAt);
                    else errors += 1;
                    resolve();
                  });
                  response.resume();
                });
                request.on("timeout", () => request.destroy(new Error(`${path} took over 10 s`)));
                request.on("error", failed);
              },
              Math.max(0, dueAt - performance.now()),
            );
          }),
      ),
    );
  } finally {
    agent.destroy();
  }
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  return {
    requests: paths.length,
    requestsPerSecond: Math.round(paths.length / elapsedSeconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: round(Math.max(...latencies)),
    errors,
    cacheHits,
  };
}

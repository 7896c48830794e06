import { fork } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { cpuMsPerRequest, cpuTimeMs } from "./cpu";

export interface Floor {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** What the floor server spent a request in all, to check it matched the site's. */
  cpuMsPerRequest: number;
}

/**
 * The latency a server spending `cpuMsPerRequest` on every request, and nothing else, gets from the same
 * load on this machine right now: `requests` answers of `bodyBytes`, `connections` at a time. The
 * machine's speed moves from hour to hour (bench/NOTES.md); beside a scenario's figures, this says how
 * much of its latency the CPU cost alone explains and how much is the site's own (its pauses, its
 * renders' differences).
 */
export async function measureFloor(options: {
  cpuMsPerRequest: number;
  bodyBytes: number;
  requests: number;
  connections: number;
}): Promise<Floor> {
  const child = fork(path.join(import.meta.dirname, "floor-server.js"), [], {
    execArgv: [],
    env: {
      PATH: process.env.PATH ?? "",
      FLOOR_CPU_MS: String(options.cpuMsPerRequest),
      FLOOR_BODY_BYTES: String(Math.max(1, Math.round(options.bodyBytes))),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once("message", (message) => resolve(message as { port: number }));
      child.once("exit", (code) => reject(new Error(`The floor server exited (${code})`)));
    });
    if (child.pid === undefined) throw new Error("The floor server has no pid");
    const cpuBefore = cpuTimeMs(child.pid);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      connections: options.connections,
      amount: options.requests,
      timeout: 10,
    });
    const cpuMs = cpuTimeMs(child.pid) - cpuBefore;
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      cpuMsPerRequest: cpuMsPerRequest(cpuMs, result.requests.total),
    };
  } finally {
    child.kill();
  }
}

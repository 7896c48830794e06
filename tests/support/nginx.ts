import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_START_PATIENCE_MS } from "./patience";

export interface RunningNginx {
  /** nginx's master process (its worker is its child). */
  pid: number;
  /** Stops nginx and removes `prefix`. */
  stop(): Promise<void>;
}

/**
 * Runs Debian's nginx with `config` written to `prefix`/nginx.conf (its pid file, logs and temp folders
 * go in `prefix`), and resolves once `probe` (a URL it serves) answers 2xx.
 */
export async function startNginx(prefix: string, config: string, probe: string): Promise<RunningNginx> {
  // nginx's worker drops to an unprivileged user when started as root: it must reach what is here.
  fs.chmodSync(prefix, 0o755);
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + SERVER_START_PATIENCE_MS;
  for (;;) {
    try {
      if ((await fetch(probe)).ok) return { pid: child.pid ?? 0, stop };
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const logFile = path.join(prefix, "error.log");
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(0, 5).join("\n") : "";
      await stop();
      throw new Error(`nginx did not answer ${probe}: ${errors}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lines every configuration here starts with: one worker in the foreground, everything in `prefix`. */
export function nginxPreamble(prefix: string): string {
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }`;
}

/** nginx's temp folders, inside `prefix`. */
export function nginxTempPaths(prefix: string): string {
  return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${prefix}/${kind};`)
    .join("\n  ");
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM, CHROMIUM_HEADLESS_FLAGS } from "../../scripts/system-packages.js";
import { freePort } from "../../tests/support/ports";

export interface RunningChromium {
  port: number;
  stop: () => Promise<void>;
}

/** Debian's headless Chromium with a DevTools port on loopback and a fresh profile (removed by `stop`). */
export async function startChromium(): Promise<RunningChromium> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-chromium-"));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_HEADLESS_FLAGS,
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      "--remote-debugging-address=127.0.0.1",
      "about:blank",
    ],
    // Its own process group, so that stopping it also stops the helper processes it starts.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  let output = "";
  child.on("error", (error) => (output += String(error)));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      signalGroup("SIGTERM");
      await exited;
    }
    // Helpers that outlive the browser would go on writing to the profile while it is removed.
    signalGroup("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 200));
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, stop };
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || child.pid === undefined || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium did not open its DevTools port:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

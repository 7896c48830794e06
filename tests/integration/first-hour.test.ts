import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import { adminEnv, signIn } from "#tests/support/http";
import { PATIENCE_MS } from "#tests/support/patience";
import { listenOnLoopback } from "#tests/support/ports";
import { startServer } from "#tests/support/server";

// What an operator meets in the first hour: a port already taken, a password the command line
// refuses, a terminal that shows what happens rather than every file.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-first-hour-"));
  folders.push(folder);
  return folder;
}

describe("the first hour", () => {
  it("a port already in use stops the start with one line naming PORT, no stack trace", async () => {
    const holder = await listenOnLoopback((_req, res) => res.end());
    try {
      const port = Number(new URL(holder.url).port);
      const start = await startServer({}, { port }).then(
        () => "started",
        (error: unknown) => String(error),
      );
      expect(start).toContain(
        `Port ${port} on 127.0.0.1 is already in use: stop what uses it, or set PORT to another port.`,
      );
      expect(start).not.toMatch(/^\s+at /m);
      expect(start).toContain("exited with code 1");
    } finally {
      await holder.close();
    }
  });

  it("the command line asks again for a password it refuses, instead of ending", async () => {
    const dataDir = tempFolder();
    // A terminal of its own (script(1)), answered prompt by prompt as a person would.
    const child = spawn(
      "script",
      ["-qfec", `"${process.execPath}" scripts/admin.js create tty@vantage.test`, "/dev/null"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: os.tmpdir(),
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          DEMO_DATA: "0",
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let output = "";
    // Too short (asked again), then two that differ (asked again), then one typed twice alike.
    const answers = [
      "short",
      "a long enough password",
      "a different password",
      "a long enough password",
      "a long enough password",
    ];
    let answered = 0;
    const seen = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // Each prompt ends the output so far: answer it.
      if (/(Password|Repeat it): $/.test(output) && answered < answers.length) {
        child.stdin.write(`${answers[answered++]}\r`);
      }
    });
    const code = await Promise.race([
      seen,
      new Promise<string>((resolve) => setTimeout(() => resolve("no answer"), PATIENCE_MS)),
    ]);
    child.kill();
    expect(code, output).toBe(0);
    expect(output).toContain(`A password must have at least ${PASSWORD_MIN_LENGTH} and at most`);
    expect(output).toContain("The two differ. Try again.");
    expect(output).toContain("Owner tty@vantage.test created.");
  });

  it("a terminal shows pages and events, not every file a page loads", async () => {
    const server = await startServer({ ...adminEnv(), LOG_LEVEL: "info" });
    try {
      const page = await fetch(`${server.url}/about`);
      const html = await page.text();
      const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? "";
      expect(asset).not.toBe("");
      expect((await fetch(`${server.url}${asset}`)).status).toBe(200);
      expect((await fetch(`${server.url}/favicon.svg`)).status).toBeLessThan(400);
      await signIn(server.url);
      await expect.poll(() => server.logs()).toContain('"url":"/about"');
      await expect.poll(() => server.logs()).toContain('"url":"/login"');
      const requestLines = server
        .logs()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
      expect(requestLines.some((line) => line.includes("/assets/"))).toBe(false);
      expect(requestLines.some((line) => line.includes("/favicon.svg"))).toBe(false);
      expect(requestLines.some((line) => line.includes('"url":"/login"'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

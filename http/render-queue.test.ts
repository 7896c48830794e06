import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue";
import { listenOnLoopback } from "#tests/support/ports";

// A real Express app on loopback whose "render" waits until the test lets it finish.
const started: string[] = [];
const release = new Map<string, () => void>();
/** Answers whose last byte the visitor's socket has taken. */
const finished = new Set<string>();
/** More than loopback's socket buffers hold: the end of it waits for the visitor to read it. */
const LARGE_PAGE_BYTES = 64 * 1024 * 1024;
let url = "";
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const app = express();
  app.get(
    "/{*path}",
    renderQueue({ concurrency: 2, maxWaiting: 2, isAdmin: async (req) => req.get("x-admin") === "yes" }),
    (req, res) => {
      const name = req.path.slice(1);
      started.push(name);
      res.once("finish", () => finished.add(name));
      if (name.startsWith("large")) res.end(Buffer.alloc(LARGE_PAGE_BYTES, "x"));
      else release.set(name, () => res.send(name));
    },
  );
  ({ url, close } = await listenOnLoopback(app));
});
afterAll(async () => {
  await close?.();
});

async function until(condition: () => boolean): Promise<void> {
  await expect.poll(condition).toBe(true);
}

const get = (name: string, admin = false) =>
  fetch(`${url}/${name}`, { headers: admin ? { "x-admin": "yes" } : {} }).then(async (response) => ({
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    text: await response.text(),
  }));

describe("the render queue", () => {
  it("renders a few at a time in arrival order, lets admins past, and refuses beyond the waiting line", async () => {
    const first = get("a");
    const second = get("b");
    await until(() => started.length === 2);
    const third = get("c");
    const fourth = get("d");
    const refused = await get("e");
    expect(refused).toEqual({
      status: 503,
      retryAfter: "5",
      text: "The site is busy. Try again in a few seconds.",
    });
    // An admin never waits behind visitors.
    const admin = get("admin", true);
    await until(() => started.includes("admin"));
    release.get("admin")?.();
    expect((await admin).text).toBe("admin");
    expect(started).toEqual(["a", "b", "admin"]);

    release.get("b")?.();
    expect((await second).text).toBe("b");
    await until(() => started.length === 4);
    release.get("a")?.();
    await until(() => started.length === 5);
    expect(started.slice(3)).toEqual(["c", "d"]);
    release.get("c")?.();
    release.get("d")?.();
    expect(await Promise.all([first, third, fourth].map(async (answer) => (await answer).text))).toEqual([
      "a",
      "c",
      "d",
    ]);
  });

  it("ends a turn once the page is written, not once a slow visitor has read all of it", async () => {
    started.length = 0;
    // A visitor who reads nothing of a large page: its answer is written but far from taken.
    const slow = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${url}/large`, resolve).once("error", reject),
    );
    slow.pause();
    await until(() => started.includes("large"));
    // Two turns: both go to the next visitors at once, while the large page is still on its way.
    const next = [get("next-1"), get("next-2")];
    await until(() => started.includes("next-1") && started.includes("next-2"));
    expect(finished.has("large")).toBe(false);
    release.get("next-1")?.();
    release.get("next-2")?.();
    expect(await Promise.all(next.map(async (answer) => (await answer).text))).toEqual(["next-1", "next-2"]);

    let received = 0;
    slow.on("data", (chunk: Buffer) => (received += chunk.length));
    slow.resume();
    await new Promise((resolve) => slow.once("end", resolve));
    expect(received).toBe(LARGE_PAGE_BYTES);
    await until(() => finished.has("large"));
  });
});

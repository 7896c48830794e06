import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue";
import { listenOnLoopback } from "#tests/support/ports";

// A real Express app on loopback whose "render" waits until the test lets it finish.
const started: string[] = [];
const release = new Map<string, () => void>();
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
      release.set(name, () => res.send(name));
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

describe("the render queue", () => {
  it("renders a few at a time in arrival order, lets admins past, and refuses beyond the waiting line", async () => {
    const get = (name: string, admin = false) =>
      fetch(`${url}/${name}`, { headers: admin ? { "x-admin": "yes" } : {} }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        text: await response.text(),
      }));
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
});

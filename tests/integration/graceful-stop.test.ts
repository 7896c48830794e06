import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnv, sendRaw, signIn } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";

/** A GET on a new connection: a server that stopped taking connections refuses it. */
function freshConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe("a server asked to stop (SIGTERM)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...adminEnv(), LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finishes an upload in flight, sends its live pages elsewhere, takes no new connection, then exits", async () => {
    const { cookie } = await signIn(server.url);

    // A page's live stream, open and ready.
    const stream = await fetch(`${server.url}/events`);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error("no stream body");
    const decoder = new TextDecoder();
    let streamed = decoder.decode((await reader.read()).value);
    expect(streamed).toContain("event: ready");

    // An admin's upload, its first half sent, the rest held back until the server was told to stop.
    let sendRest: () => void = () => undefined;
    const restAllowed = new Promise<void>((resolve) => (sendRest = resolve));
    const halves = [Buffer.alloc(300_000, "a"), Buffer.alloc(300_000, "b")];
    const upload = sendRaw(`${server.url}/uploads?${new URLSearchParams({ name: "manual.txt" })}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url },
      body: (async function* () {
        yield halves[0] ?? Buffer.alloc(0);
        await restAllowed;
        yield halves[1] ?? Buffer.alloc(0);
      })(),
    });
    // Being written: its temp file is there.
    const tempFolder = path.join(server.dataDir, "files", ".tmp");
    await expect.poll(() => (fs.existsSync(tempFolder) ? fs.readdirSync(tempFolder).length : 0)).toBe(1);

    process.kill(server.pid, "SIGTERM");
    await expect.poll(() => server.logs()).toContain("shutting down: finishing the requests in flight");

    // The live stream is told to reconnect (through a proxy, to another instance), then ends.
    for (let part = await reader.read(); !part.done; part = await reader.read()) streamed += decoder.decode(part.value);
    expect(streamed).toContain("event: reconnect");
    // No new connection is taken...
    expect(await freshConnection(`${server.url}/healthz`)).toBe("ECONNREFUSED");
    // ...but the upload in flight is finished and saved.
    sendRest();
    const answer = await upload;
    expect(answer.status).toBe(201);
    const saved = JSON.parse(answer.body.toString("utf8")) as { url: string };
    expect(saved).toMatchObject({ name: "manual.txt", size: 600_000 });

    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain('"msg":"stopped"');
    expect(server.logs()).not.toContain("cut");
    // Its bytes are all there for the next start.
    const restarted = await startServer({ ...adminEnv(), DATA_DIR: server.dataDir });
    try {
      const served = await fetch(`${restarted.url}${saved.url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.concat(halves))).toBe(true);
    } finally {
      await restarted.stop();
    }
  });
});

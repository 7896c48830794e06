import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_STREAMS_PER_CLIENT } from "../../http/events";
import { openEventStream, type EventStreamReader } from "#tests/support/event-stream";
import { startServer, type RunningServer } from "#tests/support/server";

const CAPACITY = LIVE_STREAMS_PER_CLIENT + 16;

// One trusted proxy hop lets the test be several clients; the whole process takes CAPACITY streams.
let server: RunningServer;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", LIVE_CONNECTIONS_MAX: String(CAPACITY) });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server?.stop();
});

async function connect(client: string): Promise<EventStreamReader> {
  const stream = await openEventStream(`${server.url}/events`, { "X-Forwarded-For": client });
  if (stream.response.status === 200) {
    open.push(stream);
    await stream.waitFor((message) => message.event === "ready");
  }
  return stream;
}

/** A stream request expected to be refused: its status, Retry-After and text. */
async function refusal(client: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/events`, {
    headers: { Accept: "text/event-stream", "X-Forwarded-For": client },
    signal: controller.signal,
  });
  if (response.status === 200) {
    controller.abort();
    return { status: 200, retryAfter: null, text: "" };
  }
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
}

describe("live update streams", () => {
  it("are capped per client address with a 429, and a closed stream frees its place", async () => {
    const busy = "192.0.2.1";
    for (let n = 0; n < LIVE_STREAMS_PER_CLIENT; n++) expect((await connect(busy)).response.status).toBe(200);
    expect(await refusal(busy)).toEqual({
      status: 429,
      retryAfter: "30",
      text: "Too many live connections from this address.",
    });

    expect((await connect("192.0.2.2")).response.status).toBe(200);

    open.shift()?.close();
    // Held from here on, so the count the next test starts from is exact.
    await expect.poll(async () => (await connect(busy)).response.status).toBe(200);
  });

  it("are capped for the whole process with a 503, while pages and health checks still answer", async () => {
    let client = 10;
    while (open.length < CAPACITY) expect((await connect(`192.0.2.${client++}`)).response.status).toBe(200);
    expect(await refusal(`192.0.2.${client}`)).toEqual({
      status: 503,
      retryAfter: "30",
      text: "Too many live connections.",
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
  });
});

import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "#tests/support/server";

let server: RunningServer;
let entryScript: string;

beforeAll(async () => {
  // No NODE_ENV, as `npm start` runs it; "info" to read the line that says it listens.
  server = await startServer({ LOG_LEVEL: "info" });
  const html = await (await fetch(`${server.url}/about`)).text();
  entryScript = /import\("(\/assets\/entry\.client-[\w-]+\.js)"\)/.exec(html)?.[1] ?? "";
});

afterAll(async () => {
  await server?.stop();
});

/** A raw GET: fetch() would decode the body and hide how it was sent. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("the production server", () => {
  it("runs React's production code when nobody set NODE_ENV", () => {
    const listening = server
      .logs()
      .split("\n")
      .find((line) => line.includes("Vantage is listening"));
    expect(JSON.parse(listening ?? "{}")).toMatchObject({ mode: "production" });
  });
});

describe("built scripts", () => {
  it("are sent precompressed: brotli when accepted, else Zopfli's gzip (smaller than level 9), else as they are", async () => {
    expect(entryScript).not.toBe("");
    const plain = await get(entryScript);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);

    const brotli = await get(entryScript, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await get(entryScript, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.body.length).toBeLessThan(zlib.gzipSync(plain.body, { level: 9 }).length);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);

    const refused = await get(entryScript, "br;q=0, gzip;q=0, identity");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it("never expose the compressed copies' own names or paths outside the assets folder", async () => {
    expect((await get(`${entryScript}.br`)).headers["content-encoding"]).toBeUndefined();
    expect((await get("/assets/..%2Fpackage.json", "br")).status).toBe(404);
    expect((await get("/assets/nope-123.js", "br")).status).toBe(404);
  });
});

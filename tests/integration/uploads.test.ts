import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { UPLOAD_ERRORS } from "#app/domain/admin-messages";
import { adminServer } from "#tests/support/admin-server";
import { sendRaw, type RawResponse } from "#tests/support/http";
import { residentBytes } from "#tests/support/memory";
import { readAll } from "#app/server/platform/streams.server";

interface UploadResult {
  id: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}

const server = adminServer();

function filesRoot(): string {
  return path.join(server.dataDir, "files");
}

/** Every stored key, on disk or in the bucket, leaving out writes in progress. */
function storedFiles(): Promise<string[]> {
  return server.storage.keys();
}

/** What writes cut off or refused left behind: temp files on disk, unfinished multipart uploads on S3. */
function halfWrittenFiles(): string[] {
  return server.storage.unfinishedWrites();
}

function uploadUrl(name: string, kind?: "image"): string {
  const query = new URLSearchParams({ name, ...(kind ? { kind } : {}) });
  return `${server.url}/uploads?${query}`;
}

function upload(
  name: string,
  body: Buffer | AsyncIterable<Uint8Array>,
  options: { kind?: "image"; cookie?: string | null; origin?: string } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { Origin: options.origin ?? server.url };
  const sessionCookie = options.cookie === undefined ? server.cookie : options.cookie;
  if (sessionCookie) headers.Cookie = sessionCookie;
  if (Buffer.isBuffer(body)) headers["Content-Length"] = String(body.byteLength);
  return sendRaw(uploadUrl(name, options.kind), { method: "POST", headers, body });
}

function json<T>(response: RawResponse): T {
  return JSON.parse(response.body.toString("utf8")) as T;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Yields `total` bytes in 64 KiB pieces, counting what the consumer actually took; with `hold`, stops
 * once `hold.after` bytes are sent until `hold.until` settles.
 */
function chunked(
  total: number,
  counter: { sent: number } = { sent: 0 },
  hold?: { after: number; until: Promise<void> },
): AsyncIterable<Uint8Array> {
  const piece = Buffer.alloc(64 * 1024, 0x61);
  return (async function* () {
    while (counter.sent < total) {
      if (hold && counter.sent === hold.after) await hold.until;
      const end = hold && counter.sent < hold.after ? hold.after : total;
      const size = Math.min(piece.byteLength, end - counter.sent);
      counter.sent += size;
      yield piece.subarray(0, size);
    }
  })();
}

/** A promise and what settles it, for a test to decide when something may go on. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Where a held upload stops until let go: three quarters of the largest file. */
const HELD_AFTER = (MAX_UPLOAD_BYTES / 4) * 3;
/** What storage must hold of a held upload: all it was sent but for the S3 part being filled (5 MiB). */
const STORED_BEFORE_THE_END = HELD_AFTER - 5 * 1024 * 1024;
/** Uploads held at once by the memory test. */
const AT_ONCE = 4;

describe("the upload size limit", () => {
  it("accepts exactly 20,000,000 bytes and stores them unchanged", async () => {
    const bytes = randomBytes(MAX_UPLOAD_BYTES);
    const before = await storedFiles();

    const response = await upload("footage.bin", bytes);

    expect(response.status).toBe(201);
    const result = json<UploadResult>(response);
    expect(result).toMatchObject({ size: MAX_UPLOAD_BYTES, name: "footage.bin" });
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.url).toBe(`/files/${result.id}/footage.bin`);
    const added = await (await storedFiles()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const stored = await readAll(server.storage.files.read(added[0] ?? ""));
    expect(stored.byteLength).toBe(MAX_UPLOAD_BYTES);
    expect(sha256(stored)).toBe(sha256(bytes));
    expect(halfWrittenFiles()).toEqual([]);
    const served = await fetch(`${server.url}${result.url}`, { method: "HEAD" });
    expect(served.headers.get("content-length")).toBe(String(MAX_UPLOAD_BYTES));
    expect(served.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
  });

  it("refuses 20,000,001 bytes sent with a Content-Length, and stores nothing", async () => {
    const before = await storedFiles();
    const response = await upload("too-big.bin", Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1));
    expect(response.status).toBe(413);
    expect(json<{ error: string }>(response).error).toBe(UPLOAD_ERRORS.tooLarge);
    expect(await storedFiles()).toEqual(before);
    expect(halfWrittenFiles()).toEqual([]);
  });

  it("answers 413 as soon as the headers announce too much, without waiting for any of the body", async () => {
    const before = await storedFiles();
    // A body that never comes: only an answer decided on the headers alone can arrive.
    const silent: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<Uint8Array>>(() => undefined) }),
    };
    const response = await sendRaw(uploadUrl("announced.bin"), {
      method: "POST",
      headers: { Origin: server.url, Cookie: server.cookie, "Content-Length": String(MAX_UPLOAD_BYTES + 1) },
      body: silent,
    });
    expect(response.status).toBe(413);
    expect(json<{ error: string }>(response).error).toBe(UPLOAD_ERRORS.tooLarge);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses 20,000,001 bytes streamed without a Content-Length, and stores nothing", async () => {
    const before = await storedFiles();
    const response = await upload("too-big.bin", chunked(MAX_UPLOAD_BYTES + 1));
    expect(response.status).toBe(413);
    expect(json<{ error: string }>(response).error).toBe(UPLOAD_ERRORS.tooLarge);
    expect(await storedFiles()).toEqual(before);
    expect(halfWrittenFiles()).toEqual([]);
  });

  it("stops reading an endless stream soon after the limit instead of taking it all", async () => {
    const before = await storedFiles();
    const counter = { sent: 0 };
    const response = await upload("endless.bin", chunked(50 * MAX_UPLOAD_BYTES, counter));
    expect(response.status).toBe(413);
    // Past the limit the server refuses at once, then reads on and throws away what keeps coming only
    // until the client has its answer (so that it can read it): how much that is depends on how soon a
    // client on a busy machine stops, but never more than a small part of the stream.
    expect(counter.sent).toBeLessThan(5 * MAX_UPLOAD_BYTES);
    expect(await storedFiles()).toEqual(before);
    expect(halfWrittenFiles()).toEqual([]);
  });

  it("writes an upload to storage as it arrives, not once all of it has come", async () => {
    const counter = { sent: 0 };
    const rest = gate();
    const sending = upload(
      "arriving.bin",
      chunked(MAX_UPLOAD_BYTES, counter, { after: HELD_AFTER, until: rest.opened }),
    );
    try {
      await expect.poll(() => counter.sent).toBe(HELD_AFTER);
      // Its last quarter is held back: only a server that writes as it reads has most of it stored by now.
      await expect.poll(() => server.storage.unfinishedBytes()).toBeGreaterThanOrEqual(STORED_BEFORE_THE_END);
    } finally {
      rest.open();
    }
    const response = await sending;
    expect(response.status).toBe(201);
    expect(json<UploadResult>(response).size).toBe(MAX_UPLOAD_BYTES);
    expect(halfWrittenFiles()).toEqual([]);
  });

  it("holds little of an upload in memory, however many arrive at once", async () => {
    // The first upload warms up code paths and allocator pools; growth is measured after it.
    expect((await upload("warm-up.bin", randomBytes(MAX_UPLOAD_BYTES))).status).toBe(201);
    const baseline = residentBytes(server.pid);
    const rest = gate();
    const sending = Array.from({ length: AT_ONCE }, (_, index) =>
      upload(`at-once-${index}.bin`, chunked(MAX_UPLOAD_BYTES, { sent: 0 }, { after: HELD_AFTER, until: rest.opened })),
    );
    let growth: number;
    try {
      await expect.poll(() => server.storage.unfinishedBytes()).toBeGreaterThanOrEqual(AT_ONCE * STORED_BEFORE_THE_END);
      growth = residentBytes(server.pid) - baseline;
    } finally {
      rest.open();
    }
    // A server that kept them would have grown by all they have sent; one that streams holds at most
    // the S3 part each is filling (a third of what it has sent) and what its collector has not yet freed.
    expect(growth).toBeLessThan((AT_ONCE * HELD_AFTER * 2) / 3);
    for (const response of await Promise.all(sending)) expect(response.status).toBe(201);
    expect(halfWrittenFiles()).toEqual([]);
  });
});

describe("who may upload", () => {
  it("refuses an anonymous upload with 401 and stores nothing", async () => {
    const before = await storedFiles();
    const response = await upload("anon.bin", randomBytes(256 * 1024), { cookie: null });
    expect(response.status).toBe(401);
    expect(json<{ error: string }>(response).error).toBe(UPLOAD_ERRORS.unauthenticated);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an upload sent from another site with 403 and stores nothing", async () => {
    const before = await storedFiles();
    const response = await upload("csrf.bin", randomBytes(256 * 1024), { origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("what an upload claims to be", () => {
  const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

  it("refuses HTML named evil.png as an image with 415 and the spec's message", async () => {
    const before = await storedFiles();
    const response = await upload("evil.png", html, { kind: "image" });
    expect(response.status).toBe(415);
    expect(json<{ error: string }>(response).error).toBe("Wrong format - images only (jpg, png, gif, etc.)");
    expect(await storedFiles()).toEqual(before);
    expect(halfWrittenFiles()).toEqual([]);
  });

  it("serves HTML named evil.png, uploaded as a plain file, as a download and never as a page", async () => {
    const response = await upload("evil.png", html);
    expect(response.status).toBe(201);
    const { url, contentType } = json<UploadResult>(response);
    expect(contentType).toBe("application/octet-stream");

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="evil\.png"/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(html);
  });
});

describe("file names", () => {
  it("keeps a name like ../../x from ever reaching the file system", async () => {
    const outside = [
      path.resolve(filesRoot(), "../../x"),
      path.resolve(filesRoot(), "../x"),
      path.resolve(filesRoot(), ".tmp/../../x"),
    ];
    const before = await storedFiles();
    // What is at those places already (another program's /tmp/x, say) must be just as it was after.
    const lookAt = (target: string) => fs.statSync(target, { throwIfNoEntry: false })?.mtimeMs ?? "absent";
    const outsideBefore = outside.map(lookAt);

    const response = await upload("../../x", Buffer.from("not where you think"));

    expect(response.status).toBe(201);
    const { id, url, name } = json<UploadResult>(response);
    expect(name).toBe("x");
    expect(url).toBe(`/files/${id}/x`);
    const added = await (await storedFiles()).filter((file) => !before.includes(file));
    expect(added).toEqual([`${id.slice(0, 2)}/${id}`]);
    expect(outside.map(lookAt)).toEqual(outsideBefore);

    const served = await fetch(`${server.url}${url}`);
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="x"; filename*=UTF-8''x`);
  });

  it("drops line breaks from a name, so it cannot add headers to the download", async () => {
    const response = await upload("report\r\nSet-Cookie: stolen=1.txt", Buffer.from("text"));
    expect(response.status).toBe(201);
    const { url, name } = json<UploadResult>(response);
    expect(name).toBe("reportSet-Cookie: stolen=1.txt");
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.getSetCookie()).toEqual([]);
    expect(served.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reportSet-Cookie: stolen=1\.txt"/,
    );
  });

  it("serves a name with umlauts and quotes with an ASCII fallback and the exact UTF-8 name (RFC 6266)", async () => {
    const original = 'Prüfbericht "März" 2026.pdf';
    const response = await upload(original, Buffer.from("%PDF-1.7\n% a test report\n"));
    expect(response.status).toBe(201);
    const { url, name } = json<UploadResult>(response);
    expect(name).toBe(original);
    expect(decodeURIComponent(url.split("/").pop() ?? "")).toBe(original);

    const served = await fetch(`${server.url}${url}`);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    const disposition = served.headers.get("content-disposition") ?? "";
    // Header values must be ASCII; the quotes inside the name must not end the quoted fallback early.
    expect(disposition).toMatch(/^[\x20-\x7e]+$/);
    const match = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(disposition);
    expect(match, disposition).not.toBeNull();
    expect(match?.[1]).toBe("Pr_fbericht _M_rz_ 2026.pdf");
    expect(decodeURIComponent(match?.[2] ?? "")).toBe(original);
  });
});

describe("serving stored files", () => {
  let png: Buffer;
  let fileUrl: string;

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const response = await upload("Red square.png", png, { kind: "image" });
    expect(response.status).toBe(201);
    fileUrl = `${server.url}${json<UploadResult>(response).url}`;
  });

  it("sends a real PNG inline with its sniffed type, length, validator and a year of caching", async () => {
    const response = await fetch(fileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(png.byteLength));
    expect(response.headers.get("etag")).toBe(`"${sha256(png)}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Red square\.png"/);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const etag = (await fetch(fileUrl, { method: "HEAD" })).headers.get("etag") ?? "";
    const response = await fetch(fileUrl, { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    // Caches may send several validators, and weak ones (RFC 9110 §13.1.2).
    const listed = await fetch(fileUrl, { headers: { "If-None-Match": `"something-else", W/${etag}` } });
    expect(listed.status).toBe(304);
    const other = await fetch(fileUrl, { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("serves a byte range with 206 and Content-Range", async () => {
    const response = await fetch(fileUrl, { headers: { Range: "bytes=0-99" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-99/${png.byteLength}`);
    expect(response.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png.subarray(0, 100));
  });

  it("answers a range past the end with 416", async () => {
    const response = await fetch(fileUrl, { headers: { Range: `bytes=${png.byteLength}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${png.byteLength}`);
  });

  it("answers an unknown id with 404", async () => {
    expect((await fetch(`${server.url}/files/${randomUUID()}/nothing.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/files/not-an-id`)).status).toBe(404);
  });
});

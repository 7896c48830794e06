import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS } from "#app/domain/images";
import { adminServer } from "#tests/support/admin-server";

interface Uploaded {
  id: string;
  url: string;
  contentType: string;
}

// Debug logs say each time a variant is made, which the concurrency test counts.
const server = adminServer({ LOG_LEVEL: "debug" });
/** 2400 × 1800, a photo-like picture (noise, so sizes differ by width). */
let large: Uploaded;
/** 200 × 150: smaller than every listed width. */
let small: Uploaded;

beforeAll(async () => {
  large = await upload("Large photo.png", await noisyPng(2400, 1800), "image");
  small = await upload("small.png", await noisyPng(200, 150), "image");
});

async function upload(name: string, body: Buffer, kind?: "image"): Promise<Uploaded> {
  const query = new URLSearchParams({ name, ...(kind ? { kind } : {}) });
  const response = await fetch(`${server.url}/uploads?${query}`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: server.cookie, "Content-Length": String(body.byteLength) },
    body: new Uint8Array(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Uploaded;
}

/** Random pixels, so that encoders cannot shrink the picture to nothing. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
  return sharp({ create: { width, height, channels: 3, background: "#000", noise } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function variantUrl(file: Uploaded, width: number | string): string {
  return `${server.url}/images/${file.id}/${width}.webp`;
}

function variantKey(fileId: string, width: number): string {
  return `variants/${fileId}/${width}`;
}

/** The variants stored for a file, named below its folder ("320", "4x3/320"). */
function storedVariants(fileId: string): Promise<string[]> {
  return server.storage.keys(`variants/${fileId}/`);
}

/** Buffers compared by hash: a deep comparison of every byte is slow and its failure unreadable. */
function sha256(bytes: Buffer | undefined): string {
  return createHash("sha256")
    .update(bytes ?? Buffer.alloc(0))
    .digest("hex");
}

async function fetchBytes(url: string, init?: RequestInit): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(url, init);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** How many times the server logged making this variant. */
function madeCount(fileId: string, width: number): number {
  return server
    .logs()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; fileId?: string; width?: number })
    .filter((entry) => entry.msg === "made an image variant" && entry.fileId === fileId && entry.width === width)
    .length;
}

describe("image variants", () => {
  it("serves a WebP of the asked width, the original's proportions kept, with long-lived caching", async () => {
    const { response, bytes } = await fetchBytes(variantUrl(large, 640));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}-640w"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 480 });
    // A variant is there to be smaller than the original.
    const original = await fetch(`${server.url}${large.url}`, { method: "HEAD" });
    expect(bytes.byteLength).toBeLessThan(Number(original.headers.get("content-length")));
  });

  it("stores a variant once and serves the stored copy afterwards", async () => {
    const first = await fetchBytes(variantUrl(large, 480));
    expect(first.response.status).toBe(200);
    const stored = variantKey(large.id, 480);
    expect(sha256(await server.storage.read(stored))).toBe(sha256(first.bytes));
    const writtenAt = await server.storage.modifiedAt(stored);

    const second = await fetchBytes(variantUrl(large, 480));
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    expect(sha256(second.bytes)).toBe(sha256(first.bytes));
    expect(await server.storage.modifiedAt(stored)).toEqual(writtenAt);
    expect(madeCount(large.id, 480)).toBe(1);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const etag = (await fetch(variantUrl(large, 320))).headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const response = await fetch(variantUrl(large, 320), { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("");
    const other = await fetch(variantUrl(large, 320), { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("answers HEAD with the headers of the variant and no body", async () => {
    const full = await fetchBytes(variantUrl(large, 1280));
    const head = await fetch(variantUrl(large, 1280), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(full.bytes.byteLength));
    expect(head.headers.get("etag")).toBe(full.response.headers.get("etag"));
    expect(await head.text()).toBe("");
  });

  it("never scales up: widths past the original's give the original's width, made and stored once", async () => {
    const largest = await fetchBytes(variantUrl(large, 1600));
    expect(await sharp(largest.bytes).metadata()).toMatchObject({ width: 1600, height: 1200 });

    const answers = await Promise.all([320, 960, 1600].map((width) => fetchBytes(variantUrl(small, width))));
    for (const { response, bytes } of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toMatch(/-200w"$/);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 200, height: 150 });
      expect(sha256(bytes)).toBe(sha256(answers[0]?.bytes));
    }
    expect(await storedVariants(small.id)).toEqual(["200"]);
  });

  it("turns a sideways-stored photo upright, as its EXIF orientation says", async () => {
    // Stored 400 wide and 200 high, shown rotated a quarter turn: 200 wide and 400 high.
    const jpeg = await sharp(await noisyPng(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = await upload("sideways.jpg", jpeg, "image");
    const { response, bytes } = await fetchBytes(variantUrl(photo, 320));
    expect(response.status).toBe(200);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ width: 200, height: 400 });
    expect(metadata.orientation ?? 1).toBe(1);
  });

  it("makes a new variant asked for by many at once a single time, and gives all the same bytes", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetchBytes(variantUrl(large, 960))));
    for (const { response, bytes } of answers) {
      expect(response.status).toBe(200);
      expect(sha256(bytes)).toBe(sha256(answers[0]?.bytes));
    }
    expect(await sharp(answers[0]?.bytes).metadata()).toMatchObject({ width: 960, height: 720 });
    expect(madeCount(large.id, 960)).toBe(1);
    expect(sha256(await server.storage.read(variantKey(large.id, 960)))).toBe(sha256(answers[0]?.bytes));
    expect(server.storage.unfinishedWrites()).toEqual([]);
  });

  it("answers 404 for widths that are not listed", async () => {
    for (const width of ["0", "321", "500", "2000", "99999", "abc", "640.5", "-640", "0640"]) {
      const response = await fetch(variantUrl(large, width));
      expect(response.status, width).toBe(404);
    }
    expect(await storedVariants(large.id)).toEqual(["1280", "1600", "320", "480", "640", "960"].sort());
    expect(VARIANT_WIDTHS).toEqual([320, 480, 640, 960, 1280, 1600]);
  });

  it("cuts a variant to a listed shape around the picture's centre, made once and stored beside the others", async () => {
    // 600 × 1200 in three bands: red above, green in the middle 450 rows, blue below. A 4:3 cut of
    // the full width (600 × 450) around the centre holds the green band and nothing else.
    const band = (background: string, height: number) =>
      sharp({ create: { width: 600, height, channels: 3, background } })
        .png()
        .toBuffer();
    const tall = await sharp({ create: { width: 600, height: 1200, channels: 3, background: "#000" } })
      .composite([
        { input: await band("#ff0000", 375), top: 0, left: 0 },
        { input: await band("#00ff00", 450), top: 375, left: 0 },
        { input: await band("#0000ff", 375), top: 825, left: 0 },
      ])
      .png()
      .toBuffer();
    const picture = await upload("tall.png", tall, "image");
    const cutUrl = (ratio: string, width: number | string) =>
      `${server.url}/images/${picture.id}/${ratio}/${width}.webp`;

    const { response, bytes } = await fetchBytes(cutUrl("4x3", 320));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}-4x3-320w"$/);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    const [red, green, blue] = (await sharp(bytes).stats()).channels;
    expect(green?.mean).toBeGreaterThan(230);
    expect(red?.max).toBeLessThan(60);
    expect(blue?.max).toBeLessThan(60);

    // Past the cut's own width: the cut at its full size, under every larger URL.
    for (const width of [640, 1600]) {
      const answer = await fetchBytes(cutUrl("16x9", width));
      expect(answer.response.headers.get("etag")).toMatch(/-16x9-600w"$/);
      expect(await sharp(answer.bytes).metadata()).toMatchObject({ width: 600, height: 338 });
    }
    const again = await fetchBytes(cutUrl("4x3", 320));
    expect(sha256(again.bytes)).toBe(sha256(bytes));
    expect(madeCount(picture.id, 320)).toBe(1);
    expect(await storedVariants(picture.id)).toEqual(["16x9/600", "4x3/320"]);

    // The original is as uploaded.
    const original = await fetchBytes(`${server.url}${picture.url}`);
    expect(sha256(original.bytes)).toBe(sha256(tall));

    // Only the listed shapes, spelled as listed.
    for (const ratio of ["1x1", "16X9", "16:9", "9x16", "constructor"]) {
      expect((await fetch(cutUrl(ratio, 320))).status, ratio).toBe(404);
    }
    expect((await fetch(cutUrl("4x3", 500))).status).toBe(404);
    expect(await storedVariants(picture.id)).toEqual(["16x9/600", "4x3/320"]);
  });

  it("answers 404 for unknown files and files that are not images", async () => {
    expect((await fetch(`${server.url}/images/${randomUUID()}/640.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/not-an-id/640.webp`)).status).toBe(404);

    const pdf = await upload("datasheet.pdf", Buffer.from("%PDF-1.7\n% a data sheet\n"));
    expect(pdf.contentType).toBe("application/pdf");
    expect((await fetch(variantUrl(pdf, 640))).status).toBe(404);
    expect((await fetch(`${server.url}/images/${pdf.id}/16x9/640.webp`)).status).toBe(404);
    expect(await storedVariants(pdf.id)).toEqual([]);
  });

  it("refuses to decode an image of more pixels than the limit, which is still served as uploaded", async () => {
    // 42 megapixels of one colour: a few hundred kilobytes that would decode to 126 MB.
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#336699" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const uploaded = await upload("huge.png", bomb, "image");
    expect((await fetch(variantUrl(uploaded, 640))).status).toBe(404);
    expect(await storedVariants(uploaded.id)).toEqual([]);
    expect((await fetch(`${server.url}${uploaded.url}`, { method: "HEAD" })).status).toBe(200);
  });

  it("sends the browser to the original when an image cannot be converted", async () => {
    // The header is intact (so the size is known), the pixel data is not.
    const png = await noisyPng(600, 400);
    const broken = Buffer.concat([png.subarray(0, 200), Buffer.alloc(png.byteLength - 200, 0)]);
    const uploaded = await upload("broken.png", broken, "image");
    const response = await fetch(variantUrl(uploaded, 320), { redirect: "manual" });
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(uploaded.url);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await server.storage.modifiedAt(variantKey(uploaded.id, 320))).toBeNull();
  });
});

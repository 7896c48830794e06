import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_ERRORS } from "#app/domain/admin-messages";
import { adminEnv, sendRaw, signIn } from "#tests/support/http";
import { startS3Server, type S3TestServer } from "#tests/support/s3";
import { startServer, type RunningServer } from "#tests/support/server";
import { testStorageKind } from "#tests/support/storage";

// Storage that fails once an upload's bytes have all come: a files folder that cannot take them, or an
// S3 server that went down. The uploader gets a prompt, clear 503; nothing is left half-written.

const kind = testStorageKind();
let s3: S3TestServer | undefined;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  s3 = kind === "s3" ? await startS3Server() : undefined;
  server = await startServer({ ...adminEnv(), ...(s3?.env("site") ?? {}), LOG_LEVEL: "info" });
  ({ cookie } = await signIn(server.url));
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

function upload(body: Buffer) {
  return sendRaw(`${server.url}/uploads?name=notes.txt`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, "Content-Length": String(body.byteLength) },
    body,
  });
}

/**
 * Breaks the storage until the returned function mends it. In a folder, every place a new file could
 * be moved to once written is taken by a plain file, so the write fails after its last byte (root, which
 * runs CI, ignores permissions); on S3, the server cuts every connection.
 */
function breakStorage(): () => void {
  if (s3) {
    s3.setDown(true);
    return () => s3?.setDown(false);
  }
  const root = path.join(server.dataDir, "files");
  const blockers: string[] = [];
  for (let byte = 0; byte < 256; byte++) {
    const place = path.join(root, byte.toString(16).padStart(2, "0"));
    if (fs.existsSync(place)) continue;
    fs.writeFileSync(place, "");
    blockers.push(place);
  }
  return () => blockers.forEach((place) => fs.rmSync(place));
}

describe(`an upload whose storage (${kind}) fails after its last byte`, () => {
  it("is answered 503 with the reason and Retry-After, logged as an error, and leaves nothing behind", async () => {
    const mend = breakStorage();
    try {
      const answer = await upload(Buffer.alloc(64 * 1024, 0x61));
      expect(answer.status).toBe(503);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body.toString("utf8"))).toEqual({
        error: UPLOAD_ERRORS.storageFailed,
        code: "storageFailed",
      });
    } finally {
      mend();
    }
    expect(server.logs()).toContain("storing an upload failed");
    expect(server.logs()).not.toContain("upload abandoned by the client");
    expect(server.storage.unfinishedWrites()).toEqual([]);
    expect(await server.storage.keys()).toEqual([]);
  });

  it("works again once the storage is back", async () => {
    const answer = await upload(Buffer.from("back again"));
    expect(answer.status).toBe(201);
    const { url } = JSON.parse(answer.body.toString("utf8")) as { url: string };
    const stored = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie } });
    expect(await stored.text()).toBe("back again");
  });
});

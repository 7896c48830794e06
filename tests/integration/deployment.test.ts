import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { openStorage, storageLocation } from "#app/server/runtime/storage-location.server";
import { adminEnv, signIn } from "#tests/support/http";
import { createDatabase } from "#tests/support/postgres";
import { startS3Server, type S3TestServer } from "#tests/support/s3";
import { startServer, type RunningServer } from "#tests/support/server";

const root = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
const running: RunningServer[] = [];

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-deploy-"));
  folders.push(folder);
  return folder;
}

async function instance(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ ...adminEnv(), ...env });
  running.push(server);
  return server;
}

/** Whether `cookie` is a live admin session on `server`: the dashboard answers instead of redirecting. */
async function signedInOn(server: RunningServer, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  return response.status === 200;
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("several instances on one PostgreSQL database", () => {
  let databaseUrl: string;
  let storage: string;
  let first: RunningServer;
  let second: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    databaseUrl = await createDatabase(inject("postgresAdminUrl"), `deploy_${Date.now().toString(36)}`);
    storage = tempFolder();
    const shared = { DATABASE_URL: databaseUrl, STORAGE_URL: `file://${storage}` };
    first = await instance({ ...shared, DATA_DIR: tempFolder() });
    second = await instance({ ...shared, DATA_DIR: tempFolder() });
    ({ cookie } = await signIn(first.url));
  });

  it("share sessions and files when they share the database and the storage, without AUTH_SECRET", async () => {
    expect(await signedInOn(second, cookie)).toBe(true);
    const uploaded = await fetch(`${first.url}/uploads?name=shared.txt`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: first.url },
      body: "stored by the first instance",
    });
    expect(uploaded.status).toBe(201);
    const { id, url } = (await uploaded.json()) as { id: string; url: string };
    const created = await fetch(`${first.url}/dashboard/downloads/new`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ description: "Shared manual", fileId: id }),
    });
    expect(created.status).toBe(200);
    const served = await fetch(`${second.url}${url}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("stored by the first instance");
  });

  it("refuse to start an instance with its own file storage", async () => {
    const start = instance({ DATABASE_URL: databaseUrl, DATA_DIR: tempFolder() });
    await expect(start).rejects.toThrow(/every instance must use the same storage/);
  });

  it("refuse to start an instance with another AUTH_SECRET while sessions live, and take it once all are signed out", async () => {
    const otherSecret = { AUTH_SECRET: "another secret of at least thirty-two characters" };
    const shared = { DATABASE_URL: databaseUrl, STORAGE_URL: `file://${storage}`, DATA_DIR: tempFolder() };
    await expect(instance({ ...shared, ...otherSecret })).rejects.toThrow(
      /every instance must share the same AUTH_SECRET/,
    );

    const output = execFileSync(process.execPath, ["scripts/admin.js", "sign-out-all"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, DATA_DIR: shared.DATA_DIR, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(output).toMatch(/^Signed everyone out \(\d+ sessions? ended\)\.$/m);
    expect(await signedInOn(first, cookie)).toBe(false);

    const renewed = await instance({ ...shared, ...otherSecret, LOG_LEVEL: "warn" });
    expect(renewed.logs()).toContain("The session secret changed");
    const fresh = await signIn(renewed.url);
    expect(await signedInOn(renewed, fresh.cookie)).toBe(true);
  });
});

describe("an older install's generated secret", () => {
  it("is taken over into the database, so sessions survive the upgrade and later restarts", async () => {
    const dataDir = tempFolder();
    const legacySecret = "a secret an older version generated into DATA_DIR";
    fs.writeFileSync(path.join(dataDir, "auth-secret"), legacySecret);
    const before = await instance({ DATA_DIR: dataDir });
    const { cookie } = await signIn(before.url);
    // The session cookie is `token.signature`, the signature an HMAC of the token with the secret.
    const signed = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
    const dot = signed.lastIndexOf(".");
    const expected = createHmac("sha256", legacySecret).update(signed.slice(0, dot)).digest("base64");
    expect(signed.slice(dot + 1)).toBe(expected);
    await before.stop();
    expect(fs.existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
    const after = await instance({ DATA_DIR: dataDir });
    expect(await signedInOn(after, cookie)).toBe(true);
  });
});

describe("files in an S3 bucket", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("refuse a start whose bucket is missing, unreachable or not allowed, with a message naming it", async () => {
    const attempts = [
      {
        env: { ...s3.env(), STORAGE_URL: "s3://no-such-bucket" },
        expected: /no-such-bucket\/ at http:\/\/127\.0\.0\.1/,
      },
      // s3rver checks the key's name, not the signature.
      { env: { ...s3.env(), AWS_ACCESS_KEY_ID: "NOT-A-KEY" }, expected: /access is denied; check AWS_ACCESS_KEY_ID/ },
      { env: { ...s3.env(), AWS_ENDPOINT_URL: "http://127.0.0.1:9" }, expected: /ECONNREFUSED|connect/ },
    ];
    for (const { env, expected } of attempts) {
      const failure = await startServer({ ...env, DATA_DIR: tempFolder() }).then(
        async (server) => {
          await server.stop();
          return "started";
        },
        (error: unknown) => String(error),
      );
      expect(failure).toMatch(/The file storage s3:\/\/\S+ .*cannot be used: /);
      expect(failure).toMatch(expected);
    }
  });

  it("have uploads a crash cut off aborted by the sweep once a day old, under this site's prefix only", async () => {
    const env = s3.env("site");
    const client = new S3Client({
      endpoint: env.AWS_ENDPOINT_URL,
      region: env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? "", secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? "" },
    });
    // What a process killed in the middle of a multipart upload leaves: a begun upload with a part.
    const begin = async (key: string) => {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
      await client.send(
        new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024, 1) }),
      );
      return UploadId ?? "";
    };
    const crashed = await begin("site/ab/crashed");
    const inProgress = await begin("site/ab/in-progress");
    const otherSite = await begin("elsewhere/ab/crashed");
    s3.ageUpload(crashed, 2);
    s3.ageUpload(otherSite, 2);

    const storage = await openStorage(storageLocation(parseEnv({ ...env, DATA_DIR: tempFolder() })));
    expect(await storage.sweepInterrupted()).toBe(1);
    expect(s3.unfinishedUploads().sort()).toEqual([inProgress, otherSite].sort());
    client.destroy();
  });
});

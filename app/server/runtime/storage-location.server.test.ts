import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../platform/env.server";
import { describeStorage, storageLocation } from "./storage-location.server";

describe("STORAGE_URL", () => {
  it("is the data folder's files/ when unset, and a folder as a path or a file:// URL", () => {
    expect(storageLocation(parseEnv({ DATA_DIR: "/srv/vantage" }))).toEqual({
      kind: "disk",
      root: "/srv/vantage/files",
    });
    expect(storageLocation(parseEnv({ STORAGE_URL: "/mnt/shared" }))).toEqual({ kind: "disk", root: "/mnt/shared" });
    expect(storageLocation(parseEnv({ STORAGE_URL: "file:///mnt/shared" }))).toEqual({
      kind: "disk",
      root: path.normalize("/mnt/shared"),
    });
  });

  it("names an S3 bucket, an optional key prefix, and takes the standard AWS variables", () => {
    const env = parseEnv({
      STORAGE_URL: "s3://vantage-files/site/prod/",
      AWS_ENDPOINT_URL: "http://127.0.0.1:9000",
      AWS_REGION: "eu-central-1",
      AWS_ACCESS_KEY_ID: "key",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
    const location = storageLocation(env);
    expect(location).toEqual({
      kind: "s3",
      bucket: "vantage-files",
      prefix: "site/prod/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret", sessionToken: undefined },
    });
    expect(describeStorage(location)).toBe("s3://vantage-files/site/prod/ at http://127.0.0.1:9000");
    // Amazon S3 itself: no endpoint, the SDK's own search for credentials, a region all the same.
    expect(storageLocation(parseEnv({ STORAGE_URL: "s3://vantage-files" }))).toEqual({
      kind: "s3",
      bucket: "vantage-files",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
    });
  });

  it("refuses what is neither a folder nor a bucket, with a message naming the mistake", () => {
    expect(() => parseEnv({ STORAGE_URL: "gs://bucket" })).toThrow(/STORAGE_URL: must be a folder/);
    expect(() => parseEnv({ STORAGE_URL: "s3://Not_A_Bucket" })).toThrow(
      /STORAGE_URL: "Not_A_Bucket" is not an S3 bucket name/,
    );
    expect(() => parseEnv({ STORAGE_URL: "s3://bucket/a//b" })).toThrow(/"a\/\/b" is not a key prefix/);
    expect(() => parseEnv({ AWS_ENDPOINT_URL: "ftp://x" })).toThrow(/AWS_ENDPOINT_URL/);
    expect(() => parseEnv({ AWS_ACCESS_KEY_ID: "key" })).toThrow(EnvError);
    expect(() => parseEnv({ AWS_ACCESS_KEY_ID: "key" })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
    );
  });
});

import path from "node:path";
import { DeploymentError } from "./deployment.server";
import { parseS3Url, type Env } from "../platform/env.server";
import type { S3Location } from "../files/s3-storage.server";
import { createLocalStorage, type FileStorage } from "../files/storage.server";

export type StorageLocation = { kind: "disk"; root: string } | ({ kind: "s3" } & S3Location);

/**
 * Where `STORAGE_URL` points: a folder (`file:///path` or `/path`; unset = `DATA_DIR/files`) or an
 * S3 bucket (`s3://BUCKET[/PREFIX]`), with the endpoint and region of the standard AWS variables.
 */
export function storageLocation(
  env: Pick<
    Env,
    | "STORAGE_URL"
    | "AWS_ENDPOINT_URL"
    | "AWS_REGION"
    | "AWS_ACCESS_KEY_ID"
    | "AWS_SECRET_ACCESS_KEY"
    | "AWS_SESSION_TOKEN"
    | "dataDir"
  >,
) {
  const url = env.STORAGE_URL;
  if (!url) return { kind: "disk", root: path.join(env.dataDir, "files") } satisfies StorageLocation;
  if (url.startsWith("s3://")) {
    const { bucket, prefix } = parseS3Url(url);
    return {
      kind: "s3",
      bucket,
      prefix,
      endpoint: env.AWS_ENDPOINT_URL,
      // S3-compatible servers rarely care, but the signature needs one.
      region: env.AWS_REGION ?? "us-east-1",
      // Unset: the SDK's own search (its config files, the machine's role).
      credentials:
        env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
          ? {
              accessKeyId: env.AWS_ACCESS_KEY_ID,
              secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
              sessionToken: env.AWS_SESSION_TOKEN,
            }
          : undefined,
    } satisfies StorageLocation;
  }
  return { kind: "disk", root: url.startsWith("file:") ? new URL(url).pathname : url } satisfies StorageLocation;
}

/**
 * The storage at `location`: a folder, or a bucket through the S3 client. The S3 client is a large
 * module: only a process that keeps its files in a bucket loads it.
 */
export async function openStorage(location: StorageLocation): Promise<FileStorage> {
  if (location.kind === "disk") return createLocalStorage(location.root);
  const { createS3Storage } = await import("../files/s3-storage.server");
  return createS3Storage(location);
}

/** How a log line or a message names the storage, without credentials. */
export function describeStorage(location: StorageLocation): string {
  return location.kind === "disk"
    ? location.root
    : `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ""}`;
}

/** The storage `env` names, once it answered: a start or a command stops with a message saying why not. */
export async function openCheckedStorage(env: Parameters<typeof storageLocation>[0]): Promise<FileStorage> {
  const location = storageLocation(env);
  const storage = await openStorage(location);
  await storage.ping().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new DeploymentError(`The file storage ${describeStorage(location)} cannot be used: ${reason}`);
  });
  return storage;
}

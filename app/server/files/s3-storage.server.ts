import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { INTERRUPTED_WRITE_AGE_MS, checkedKey, isSafeKey, type FileStorage, type StoredKey } from "./storage.server";

export interface S3Location {
  bucket: string;
  /** Put before every key: "" or a path ending in "/". */
  prefix: string;
  /** An S3-compatible server's address; unset means Amazon S3 itself. */
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Multipart pieces: S3's smallest (but for the last), so an upload in progress holds little. */
const PART_BYTES = 5 * 1024 * 1024;
const HEAD_BUCKET_STATUS: Record<number, string> = {
  301: "the bucket is in another region than AWS_REGION",
  400: "the request was refused; check AWS_REGION and AWS_ENDPOINT_URL",
  403: "access is denied; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY and the bucket's policy",
  404: "there is no such bucket",
};
/** DeleteObjects takes at most this many keys at once. */
const DELETE_BATCH = 1000;

/**
 * Files in an S3 bucket (or an S3-compatible server's). Objects appear whole or not at all (a single
 * PUT, or a multipart upload completed at the end), so a write cut off leaves no object behind, only
 * parts of an unfinished multipart upload, which `sweepInterrupted` aborts once they are a day old.
 */
export function createS3Storage(location: S3Location): FileStorage {
  const { bucket, prefix } = location;
  const client = s3Client(location);
  const objectKey = (key: string) => prefix + checkedKey(key);

  async function* objects(under: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix + under, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function deleteObjects(keys: string[]): Promise<void> {
    const result = await client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      throw new Error(`S3 did not delete ${failed.length} objects, e.g. ${failed[0]?.Key}: ${failed[0]?.Message}`);
    }
  }

  return {
    async write(key, source) {
      await uploadObject(client, bucket, objectKey(key), source as AsyncIterable<Uint8Array>);
    },

    read(key, range) {
      const output = new PassThrough();
      const abort = new AbortController();
      output.on("close", () => abort.abort());
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      client
        .send(command, { abortSignal: abort.signal })
        .then((object) => pipeline(object.Body as Readable, output))
        .catch((error: unknown) => {
          if (!output.destroyed) output.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      return output;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async deletePrefix(under) {
      if (!under.endsWith("/")) throw new Error(`A storage prefix must end in "/": ${under}`);
      let batch: string[] = [];
      for await (const { key } of objects(checkedKey(under))) {
        batch.push(key);
        if (batch.length === DELETE_BATCH) {
          await deleteObjects(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await deleteObjects(batch);
    },

    async *list(): AsyncGenerator<StoredKey> {
      for await (const { key, modifiedAt } of objects("")) {
        const own = key.slice(prefix.length);
        if (isSafeKey(own)) yield { key: own, modifiedAt };
      }
    },

    async sweepInterrupted() {
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListMultipartUploadsCommand({
              Bucket: bucket,
              Prefix: prefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          );
        } catch (error) {
          // Some S3-compatible servers keep no unfinished uploads to list; there is nothing to sweep.
          if (error instanceof S3ServiceException && error.name === "NotImplemented") return removed;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          const started = upload.Initiated?.getTime() ?? 0;
          if (!upload.Key || !upload.UploadId || Date.now() - started <= INTERRUPTED_WRITE_AGE_MS) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },

    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // HEAD answers carry no body, so the SDK cannot name what went wrong; the status can.
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const reason = status === undefined ? undefined : HEAD_BUCKET_STATUS[status];
        throw reason ? new Error(`${reason} (HTTP ${status})`) : error;
      }
    },
  };
}

/**
 * Streams `source` into one object: a single PUT when it fits in one part, else a multipart upload
 * whose parts are filled, one at a time, into the same buffer. Memory per upload stays at one part
 * whatever the file's size (lib-storage's uploader copies each part twice and keeps the copies for
 * the garbage collector: tens of megabytes per upload). Anything that fails, the source included,
 * aborts the multipart upload, and the source's own error is what the caller sees.
 */
async function uploadObject(client: S3Client, bucket: string, key: string, source: AsyncIterable<Uint8Array>) {
  const part = Buffer.allocUnsafeSlow(PART_BYTES);
  let filled = 0;
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];
  const sendPart = async () => {
    if (!uploadId) {
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: "application/octet-stream" }),
      );
      uploadId = created.UploadId;
      if (!uploadId) throw new Error("S3 began a multipart upload without naming it");
    }
    const PartNumber = parts.length + 1;
    const { ETag } = await client.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber,
        Body: part.subarray(0, filled),
      }),
    );
    parts.push({ ETag, PartNumber });
    filled = 0;
  };
  try {
    for await (const chunk of source) {
      let offset = 0;
      while (offset < chunk.byteLength) {
        const taken = Math.min(chunk.byteLength - offset, PART_BYTES - filled);
        part.set(chunk.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled === PART_BYTES) await sendPart();
      }
    }
    if (!uploadId) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: part.subarray(0, filled),
          ContentType: "application/octet-stream",
        }),
      );
      return;
    }
    if (filled > 0) await sendPart();
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    if (uploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        // What is left is swept later (sweepInterrupted); the caller needs the first failure.
        .catch(() => undefined);
    }
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
}

/**
 * The client, configured from the standard AWS variables (credentials, and whatever else the SDK
 * reads itself) plus the location's endpoint and region.
 */
function s3Client(location: S3Location): S3Client {
  // The pinned SDK supports this Node.js; its warning about later releases is not for an operator.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    credentials: location.credentials,
    // S3-compatible servers are addressed by path (http://host/bucket/key), not by a bucket's own host name.
    forcePathStyle: Boolean(location.endpoint),
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the
    // trailing checksums that newer SDKs add to every upload by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000 },
  });
}

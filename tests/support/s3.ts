import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** The environment that puts a server's files in this bucket, under `prefix` when given. */
  env(prefix?: string): Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted. */
  unfinishedUploads(): string[];
  /** The bytes of the parts those uploads have stored so far. */
  unfinishedBytes(): number;
  /** Makes an unfinished upload look begun `days` ago. */
  ageUpload(uploadId: string, days: number): void;
  /** While true, every request's connection is cut before it is answered: S3 down, as clients see it. */
  setDown(down: boolean): void;
  /** How many requests that store something (PUT, POST) the server has been sent so far. */
  writes(): number;
  stop(): Promise<void>;
}

/** s3rver accepts any credentials that sign consistently; these are its documented defaults. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its objects in a temp folder, with one
 * empty bucket. s3rver 3.7 lacks AbortMultipartUpload and ListMultipartUploads, which S3 and every
 * S3-compatible server used in production have; they are answered here the way S3 answers them, so tests
 * see what a refused upload leaves and what a sweep of unfinished ones finds.
 */
export async function startS3Server(bucket = "vantage-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-s3-"));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  answerOnlyOnceWritten(s3);
  await s3.configureBuckets();
  const uploadsDir = path.join(directory, bucket, "._S3rver_uploads");
  const unfinishedUploads = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []);
  // ListMultipartUploads, which s3rver lacks too: every unfinished upload, begun when its folder was made.
  const listUploads = (prefix: string) => {
    const uploads = unfinishedUploads().flatMap((id) => {
      const key = fs.readFileSync(path.join(uploadsDir, id, "key"), "utf8");
      const initiated = fs.statSync(path.join(uploadsDir, id)).mtime.toISOString();
      return key.startsWith(prefix)
        ? [`<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`]
        : [];
    });
    return `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`;
  };
  const answer = s3.callback();
  let down = false;
  let writes = 0;
  const server = http.createServer((req, res) => {
    if (req.method === "PUT" || req.method === "POST") writes++;
    if (down) {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? "/", "http://s3");
    const uploadId = url.searchParams.get("uploadId");
    if (req.method === "DELETE" && uploadId && /^[0-9a-f]{32}$/.test(uploadId)) {
      fs.rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    if (req.method === "GET" && url.pathname.replace(/\/$/, "") === `/${bucket}` && url.searchParams.has("uploads")) {
      res.writeHead(200, { "Content-Type": "application/xml" }).end(listUploads(url.searchParams.get("prefix") ?? ""));
      return;
    }
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: "us-east-1",
      ...CREDENTIALS,
    }),
    unfinishedUploads,
    unfinishedBytes: () =>
      unfinishedUploads()
        .flatMap((id) =>
          fs
            .readdirSync(path.join(uploadsDir, id))
            .filter((name) => /^\d+$/.test(name))
            .map((part) => path.join(uploadsDir, id, part)),
        )
        .reduce((total, part) => total + (fs.statSync(part, { throwIfNoEntry: false })?.size ?? 0), 0),
    ageUpload: (uploadId, days) => {
      const then = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      fs.utimesSync(path.join(uploadsDir, uploadId), then, then);
    },
    setDown: (value) => {
      down = value;
    },
    writes: () => writes,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What s3rver's file-system store (its `store`, undeclared in its types) is used here for. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putObject(object: { bucket: string; key: string }): Promise<{ size: number }>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: unknown): Promise<{ size: number }>;
}

/**
 * s3rver answers a PUT (an object or an upload's part) once the body has passed through its checksum,
 * before its file is flushed: a GET right after could read the object short, or empty, where S3
 * promises that a read after a write sees all of it. On a busy machine a server that checked an
 * image it had just stored was told it was no image. Here each answer waits until the file is whole.
 */
function answerOnlyOnceWritten(s3: S3rver): void {
  const store = (s3 as unknown as { store: FilesystemStore }).store;
  const putObject = store.putObject.bind(store);
  const putPart = store.putPart.bind(store);
  store.putObject = async (object) => {
    const stored = await putObject(object);
    await untilWritten(store.getResourcePath(object.bucket, object.key, "object"), stored.size);
    return stored;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const stored = await putPart(bucket, uploadId, partNumber, content);
    const uploads = store.getResourcePath(bucket, undefined, "uploads");
    await untilWritten(path.join(uploads, uploadId, String(partNumber)), stored.size);
    return stored;
  };
}

async function untilWritten(file: string, size: number): Promise<void> {
  for (let waited = 0; (fs.statSync(file, { throwIfNoEntry: false })?.size ?? -1) < size; waited++) {
    if (waited > 5_000) throw new Error(`s3rver never finished writing ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

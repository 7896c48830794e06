import { Transform, type Readable } from "node:stream";

/**
 * Everything a stream yields, as one buffer; or null, with the stream destroyed, once it passes
 * `limit` bytes (so a hostile source never gets more than that into memory).
 */
export async function readAll(stream: Readable): Promise<Buffer>;
export async function readAll(stream: Readable, limit: number): Promise<Buffer | null>;
export async function readAll(stream: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += piece.byteLength;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks);
}

/**
 * A piece at least this large is passed on as it is: copying it to join it would cost more than it
 * saves. Above React's pieces (12,288 characters, up to three bytes each: decision 042), below the
 * stylesheet every document shares (40 KB).
 */
const JOINED_BELOW_BYTES = 32 * 1024;

/**
 * Passes a stream's bytes on in one piece per turn of the event loop. React writes a page in pieces of
 * about 12 KB, all in the same turn when the page's data is in; each piece would otherwise cross
 * the response, the page cache's recorder and the compressor one by one. Large pieces (the
 * stylesheet every document shares) go on as they are, between the joined runs. Nothing waits longer
 * than the turn it was written in.
 */
export function oncePerTurn(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const pushPending = () => {
    let run: Buffer[] = [];
    const pushRun = () => {
      if (run.length > 0) stream.push(run.length === 1 ? run[0] : Buffer.concat(run));
      run = [];
    };
    for (const piece of pending) {
      if (piece.length < JOINED_BELOW_BYTES) {
        run.push(piece);
        continue;
      }
      pushRun();
      stream.push(piece);
    }
    pushRun();
    pending = [];
  };
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          pushPending();
        });
      }
      callback();
    },
    flush(callback) {
      pushPending();
      callback();
    },
  });
  return stream;
}

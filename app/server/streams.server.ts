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
 * Passes a stream's bytes on in one piece per turn of the event loop. React writes a page in pieces of
 * a few kilobytes, all in the same turn when the page's data is in; each piece would otherwise cross
 * the web stream React Router answers with, Express and the compressor one by one. Nothing waits longer
 * than the turn it was written in.
 */
export function oncePerTurn(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length === 0) return;
          const joined = Buffer.concat(pending);
          pending = [];
          stream.push(joined);
        });
      }
      callback();
    },
    flush(callback) {
      const rest = pending.length ? Buffer.concat(pending) : undefined;
      pending = [];
      callback(null, rest);
    },
  });
  return stream;
}

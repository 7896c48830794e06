import type { Readable } from "node:stream";

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

import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/**
 * How an answer is compressed as it is sent: brotli at quality 2 and gzip at zlib's default level.
 * Quality 2 costs a third of quality 4's CPU for 5% more bytes, and a page asked for again is sent
 * from the cache's own copies at quality 8 (decision 083). Brotli's window is 256 KB, not its default
 * 4 MB: a document is smaller than that, and twenty answers compressed at once each with a 4 MB
 * window cost more CPU than rendering the page (decision 056).
 */
export const SENT_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
} as const;

export const SENT_GZIP_LEVEL = zlib.constants.Z_DEFAULT_COMPRESSION;

/**
 * How the page cache compresses the copies it keeps of a page asked for again, made once and sent to
 * every later visitor: brotli at quality 8 and gzip at level 9. Brotli's quality 9 made copies
 * 0.2–0.4% smaller than 8 on the site's pages, at 94–124 ms of CPU a page against 1.4–5 ms
 * (`npm run bench:compression`, decision 057).
 */
export const KEPT_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 8,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
} as const;

const KEPT_GZIP_LEVEL = 9;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A whole page compressed with brotli's `params`, told the page's size. */
export function brotliPage(page: Buffer, params: Record<number, number>): Promise<Buffer> {
  return brotli(page, { params: { ...params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength } });
}

/** A whole page compressed as it would have been sent. */
export function compressAsSent(page: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br" ? brotliPage(page, SENT_BROTLI_PARAMS) : gzip(page, { level: SENT_GZIP_LEVEL });
}

/** A whole page compressed as the page cache keeps it for later visitors. */
export function compressToKeep(page: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br" ? brotliPage(page, KEPT_BROTLI_PARAMS) : gzip(page, { level: KEPT_GZIP_LEVEL });
}

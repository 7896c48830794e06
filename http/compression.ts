import zlib from "node:zlib";

/**
 * How an answer is compressed as it is sent: brotli at quality 4, the compression middleware's own
 * choice, and gzip at zlib's default level. Brotli's window is 256 KB, not its default 4 MB: a
 * document is smaller than that, and twenty answers compressed at once each with a 4 MB window cost
 * more CPU than rendering the page (decision 056).
 */
export const SENT_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
} as const;

export const SENT_GZIP_LEVEL = zlib.constants.Z_DEFAULT_COMPRESSION;

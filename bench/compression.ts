/**
 * What compressing a page costs, by setting: for each of the budget pages of the demo site, the CPU
 * of one compression of its HTML and the bytes it comes to. The settings in use (`http/compression.ts`:
 * as a page is sent, and the copies the page cache keeps) beside brotli's neighbouring qualities, so
 * that a setting is chosen by measurement. Each compression is made whole and alone, as the page cache
 * makes its copies, by the functions the server uses; twenty at once cost more (decision 056).
 * `npm run bench:compression`.
 */
import zlib from "node:zlib";
import { brotliPage, compressAsSent, compressToKeep, KEPT_BROTLI_PARAMS } from "../http/compression";
import { budgetPages, buildSite, startDemoSite, writeResult } from "./lib/site";

/** Compressions of each page with each setting; the slowest settings take a tenth of a second each. */
const ROUNDS = Number(process.env.BENCH_COMPRESSION_ROUNDS ?? 10);

type Setting = { name: string; compress: (page: Buffer) => Promise<Buffer> };

const SETTINGS: Setting[] = [
  { name: "sent: brotli 2, window 256 KB", compress: (page) => compressAsSent(page, "br") },
  { name: "sent: gzip 6", compress: (page) => compressAsSent(page, "gzip") },
  { name: "kept: brotli 8, window 256 KB", compress: (page) => compressToKeep(page, "br") },
  { name: "kept: gzip 9", compress: (page) => compressToKeep(page, "gzip") },
  ...[4, 5, 9, 10, 11].map((quality) => ({
    name: `brotli ${quality}, window 256 KB`,
    compress: (page: Buffer) =>
      brotliPage(page, { ...KEPT_BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_QUALITY]: quality }),
  })),
];

export interface CompressionFigure {
  page: string;
  setting: string;
  plainBytes: number;
  bytes: number;
  /** CPU time (user and system) of one compression, median of the rounds. */
  cpuMs: number;
}

/** The process's CPU time (every thread's: the compression runs on the thread pool) for `run`. */
async function cpuMsOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function measureCompression(): Promise<CompressionFigure[]> {
  const site = await startDemoSite();
  try {
    const figures: CompressionFigure[] = [];
    for (const { name, path } of await budgetPages(site)) {
      const page = Buffer.from(await (await fetch(`${site.url}${path}`)).arrayBuffer());
      for (const setting of SETTINGS) {
        const bytes = (await setting.compress(page)).byteLength;
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) times.push(await cpuMsOf(() => setting.compress(page)));
        times.sort((a, b) => a - b);
        const cpuMs = Math.round((times[Math.floor(times.length / 2)] ?? 0) * 100) / 100;
        figures.push({ page: name, setting: setting.name, plainBytes: page.byteLength, bytes, cpuMs });
        console.log(`${name} · ${setting.name}: ${bytes} of ${page.byteLength} bytes, ${cpuMs} ms`);
      }
    }
    return figures;
  } finally {
    await site.stop();
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  writeResult("compression", await measureCompression());
}

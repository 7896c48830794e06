import { createRequire } from "node:module";
import { readAll } from "../platform/streams.server";
import { Worker } from "node:worker_threads";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { SPECS_TABLE_LIMITS } from "#app/domain/forms/product";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { MissingFileError, type FileService } from "../files/files.server";
import { workerSource, type SheetLimits } from "./spreadsheet-worker";
import type { Logger } from "../platform/logger.server";

/** Any spreadsheet that cannot be read, for whatever reason, reads to the admin as requirements §5's one message. */
export class SpreadsheetError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(ADMIN_MESSAGES.excelOnly, options);
    this.name = "SpreadsheetError";
  }
}

/** How much one parse may take. */
export interface SpreadsheetLimits extends SheetLimits {
  /** Wall-clock time before the worker is terminated. */
  timeoutMs: number;
  /** The worker's JavaScript heap (V8 old generation). */
  heapMb: number;
}

const DEFAULT_LIMITS: SpreadsheetLimits = {
  timeoutMs: 10_000,
  heapMb: 256,
  inflatedBytes: 128 * 1024 * 1024,
  maxRows: SPECS_TABLE_LIMITS.rows,
  maxColumns: SPECS_TABLE_LIMITS.columns,
  maxCellLength: SPECS_TABLE_LIMITS.cellLength,
  maxTotalLength: 1_000_000,
};

/** Parses at once; more wait their turn, so hostile uploads cannot take every core and all memory. */
const MAX_PARALLEL_PARSES = 2;

const EXTENSION = /\.xlsx?$/i;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

let xlsxPath: string | undefined;

/** Resolved from this module: the source file under vitest/tsx, a chunk under build/server/ in production. */
function resolveXlsx(): string {
  xlsxPath ??= createRequire(import.meta.url).resolve("xlsx");
  return xlsxPath;
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    // The slot passes straight to the next in line, so `running` never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * Runs one parse and settles only once its thread has exited, so a queue slot is free only when the
 * memory it held is: at most MAX_PARALLEL_PARSES workers ever exist together.
 */
function runWorker(bytes: Uint8Array, limits: SpreadsheetLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let outcome: { value: unknown } | { error: unknown } | undefined;
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { bytes, xlsxPath: resolveXlsx(), limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      // Nothing of the server's environment, and its output goes nowhere (xlsx may log to the console).
      env: {},
      stdout: true,
      stderr: true,
    });
    const stop = (result: { value: unknown } | { error: unknown }) => {
      outcome ??= result;
      void worker.terminate();
    };
    const timer = setTimeout(
      () => stop({ error: new Error(`spreadsheet parse took over ${limits.timeoutMs} ms`) }),
      limits.timeoutMs,
    );
    worker.stdout.resume();
    worker.stderr.resume();
    worker.once("message", (value: unknown) => stop({ value }));
    // A thrown error, or ERR_WORKER_OUT_OF_MEMORY when the heap limit is reached; "exit" follows.
    worker.once("error", (error) => stop({ error }));
    worker.once("exit", (code) => {
      clearTimeout(timer);
      if (outcome && "value" in outcome) resolve(outcome.value);
      else reject(outcome?.error ?? new Error(`spreadsheet worker exited with code ${code}`));
    });
  });
}

function isRows(value: unknown): value is string[][] {
  return (
    Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === "string"))
  );
}

/** Drops empty cells at the end of each row, then empty rows at the end of the sheet. */
function trimTrailingEmpties(rows: string[][]): string[][] {
  const trimmed = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1] === "") end -= 1;
    return row.slice(0, end);
  });
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1]?.length === 0) end -= 1;
  return trimmed.slice(0, end);
}

/**
 * The first sheet of an .xls or .xlsx as rows of the cells' displayed text (requirements §3 specsExcel), parsed
 * in a worker thread with a time and memory limit. Anything unreadable throws SpreadsheetError (and is
 * logged to `logger` when there is one). `limits` is for tests; callers leave it out.
 */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  { limits = {}, logger }: { limits?: Partial<SpreadsheetLimits>; logger?: Logger } = {},
): Promise<string[][]> {
  if (!EXTENSION.test(fileName.trim())) throw new SpreadsheetError();
  if (!startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, OLE2_MAGIC)) throw new SpreadsheetError();
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new SpreadsheetError();
  const effective = { ...DEFAULT_LIMITS, ...limits };
  let result: unknown;
  try {
    result = await inTurn(() => runWorker(bytes, effective));
  } catch (error) {
    logger?.info({ err: error, fileName }, "spreadsheet refused");
    throw new SpreadsheetError({ cause: error });
  }
  if (!isRows(result)) throw new SpreadsheetError();
  return trimTrailingEmpties(result);
}

/** Spreadsheets already uploaded, read by the id of their stored file. */
export function createSpreadsheetReader({ files, logger }: { files: FileService; logger: Logger }) {
  /**
   * Parses a stored file (staged or claimed) by its id, naming it by the name it was uploaded with.
   * Throws MissingFileError when there is no such file, SpreadsheetError when it is not a readable sheet.
   */
  async function parseStoredSpreadsheet(fileId: string): Promise<string[][]> {
    const file = await files.get(fileId);
    if (!file) throw new MissingFileError([fileId]);
    if (!EXTENSION.test(file.originalName.trim()) || file.size > MAX_UPLOAD_BYTES) throw new SpreadsheetError();
    const bytes = await readAll(files.open(file.storageKey), MAX_UPLOAD_BYTES);
    if (!bytes) throw new SpreadsheetError();
    return parseSpreadsheet(bytes, file.originalName, { logger });
  }

  return { parseStoredSpreadsheet };
}

import { createRequire } from "node:module";
import { readAll } from "./streams.server";
import { Worker } from "node:worker_threads";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { MissingFileError } from "./files.server";
import { runtime } from "./runtime.server";

/** Any spreadsheet that cannot be read, for whatever reason, reads to the admin as requirements §5's one message. */
export class SpreadsheetError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(ADMIN_MESSAGES.excelOnly, options);
    this.name = "SpreadsheetError";
  }
}

/** How much one parse may take. Beyond the caps a sheet is cut, not refused: a datasheet is far smaller. */
export interface SpreadsheetLimits {
  /** Wall-clock time before the worker is terminated. */
  timeoutMs: number;
  /** The worker's JavaScript heap (V8 old generation). */
  heapMb: number;
  /** All bytes inflated out of an .xlsx (a ZIP) together: a zip bomb stops here, outside the heap. */
  inflatedBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  /** All cell text together, so the stored JSON stays small whatever the shape of the sheet. */
  maxTotalLength: number;
}

const DEFAULT_LIMITS: SpreadsheetLimits = {
  timeoutMs: 10_000,
  heapMb: 256,
  inflatedBytes: 128 * 1024 * 1024,
  maxRows: 1000,
  maxColumns: 50,
  maxCellLength: 2000,
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

/**
 * The worker, as source text run with `eval: true`: no file to find next to the server bundle, and it
 * runs the same under Vite's build, vitest and tsx. Plain CommonJS; `xlsx` is loaded by absolute path.
 *
 * ZIP entries are inflated through Node's zlib with a running byte budget (`maxOutputLength`), because
 * inflated Buffers live outside the heap that `resourceLimits` caps: overlapping entries or one huge
 * entry end in an error instead of gigabytes of memory.
 */
const WORKER_SOURCE = `
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");
const XLSX = require(workerData.xlsxPath);
const limits = workerData.limits;

let inflateBudget = limits.inflatedBytes;
function BudgetedInflateRaw() {
  const inner = new zlib.InflateRaw({ maxOutputLength: Math.max(1, inflateBudget) });
  return {
    _finishFlushFlag: inner._finishFlushFlag,
    get bytesRead() { return inner.bytesWritten; },
    _processChunk(chunk, flushFlag) {
      const out = inner._processChunk(chunk, flushFlag);
      inflateBudget -= out.length;
      if (inflateBudget < 0) throw new Error("inflated size over the limit");
      return out;
    },
  };
}
XLSX.CFB.utils.use_zlib({ InflateRaw: BudgetedInflateRaw, deflateRawSync: zlib.deflateRawSync });

const input = workerData.bytes;
const book = XLSX.read(Buffer.from(input.buffer, input.byteOffset, input.byteLength), {
  type: "buffer",
  sheets: 0,
  sheetRows: limits.maxRows,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  bookDeps: false,
  dense: false,
});
const firstName = book.SheetNames[0];
const sheet = firstName === undefined ? undefined : book.Sheets[firstName];
const rows = [];
if (sheet && sheet["!ref"]) {
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const lastRow = Math.min(range.e.r, range.s.r + limits.maxRows - 1);
  const lastColumn = Math.min(range.e.c, range.s.c + limits.maxColumns - 1);
  let total = 0;
  for (let r = range.s.r; r <= lastRow && total < limits.maxTotalLength; ++r) {
    const row = [];
    for (let c = range.s.c; c <= lastColumn; ++c) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })];
      let text = "";
      if (cell && cell.t !== "z") {
        try { text = XLSX.utils.format_cell(cell); } catch { text = cell.v == null ? "" : String(cell.v); }
      }
      text = String(text ?? "").trim().slice(0, limits.maxCellLength);
      total += text.length;
      row.push(text);
    }
    rows.push(row);
  }
}
parentPort.postMessage(rows);
`;

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
    const worker = new Worker(WORKER_SOURCE, {
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
 * in a worker thread with a time and memory limit. Anything unreadable throws SpreadsheetError.
 * `limits` is for tests; callers leave it out.
 */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  limits: Partial<SpreadsheetLimits> = {},
): Promise<string[][]> {
  if (!EXTENSION.test(fileName.trim())) throw new SpreadsheetError();
  if (!startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, OLE2_MAGIC)) throw new SpreadsheetError();
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new SpreadsheetError();
  const effective = { ...DEFAULT_LIMITS, ...limits };
  let result: unknown;
  try {
    result = await inTurn(() => runWorker(bytes, effective));
  } catch (error) {
    runtimeLogger()?.info({ err: error, fileName }, "spreadsheet refused");
    throw new SpreadsheetError({ cause: error });
  }
  if (!isRows(result)) throw new SpreadsheetError();
  return trimTrailingEmpties(result);
}

function runtimeLogger() {
  try {
    return runtime().logger;
  } catch {
    // Parsing outside a started server (a script or a unit test) has nobody to log to.
    return undefined;
  }
}

/**
 * Parses a stored file (staged or claimed) by its id, naming it by the name it was uploaded with.
 * Throws MissingFileError when there is no such file, SpreadsheetError when it is not a readable sheet.
 */
export async function parseStoredSpreadsheet(fileId: string): Promise<string[][]> {
  const { files } = runtime();
  const file = await files.get(fileId);
  if (!file) throw new MissingFileError([fileId]);
  if (!EXTENSION.test(file.originalName.trim()) || file.size > MAX_UPLOAD_BYTES) throw new SpreadsheetError();
  const bytes = await readAll(files.open(file.storageKey), MAX_UPLOAD_BYTES);
  if (!bytes) throw new SpreadsheetError();
  return parseSpreadsheet(bytes, file.originalName);
}

import type * as Xlsx from "xlsx";
import type * as Zlib from "node:zlib";

// The code a spreadsheet worker thread runs. It is typed and linted here like any module, and runs
// there as the text of `readFirstSheet` (see workerSource): a worker started with `eval: true` has
// no file to find next to the server bundle, and runs the same under Vite's build, Vitest and tsx.
// So `readFirstSheet` may use only its parameters and the language itself: no imports, no helpers
// from this file, nothing from the module around it.

/** The parts of `xlsx` the worker uses; the package types `CFB` as `any`. */
interface XlsxApi {
  read: typeof Xlsx.read;
  utils: Pick<typeof Xlsx.utils, "decode_range" | "encode_cell" | "format_cell">;
  CFB: { utils: { use_zlib(zlib: { InflateRaw: unknown; deflateRawSync: typeof Zlib.deflateRawSync }): void } };
}

/** Node's raw-inflate stream as `cfb` drives it (through internals Node's types leave out). */
interface InflateRawInternals {
  _finishFlushFlag: number;
  bytesWritten: number;
  _processChunk(chunk: Buffer, flushFlag: number): Buffer;
}

/** How much of a sheet is read: beyond these a sheet is cut, not refused (a datasheet is far smaller). */
export interface SheetLimits {
  /** All bytes inflated out of an .xlsx (a ZIP) together: a zip bomb stops here, outside the heap. */
  inflatedBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  /** All cell text together, so the stored JSON stays small whatever the shape of the sheet. */
  maxTotalLength: number;
}

/**
 * The first sheet of `input` as rows of the cells' displayed text, cut to `limits`. ZIP entries are
 * inflated through Node's zlib with a running byte budget (`maxOutputLength`), because inflated
 * Buffers live outside the heap that the worker's `resourceLimits` caps: overlapping entries or one
 * huge entry end in an error instead of gigabytes of memory.
 */
export function readFirstSheet(zlib: typeof Zlib, XLSX: XlsxApi, input: Uint8Array, limits: SheetLimits): string[][] {
  let inflateBudget = limits.inflatedBytes;
  function BudgetedInflateRaw() {
    const inner = new zlib.InflateRaw({
      maxOutputLength: Math.max(1, inflateBudget),
    }) as unknown as InflateRawInternals;
    return {
      _finishFlushFlag: inner._finishFlushFlag,
      get bytesRead() {
        return inner.bytesWritten;
      },
      _processChunk(chunk: Buffer, flushFlag: number) {
        const out = inner._processChunk(chunk, flushFlag);
        inflateBudget -= out.length;
        if (inflateBudget < 0) throw new Error("inflated size over the limit");
        return out;
      },
    };
  }
  XLSX.CFB.utils.use_zlib({ InflateRaw: BudgetedInflateRaw, deflateRawSync: zlib.deflateRawSync });

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
  const rows: string[][] = [];
  const reference = sheet?.["!ref"];
  if (!sheet || !reference) return rows;
  const range = XLSX.utils.decode_range(reference);
  const lastRow = Math.min(range.e.r, range.s.r + limits.maxRows - 1);
  const lastColumn = Math.min(range.e.c, range.s.c + limits.maxColumns - 1);
  let total = 0;
  for (let r = range.s.r; r <= lastRow && total < limits.maxTotalLength; ++r) {
    const row: string[] = [];
    for (let c = range.s.c; c <= lastColumn; ++c) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as Xlsx.CellObject | undefined;
      let shown: unknown = "";
      if (cell && cell.t !== "z") {
        try {
          shown = XLSX.utils.format_cell(cell);
        } catch {
          shown = cell.v;
        }
      }
      const text = (shown === undefined || shown === null ? "" : String(shown)).trim().slice(0, limits.maxCellLength);
      total += text.length;
      row.push(text);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The worker's whole program: CommonJS, `xlsx` loaded from the absolute path in `workerData`. The
 * `__name` stub answers the helper esbuild adds to named functions when it keeps names (tsx does).
 */
export const workerSource = `"use strict";
var __name = (target) => target;
const { parentPort, workerData } = require("node:worker_threads");
const readFirstSheet = ${readFirstSheet.toString()};
parentPort.postMessage(
  readFirstSheet(require("node:zlib"), require(workerData.xlsxPath), workerData.bytes, workerData.limits),
);
`;

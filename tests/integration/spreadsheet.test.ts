import { randomBytes } from "node:crypto";
import type * as WorkerThreads from "node:worker_threads";
import zlib from "node:zlib";
import * as XLSX from "xlsx";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { parseSpreadsheet, SpreadsheetError } from "#app/server/import-export/spreadsheet.server";
import { adminServer } from "#tests/support/admin-server";
import { sendRaw } from "#tests/support/http";

/** Counts the parser's worker threads alive at once; they are real workers otherwise. */
const threads = vi.hoisted(() => ({ alive: 0, most: 0, started: 0 }));
vi.mock("node:worker_threads", async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  class CountedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      threads.started += 1;
      threads.alive += 1;
      threads.most = Math.max(threads.most, threads.alive);
      this.once("exit", () => (threads.alive -= 1));
    }
  }
  return { ...real, Worker: CountedWorker, default: { ...real, Worker: CountedWorker } };
});

type Cell = string | number | boolean | Date | null;

/** A workbook whose first sheet is `first`; a second sheet proves only the first one is read. */
function workbook(first: Cell[][], options: { formats?: Record<string, string> } = {}): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(first, { cellDates: true });
  for (const [address, format] of Object.entries(options.formats ?? {})) {
    const cell = sheet[address] as XLSX.CellObject | undefined;
    if (cell) cell.z = format;
  }
  XLSX.utils.book_append_sheet(book, sheet, "Specs");
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Second sheet"], ["not read"]]), "Other");
  return book;
}

function fileBytes(book: XLSX.WorkBook, bookType: "xlsx" | "biff8"): Buffer {
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

const DATASHEET: Cell[][] = [
  ["Sensor", '1/2.8" progressive scan CMOS', null],
  ["Weight", 1.5, "  "],
  [null, null],
  ["Price", 0.25],
  ["NDAA compliant", true],
  ["Released", new Date(Date.UTC(2024, 0, 15))],
  [null, null, null],
  [null],
];

interface ZipEntry {
  name: string;
  /** The bytes as they go into the archive. */
  stored: Buffer;
  method: 0 | 8;
  /** The size the headers declare once inflated. */
  size: number;
  crc: number;
}

function deflated(name: string, content: Buffer): ZipEntry {
  return { name, stored: zlib.deflateRawSync(content), method: 8, size: content.byteLength, crc: zlib.crc32(content) };
}

/** A plain ZIP archive (no data descriptors, no ZIP64) from ready entries, as an .xlsx is. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.stored.byteLength, 18);
    local.writeUInt32LE(entry.size >>> 0, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.stored.byteLength, 20);
    central.writeUInt32LE(entry.size >>> 0, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.stored);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + entry.stored.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a real .xlsx, to rebuild it with one part swapped for a hostile one. */
function xlsxParts(book: XLSX.WorkBook): Map<string, Buffer> {
  // Shared strings in their own part, as Excel writes them, so that part can be swapped.
  const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx", bookSST: true }) as Buffer;
  // xlsx types its bundled CFB library as `any`; this is the part of its container this test reads.
  const container: { FileIndex: { type: number; content?: Uint8Array }[]; FullPaths: string[] } = XLSX.CFB.read(bytes, {
    type: "buffer",
  });
  const parts = new Map<string, Buffer>();
  container.FileIndex.forEach((entry, index) => {
    const fullPath = container.FullPaths[index] ?? "";
    if (entry.type === 2 && entry.content) {
      parts.set(fullPath.replace(/^[^/]*\//, ""), Buffer.from(entry.content));
    }
  });
  return parts;
}

function rezip(parts: Map<string, Buffer>, replaced: Record<string, ZipEntry>): Buffer {
  return zip([...parts].map(([name, content]) => replaced[name] ?? deflated(name, content)));
}

/** One raw-deflate stream of `total` bytes made of `piece` repeated, built without holding it whole. */
async function deflatedRepeat(name: string, head: string, piece: string, total: number, tail = ""): Promise<ZipEntry> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflater.on("end", resolve).on("error", reject));
  const headBytes = Buffer.from(head);
  let crc = zlib.crc32(headBytes);
  deflater.write(headBytes);
  const block = Buffer.from(piece.repeat(Math.ceil((1024 * 1024) / piece.length)));
  let written = headBytes.byteLength;
  while (written < total) {
    const slice = block.subarray(0, Math.min(block.byteLength, total - written));
    crc = zlib.crc32(slice, crc);
    written += slice.byteLength;
    if (!deflater.write(slice)) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  const tailBytes = Buffer.from(tail);
  crc = zlib.crc32(tailBytes, crc);
  written += tailBytes.byteLength;
  deflater.end(tailBytes);
  await done;
  return { name, stored: Buffer.concat(out), method: 8, size: written, crc };
}

async function refusal(promise: Promise<unknown>): Promise<SpreadsheetError> {
  const error = await promise.then(
    () => new Error("expected the spreadsheet to be refused"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SpreadsheetError);
  expect((error as Error).message).toBe(ADMIN_MESSAGES.excelOnly);
  return error as SpreadsheetError;
}

/** After a refusal the parser (and this process) still works. */
async function stillParses(): Promise<void> {
  await expect(parseSpreadsheet(fileBytes(workbook([["still", "fine"]]), "xlsx"), "ok.xlsx")).resolves.toEqual([
    ["still", "fine"],
  ]);
}

describe("parseSpreadsheet", () => {
  it.each([
    ["xlsx", "specs.xlsx"],
    ["biff8", "SPECS.XLS"],
  ] as const)(
    "reads the first sheet of a %s file as its cells are shown, trailing empties trimmed",
    async (bookType, name) => {
      const book = workbook(DATASHEET, { formats: { B4: "0.00%", B6: "yyyy-mm-dd" } });

      const rows = await parseSpreadsheet(fileBytes(book, bookType), name);

      expect(rows).toEqual([
        ["Sensor", '1/2.8" progressive scan CMOS'],
        ["Weight", "1.5"],
        [],
        ["Price", "25.00%"],
        ["NDAA compliant", "TRUE"],
        ["Released", "2024-01-15"],
      ]);
    },
  );

  it("reads the demo catalog's shape: label and value rows", async () => {
    const demo = [
      ["Image sensor", '1/2.8" 4 MP progressive scan CMOS'],
      ["Lens", "2.8 mm fixed, F1.6"],
      ["Power", "PoE (802.3af, Class 3), 12 V DC ±25%"],
      ["Operating conditions", "-30 °C to +60 °C, humidity 95% or less (non-condensing)"],
    ];
    for (const bookType of ["xlsx", "biff8"] as const) {
      await expect(parseSpreadsheet(fileBytes(workbook(demo), bookType), "specs.xlsx")).resolves.toEqual(demo);
    }
  });

  it("gives an empty table for an empty first sheet", async () => {
    await expect(parseSpreadsheet(fileBytes(workbook([]), "xlsx"), "empty.xlsx")).resolves.toEqual([]);
  });

  it("cuts a sheet to 1000 rows, 50 columns and 2000 characters a cell", async () => {
    const wide = Array.from({ length: 1200 }, (_, row) =>
      Array.from({ length: 60 }, (_, column) => (row === 0 && column === 0 ? "x".repeat(3000) : `${row}:${column}`)),
    );

    const rows = await parseSpreadsheet(fileBytes(workbook(wide), "xlsx"), "big.xlsx");

    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.length === 50)).toBe(true);
    expect(rows[0]?.[0]).toBe("x".repeat(2000));
    expect(rows[999]?.[49]).toBe("999:49");
  });

  it.each(["specs.csv", "specs.xlsx.pdf", "specs", "xlsx"])("refuses a spreadsheet named %s", async (name) => {
    await refusal(parseSpreadsheet(fileBytes(workbook([["a"]]), "xlsx"), name));
  });

  it("refuses random bytes, even behind a ZIP or OLE2 signature", async () => {
    await refusal(parseSpreadsheet(randomBytes(4096), "specs.xlsx"));
    await refusal(parseSpreadsheet(new Uint8Array(), "specs.xlsx"));
    await refusal(parseSpreadsheet(Buffer.concat([Buffer.from("PK\x03\x04"), randomBytes(4096)]), "specs.xlsx"));
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await refusal(parseSpreadsheet(Buffer.concat([ole2, randomBytes(4096)]), "specs.xls"));
    await stillParses();
  });

  it("refuses a truncated file of either kind", async () => {
    const book = workbook(DATASHEET);
    for (const bookType of ["xlsx", "biff8"] as const) {
      const bytes = fileBytes(book, bookType);
      await refusal(parseSpreadsheet(bytes.subarray(0, Math.floor(bytes.byteLength / 2)), "specs.xlsx"));
    }
    await stillParses();
  });

  it("refuses a zip bomb without inflating it all", async () => {
    const parts = xlsxParts(workbook([["a", "b"]]));
    // 400 MB of spaces inside the first sheet, a few hundred KB on disk.
    const bomb = await deflatedRepeat(
      "xl/worksheets/sheet1.xml",
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      " ",
      400 * 1024 * 1024,
    );
    const bytes = rezip(parts, { "xl/worksheets/sheet1.xml": bomb });
    expect(bytes.byteLength).toBeLessThan(2_000_000);
    const before = process.memoryUsage().rss;

    const error = await refusal(parseSpreadsheet(bytes, "bomb.xlsx"));

    expect(String((error.cause as Error | undefined)?.message)).toMatch(/inflated size over the limit|larger than/);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    await stillParses();
  });

  it("refuses a zip whose parts each stay small but together inflate past the limit", async () => {
    const parts = xlsxParts(workbook([["a"]]));
    const piece = await deflatedRepeat("xl/media/part.bin", "", "A", 40 * 1024 * 1024);
    const extra = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        `xl/media/part${index}.bin`,
        { ...piece, name: `xl/media/part${index}.bin` },
      ]),
    );
    for (const name of Object.keys(extra)) parts.set(name, Buffer.alloc(0));

    await refusal(parseSpreadsheet(rezip(parts, extra), "parts.xlsx"));
    await stillParses();
  });

  it("refuses a shared-strings table too big for the worker's memory, and the process lives on", async () => {
    const parts = xlsxParts(workbook([["a"]]));
    const strings = await deflatedRepeat(
      "xl/sharedStrings.xml",
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      "<si><t>x</t></si>",
      120 * 1024 * 1024,
      "</sst>",
    );
    const bytes = rezip(parts, { "xl/sharedStrings.xml": strings });

    const error = await refusal(parseSpreadsheet(bytes, "strings.xlsx"));

    // The heap limit stops it; on a very busy machine the time limit may come first, which is as safe.
    const cause = error.cause as NodeJS.ErrnoException | undefined;
    expect(cause?.code === "ERR_WORKER_OUT_OF_MEMORY" || /took over/.test(String(cause?.message))).toBe(true);
    await stillParses();
  });

  it("gives up on a parse that takes longer than its time limit", async () => {
    const rows = Array.from({ length: 1000 }, (_, row) => Array.from({ length: 20 }, (_, column) => row * column));
    const bytes = fileBytes(workbook(rows), "xlsx");

    const error = await refusal(parseSpreadsheet(bytes, "slow.xlsx", { limits: { timeoutMs: 5 } }));

    expect(String((error.cause as Error | undefined)?.message)).toMatch(/took over 5 ms/);
    await stillParses();
  });

  it("gives up on a parse that needs more memory than its heap limit", async () => {
    const rows = Array.from({ length: 1000 }, (_, row) =>
      Array.from({ length: 50 }, (_, column) => `${row}-${column}`),
    );
    const bytes = fileBytes(workbook(rows), "xlsx");

    const error = await refusal(parseSpreadsheet(bytes, "heavy.xlsx", { limits: { heapMb: 4, timeoutMs: 30_000 } }));

    expect((error.cause as NodeJS.ErrnoException | undefined)?.code).toBe("ERR_WORKER_OUT_OF_MEMORY");
  });

  it("parses many files at once, each to its own rows, with a hostile one among them", async () => {
    const startedBefore = threads.started;
    threads.most = 0;
    const jobs = Array.from({ length: 8 }, (_, index) => {
      if (index === 3) return refusal(parseSpreadsheet(randomBytes(1000), "bad.xlsx")).then(() => null);
      const bookType = index % 2 === 0 ? "xlsx" : "biff8";
      return parseSpreadsheet(fileBytes(workbook([["file", index]]), bookType), `file-${index}.xlsx`);
    });

    const results = await Promise.all(jobs);

    results.forEach((rows, index) => expect(rows).toEqual(index === 3 ? null : [["file", String(index)]]));
    expect(threads.started - startedBefore).toBe(7);
    expect(threads.most).toBe(2);
    expect(threads.alive).toBe(0);
  });
});

describe("GET /dashboard/spreadsheet-preview on the built server", () => {
  const server = adminServer();

  async function upload(name: string, body: Buffer): Promise<string> {
    const response = await sendRaw(`${server.url}/uploads?${new URLSearchParams({ name })}`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: server.cookie, "Content-Length": String(body.byteLength) },
      body,
    });
    expect(response.status).toBe(201);
    return (JSON.parse(response.body.toString("utf8")) as { id: string }).id;
  }

  function preview(fileId: string, headers: Record<string, string> = { Cookie: server.cookie }) {
    return fetch(`${server.url}/dashboard/spreadsheet-preview?${new URLSearchParams({ fileId })}`, {
      headers,
      redirect: "manual",
    });
  }

  it("answers an uploaded spreadsheet's first sheet as rows", async () => {
    for (const [bookType, name] of [
      ["xlsx", "Specs.xlsx"],
      ["biff8", "Specs.xls"],
    ] as const) {
      const fileId = await upload(name, fileBytes(workbook(DATASHEET), bookType));

      const response = await preview(fileId);

      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = (await response.json()) as { rows: string[][] };
      expect(body.rows.slice(0, 2)).toEqual([
        ["Sensor", '1/2.8" progressive scan CMOS'],
        ["Weight", "1.5"],
      ]);
    }
  });

  it("answers 422 with the required message for a file that is no spreadsheet", async () => {
    for (const name of ["fake.xlsx", "notes.txt"]) {
      const fileId = await upload(name, randomBytes(2048));

      const response = await preview(fileId);

      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: ADMIN_MESSAGES.excelOnly });
    }
  });

  it("answers 422 for a zip bomb and a shared-strings bomb, and goes on serving", async () => {
    const parts = xlsxParts(workbook([["a"]]));
    const sheetBomb = await deflatedRepeat(
      "xl/worksheets/sheet1.xml",
      "<worksheet><sheetData>",
      " ",
      400 * 1024 * 1024,
    );
    const stringsBomb = await deflatedRepeat(
      "xl/sharedStrings.xml",
      "<sst>",
      "<si><t>x</t></si>",
      120 * 1024 * 1024,
      "</sst>",
    );
    const ids = await Promise.all([
      upload("bomb.xlsx", rezip(parts, { "xl/worksheets/sheet1.xml": sheetBomb })),
      upload("strings.xlsx", rezip(parts, { "xl/sharedStrings.xml": stringsBomb })),
    ]);

    const responses = await Promise.all(ids.map((id) => preview(id)));

    for (const response of responses) {
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: ADMIN_MESSAGES.excelOnly });
    }
    const fileId = await upload("after.xlsx", fileBytes(workbook([["still", "serving"]]), "xlsx"));
    expect(await (await preview(fileId)).json()).toEqual({ rows: [["still", "serving"]] });
  });

  it("answers 404 for an unknown file", async () => {
    expect((await preview("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await preview("not-an-id")).status).toBe(404);
  });

  it("sends an anonymous visitor to the login page", async () => {
    const fileId = await upload("Specs.xlsx", fileBytes(workbook(DATASHEET), "xlsx"));

    const response = await preview(fileId, {});

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(server.logs()).not.toMatch(/uncaught|unhandled/i);
  });
});

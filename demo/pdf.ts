/**
 * A minimal PDF writer for the demo documents: Letter pages, the standard Helvetica fonts (so nothing
 * is embedded), headings, paragraphs, bullet lists and two-column tables, wrapped and paginated. It
 * writes PDF 1.4 with a correct cross-reference table, so every viewer opens the result.
 */

export type PdfBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "table"; rows: readonly (readonly [string, string])[] };

export interface PdfDocument {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const BODY_SIZE = 10;
const LEADING = 14;
const TOP = PAGE_HEIGHT - 96;
const BOTTOM = 64;
const TABLE_VALUE_X = MARGIN + 170;
/** Helvetica averages about half an em per character; a little less keeps lines inside the margin. */
const CHAR_WIDTH = 0.52;
/** A fixed date keeps the output identical from run to run. */
const CREATION_DATE = "D:20260105090000Z";
const AUTHOR = "Vantage Security Systems";

interface Line {
  font: "F1" | "F2";
  size: number;
  x: number;
  text: string;
  /** Space above this line, in points. */
  before: number;
  gray?: number;
  /** A second column on the same baseline (tables). */
  right?: { x: number; text: string };
}

export function buildPdf(doc: PdfDocument): Uint8Array {
  const pages = paginate(layout(doc));
  const objects: string[] = [];
  /** Appends an object and returns its number (objects count from 1). */
  const add = (body: string) => objects.push(body);

  const catalogId = add("");
  const pagesId = add("");
  const regularId = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const boldId = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const infoId = add(
    `<< /Title ${pdfString(doc.title)} /Author ${pdfString(AUTHOR)} /Producer ${pdfString("Vantage demo catalog")} ` +
      `/CreationDate (${CREATION_DATE}) >>`,
  );
  const pageIds: number[] = [];
  pages.forEach((lines, index) => {
    const content = pageContent(doc.title, lines, index + 1, pages.length);
    const contentId = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources << /Font << /F1 ${regularId} 0 R /F2 ${boldId} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  });
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;

  // Every character below is one byte (latin1), so string lengths are byte offsets.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

function layout(doc: PdfDocument): Line[] {
  const lines: Line[] = [];
  const wrapWidth = (size: number, x: number) => Math.floor((PAGE_WIDTH - MARGIN - x) / (size * CHAR_WIDTH));
  wrap(doc.title, wrapWidth(20, MARGIN)).forEach((text, index) =>
    lines.push({ font: "F2", size: 20, x: MARGIN, text, before: index === 0 ? 0 : 24 }),
  );
  if (doc.subtitle) {
    for (const text of wrap(doc.subtitle, wrapWidth(11, MARGIN))) {
      lines.push({ font: "F1", size: 11, x: MARGIN, text, before: 18, gray: 0.35 });
    }
  }
  for (const block of doc.blocks) {
    switch (block.kind) {
      case "heading":
        lines.push({ font: "F2", size: 12, x: MARGIN, text: block.text, before: 26 });
        break;
      case "paragraph":
        wrap(block.text, wrapWidth(BODY_SIZE, MARGIN)).forEach((text, index) =>
          lines.push({ font: "F1", size: BODY_SIZE, x: MARGIN, text, before: index === 0 ? 18 : LEADING }),
        );
        break;
      case "bullets":
        block.items.forEach((item, itemIndex) =>
          wrap(item, wrapWidth(BODY_SIZE, MARGIN + 14)).forEach((text, index) =>
            lines.push({
              font: "F1",
              size: BODY_SIZE,
              x: MARGIN + 14,
              text: index === 0 ? `\u2022  ${text}` : `   ${text}`,
              before: index === 0 && itemIndex === 0 ? 18 : LEADING,
            }),
          ),
        );
        break;
      case "table":
        block.rows.forEach(([label, value], rowIndex) =>
          wrap(value, wrapWidth(BODY_SIZE, TABLE_VALUE_X)).forEach((text, index) =>
            lines.push({
              font: index === 0 ? "F2" : "F1",
              size: BODY_SIZE,
              x: MARGIN,
              text: index === 0 ? label : "",
              before: index === 0 ? (rowIndex === 0 ? 18 : LEADING + 2) : LEADING,
              right: { x: TABLE_VALUE_X, text },
            }),
          ),
        );
        break;
    }
  }
  return lines;
}

function paginate(lines: Line[]): Line[][] {
  const pages: Line[][] = [[]];
  let y = TOP;
  for (const line of lines) {
    let page = pages[pages.length - 1] as Line[];
    if (y - line.before < BOTTOM && page.length > 0) {
      page = [];
      pages.push(page);
      y = TOP;
      page.push({ ...line, before: 0 });
      continue;
    }
    y -= page.length === 0 ? 0 : line.before;
    page.push(line);
  }
  return pages;
}

function pageContent(title: string, lines: Line[], pageNumber: number, pageCount: number): string {
  const ops: string[] = [
    // Header band with the brand, and a rule above the footer.
    "0.043 0.231 0.435 rg",
    `0 ${PAGE_HEIGHT - 48} ${PAGE_WIDTH} 48 re f`,
    `BT /F2 16 Tf 1 g 1 0 0 1 ${MARGIN} ${PAGE_HEIGHT - 31} Tm ${pdfString("VANTAGE")} Tj ET`,
    `BT /F1 9 Tf 0.8 g 1 0 0 1 ${PAGE_WIDTH - MARGIN - 150} ${PAGE_HEIGHT - 30} Tm ${pdfString("AI Security Cameras")} Tj ET`,
    "0.8 G 0.5 w",
    `${MARGIN} 48 m ${PAGE_WIDTH - MARGIN} 48 l S`,
    `BT /F1 8 Tf 0.4 g 1 0 0 1 ${MARGIN} 34 Tm ${pdfString(`${AUTHOR} \u00b7 ${title}`)} Tj ET`,
    `BT /F1 8 Tf 0.4 g 1 0 0 1 ${PAGE_WIDTH - MARGIN - 60} 34 Tm ${pdfString(`Page ${pageNumber} of ${pageCount}`)} Tj ET`,
  ];
  let y = TOP;
  lines.forEach((line, index) => {
    if (index > 0) y -= line.before;
    const gray = line.gray ?? 0.1;
    if (line.text) {
      ops.push(`BT /${line.font} ${line.size} Tf ${gray} g 1 0 0 1 ${line.x} ${y} Tm ${pdfString(line.text)} Tj ET`);
    }
    if (line.right) {
      ops.push(`BT /F1 ${line.size} Tf ${gray} g 1 0 0 1 ${line.right.x} ${y} Tm ${pdfString(line.right.text)} Tj ET`);
    }
  });
  return ops.join("\n");
}

/** Greedy word wrap to `width` characters; a word longer than a line is cut. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (current) lines.push(current);
      lines.push(rest.slice(0, width));
      current = "";
      rest = rest.slice(width);
    }
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= width) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The WinAnsi bytes of the characters outside Latin-1 that the demo texts use. */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  "\u20ac": 0x80,
  "\u2026": 0x85,
  "\u2018": 0x91,
  "\u2019": 0x92,
  "\u201c": 0x93,
  "\u201d": 0x94,
  "\u2022": 0x95,
  "\u2013": 0x96,
  "\u2014": 0x97,
  "\u2122": 0x99,
};

/** A PDF literal string in WinAnsi encoding; characters it cannot show become "?". */
export function pdfString(text: string): string {
  let out = "(";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else {
      const byte = WIN_ANSI_EXTRAS[char] ?? (code >= 0xa0 && code <= 0xff ? code : 0x3f);
      out += `\\${byte.toString(8).padStart(3, "0")}`;
    }
  }
  return `${out})`;
}

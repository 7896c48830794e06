import { formatMessage } from "./messages.server";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { productTitle, type CatalogProduct } from "#app/domain/catalog-views";
import { catalogProductPath } from "#app/domain/paths";
import type { SiteSettings } from "#app/domain/site";
import type { SpecificationGroup } from "#app/domain/spec-attributes";

// The layout of a product's datasheet. Loaded when the first datasheet is made (datasheet.server.ts):
// the PDF library is a large module every start and every render thread would otherwise load for nothing.
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER = 40;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const BRAND = rgb(0.05, 0.3, 0.6);

/** What the PDF says: everything that, changed, makes another datasheet. */
export interface DatasheetContent {
  product: Pick<
    CatalogProduct,
    | "id"
    | "slug"
    | "model"
    | "name"
    | "description"
    | "specs"
    | "specsTable"
    | "ndaa"
    | "category"
    | "features"
    | "accessories"
  > & {
    imageFileId: string;
    /** The typed values, with their units, in their groups (decision 070). */
    specifications: SpecificationGroup[];
    /** Its lifecycle in a line (decision 072); none for an active product. */
    lifecycle: string | null;
  };
  site: Pick<SiteSettings, "companyName" | "contactEmail" | "copyrightHolder">;
  publicUrl: string;
  /** The copyright line's year: a new year makes a new datasheet. */
  year: number;
}

/** Writes pages top to bottom, starting a new one (with the footer) when the next line would not fit. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  private pages: PDFPage[] = [];
  private readonly supported: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.supported = new Set(regular.getCharacterSet());
    this.newPage();
  }

  /** Characters the standard fonts cannot draw become "?" instead of failing the whole datasheet. */
  clean(text: string): string {
    return Array.from(text.replace(/\t/g, " "))
      .map((char) => (this.supported.has(char.codePointAt(0) ?? 0) ? char : "?"))
      .join("");
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  /** Lines of `text` no wider than `width` at `size`, broken at spaces (a longer word is cut). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    // Lines first: the standard fonts have no line break either, and would draw it as "?".
    for (const paragraph of text.split(/\r?\n/).map((part) => this.clean(part))) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: typeof INK; indent?: number; after?: number } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const x = MARGIN + (options.indent ?? 0);
    for (const line of this.wrap(text, font, size, A4.width - MARGIN - x)) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.after ?? 4;
  }

  heading(text: string) {
    this.room(40);
    this.y -= 10;
    this.text(text, { size: 13, bold: true, color: BRAND, after: 6 });
  }

  /** A group's name over its rows, kept on the page of its first row. */
  subheading(text: string) {
    this.room(40);
    this.y -= 4;
    this.text(text.toUpperCase(), { size: 8.5, bold: true, color: MUTED, after: 2 });
  }

  /** A two-column row: the name in bold, the value wrapped beside it. */
  row(name: string, value: string) {
    const size = 9.5;
    const nameWidth = 150;
    const names = this.wrap(name, this.bold, size, nameWidth - 8);
    const values = this.wrap(value, this.regular, size, A4.width - 2 * MARGIN - nameWidth);
    const lines = Math.max(names.length, values.length);
    // A row that fits a page starts on one; a longer one runs on over as many as it needs.
    this.room(Math.min(lines * size * 1.4 + 4, A4.height / 2));
    for (let index = 0; index < lines; index++) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      const nameLine = names[index];
      const valueLine = values[index];
      if (nameLine) this.page.drawText(nameLine, { x: MARGIN, y: this.y, size, font: this.bold, color: INK });
      if (valueLine) {
        this.page.drawText(valueLine, { x: MARGIN + nameWidth, y: this.y, size, font: this.regular, color: INK });
      }
    }
    this.y -= 3;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.4,
      color: rgb(0.85, 0.87, 0.9),
    });
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number) {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.room(height + 8);
    this.y -= height;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.y -= 10;
  }

  /** The company's details and the page number at the foot of every page. */
  footers(left: string, right: string) {
    this.pages.forEach((page, index) => {
      const size = 8;
      page.drawLine({
        start: { x: MARGIN, y: MARGIN + 14 },
        end: { x: A4.width - MARGIN, y: MARGIN + 14 },
        thickness: 0.5,
        color: rgb(0.8, 0.82, 0.86),
      });
      const line = this.wrap(left, this.regular, size, A4.width - 2 * MARGIN - 60)[0] ?? "";
      page.drawText(line, { x: MARGIN, y: MARGIN, size, font: this.regular, color: MUTED });
      page.drawText(this.clean(right), { x: MARGIN, y: MARGIN - 11, size, font: this.regular, color: MUTED });
      const number = `Page ${index + 1} of ${this.pages.length}`;
      page.drawText(number, {
        x: A4.width - MARGIN - this.regular.widthOfTextAtSize(number, size),
        y: MARGIN,
        size,
        font: this.regular,
        color: MUTED,
      });
    });
  }
}

/** The PDF of `content`, its main picture (JPEG bytes) first. */
export async function renderDatasheet(content: DatasheetContent, picture: Buffer | null): Promise<Uint8Array> {
  const { product, site, publicUrl } = content;
  const doc = await PDFDocument.create();
  doc.setTitle(`${productTitle(product)} datasheet`);
  doc.setAuthor(site.companyName);
  doc.setSubject(`${product.model}: ${product.category.name}`);
  doc.setCreator(site.companyName);
  doc.setProducer(site.companyName);
  // A fixed date: the same product and settings make the same bytes.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(doc, regular, bold);

  writer.text(`${site.companyName}  |  Product datasheet`, { size: 9, color: MUTED, after: 8 });
  writer.text(product.model, { size: 24, bold: true, after: 2 });
  if (product.name) writer.text(product.name, { size: 14, after: 4 });
  writer.text(`Category: ${product.category.name}`, { size: 11, color: MUTED, after: 10 });
  if (picture) writer.image(await doc.embedJpg(picture), 300, 220);
  // English, as the whole datasheet is for now.
  writer.text(formatMessage(product.ndaa ? "productStatus.ndaaYes" : "productStatus.ndaaNo", ["en"]).text, {
    size: 10,
    bold: true,
    after: 8,
  });
  if (product.lifecycle) writer.text(`Lifecycle: ${product.lifecycle}`, { size: 10, bold: true, after: 8 });
  if (product.features.length) {
    writer.text(`Features: ${product.features.map((feature) => feature.label).join(", ")}`, { after: 8 });
  }
  if (product.description.trim()) {
    writer.heading("Description");
    writer.text(product.description);
  }
  if (product.specifications.length) {
    writer.heading("Specifications");
    for (const { group, rows } of product.specifications) {
      if (group) writer.subheading(group);
      for (const row of rows) writer.row(row.name, row.value);
    }
  }
  const table = product.specsTable ?? [];
  if (product.specs?.trim() || table.length) {
    writer.heading(product.specifications.length ? "More specifications" : "Specifications");
    if (product.specs?.trim()) writer.text(product.specs, { after: 8 });
    for (const cells of table) {
      const [name = "", ...rest] = cells.map((cell) => cell.trim());
      if (name || rest.some(Boolean)) writer.row(name, rest.filter(Boolean).join(" / "));
    }
  }
  if (product.accessories.length) {
    writer.heading("Accessories and related products");
    writer.text(product.accessories.map((accessory) => accessory.model).join(", "));
  }
  const pageUrl = `${publicUrl}${catalogProductPath(product)}`;
  writer.footers(
    `${site.companyName}  |  ${site.contactEmail}  |  ${pageUrl}`,
    `© ${content.year} ${site.copyrightHolder}. Specifications may change without notice.`,
  );
  return doc.save();
}

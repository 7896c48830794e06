/**
 * Values read out of specifications written as prose (decision 070): a datasheet line's value such as
 * "Smart IR, up to 30 m", "2.8–12 mm motorized varifocal, F1.4", "103°–30° (H), 55°–17° (V)",
 * "-30 °C to +60 °C, humidity 95%" or "IP67, TVS 6000 V surge protection", for the attribute its line
 * is of. What the product form reads is one value as typed (`readSpecValue`); this finds one inside
 * the words around it, and says so when it cannot.
 */
import type { AttributeDefinition, SpecValue } from "./spec-attributes";
import { convert, roundTo, UNITS, type Reading, type UnitId } from "./units";

/** A number as datasheets write it: "1,920" and "12,000" with thousands, "2.8" or "2,8" with decimals. */
const NUMBER = String.raw`[-+\u2212]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)`;

const UNIT_IDS = /* @__PURE__ */ Object.keys(UNITS) as UnitId[];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Every way a value of `unit` is written in a line, longest first, each with its unit: in the unit
 * itself or in the units kept only for reading (feet for metres, °F for °C), never in another unit
 * an attribute may be kept in ("4 mm lens" is no IR range in metres).
 */
function spellingsOf(unit: UnitId): { text: string; unit: UnitId }[] {
  const quantity = UNITS[unit].quantity;
  return (
    UNIT_IDS.filter((id) => UNITS[id].quantity === quantity && (id === unit || !UNITS[id].kept))
      .flatMap((id) => [UNITS[id].symbol, ...UNITS[id].spellings].map((text) => ({ text, unit: id })))
      // A sensor's size is written in inches with a quote ('1/2.8"'): in a line, a quote is never the unit.
      .filter(({ text }) => text !== '"' && text !== "'" && (text.length > 1 || /[a-z°]/i.test(text)))
      .sort((a, b) => b.text.length - a.text.length)
  );
}

/**
 * The ways `unit`'s quantity's units are written, as one alternative; a unit ends where no letter
 * goes on ("30 m" but not the "m" of "30 mm").
 */
function unitPattern(unit: UnitId): string {
  return String.raw`(?:${spellingsOf(unit)
    .map(({ text }) => escape(text))
    .join("|")})(?![a-z])`;
}

/** A number written with one of `unit`'s quantity's units: the number and the unit captured. */
function measurePattern(unit: UnitId): string {
  return String.raw`(${NUMBER})\s*(${unitPattern(unit)})`;
}

function unitOf(written: string, unit: UnitId): UnitId | undefined {
  const folded = written.toLowerCase();
  return spellingsOf(unit).find(({ text }) => text === written || text.toLowerCase() === folded)?.unit;
}

function numberOf(text: string): number {
  const signed = text.replace("\u2212", "-");
  // Commas between groups of three digits are thousands ("1,920"); another is a decimal point ("2,8").
  return Number(
    /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(signed) ? signed.replaceAll(",", "") : signed.replace(",", "."),
  );
}

/**
 * The part of a line about the horizontal, where it names one ("103°–30° (H), 55°–17° (V)" → "103°–30°"):
 * a field of view's line gives all three, and the horizontal is the one filters and the calculator use.
 */
function horizontalPart(text: string): string {
  const marked = /([^,;()]*)\((?:h|horizontal)\)/i.exec(text);
  return marked?.[1]?.trim() || text;
}

const NOT_FOUND = (attribute: AttributeDefinition) =>
  `No ${attribute.type === "range" ? "range" : "value"}${attribute.unit ? ` in ${UNITS[attribute.unit].symbol}` : ""} found`;

/**
 * The value of `attribute` a datasheet line's text holds, in the attribute's unit and decimals: a
 * number with a unit of its kind (the last one, where several are given: "Hi-PoE (60 W); max 45 W"
 * is drawn at most 45 W), a range ("2.8–12 mm", "-40 °C to +70 °C"; one value is a fixed range), the
 * choices whose labels it names, yes or no, or the text itself.
 */
export function valueInProse(attribute: AttributeDefinition, prose: string): Reading<SpecValue> {
  const text = horizontalPart(prose.replace(/\s+/g, " ").trim());
  if (!text) return { ok: false, message: "Empty" };
  const unit = attribute.unit;
  const kept = (value: number, from: UnitId | undefined) =>
    roundTo(unit && from ? convert(value, from, unit) : value, attribute.precision);
  switch (attribute.type) {
    case "number": {
      if (!unit) {
        const plain = new RegExp(NUMBER).exec(text);
        return plain
          ? { ok: true, value: kept(numberOf(plain[0]), undefined) }
          : { ok: false, message: NOT_FOUND(attribute) };
      }
      // Pixels given as the picture's size, "640 × 512" (before "1440 pixels" in "2560 × 1440 pixels"
      // could be taken for the width): 0.33 MP, 640 px across. A size states megapixels only when no
      // megapixels are written ("2560 × 1440 (4MP)" is 4 MP, as its maker rounds it).
      const size = unit === "MP" || unit === "px" ? /(\d{3,5})\s*[×x]\s*(\d{3,5})/.exec(text) : null;
      const matches = [...text.matchAll(new RegExp(measurePattern(unit), "gi"))];
      const last = matches.at(-1);
      if (size && (unit === "px" || !last)) {
        const [width, height] = [Number(size[1]), Number(size[2])];
        return { ok: true, value: kept(unit === "MP" ? (width * height) / 1e6 : width, undefined) };
      }
      if (!last) return { ok: false, message: NOT_FOUND(attribute) };
      return { ok: true, value: kept(numberOf(last[1] ?? ""), unitOf(last[2] ?? "", unit)) };
    }
    case "range": {
      const end = unit ? String.raw`(${NUMBER})\s*(${unitPattern(unit)})?` : `(${NUMBER})()`;
      const span = new RegExp(String.raw`${end}\s*(?:\u2013|\u2014|~|\bto\b|-)\s*${end}`, "i").exec(text);
      if (span) {
        const lowUnit = unit ? (span[2] ? unitOf(span[2], unit) : undefined) : undefined;
        const highUnit = unit ? (span[4] ? unitOf(span[4], unit) : undefined) : undefined;
        // A unit written once, after the second number, is both ends' ("2.8–12 mm").
        if (!unit || lowUnit || highUnit) {
          const low = kept(numberOf(span[1] ?? ""), lowUnit ?? highUnit);
          const high = kept(numberOf(span[3] ?? ""), highUnit ?? lowUnit);
          return { ok: true, value: low <= high ? [low, high] : [high, low] };
        }
      }
      const single = unit ? new RegExp(measurePattern(unit), "i").exec(text) : new RegExp(`(${NUMBER})`).exec(text);
      if (!single) return { ok: false, message: NOT_FOUND(attribute) };
      const value = kept(numberOf(single[1] ?? ""), unit ? unitOf(single[2] ?? "", unit) : undefined);
      return { ok: true, value: [value, value] };
    }
    case "choice": {
      const found = attribute.choices.filter((choice) =>
        new RegExp(String.raw`(?<![a-z0-9])${escape(choice.label)}(?![a-z0-9])`, "i").test(prose),
      );
      if (found.length === 0) return { ok: false, message: "None of its values named" };
      if (!attribute.multiple && found.length > 1) return { ok: false, message: "More than one of its values named" };
      return { ok: true, value: found.map((choice) => choice.id) };
    }
    case "boolean": {
      if (/^(yes|true|supported|included|built-in|✓)\b/i.test(text)) return { ok: true, value: true };
      if (/^(no|false|none|not supported|—|-)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, message: "Neither yes nor no" };
    }
    case "text":
      return { ok: true, value: prose.trim().slice(0, 500) };
  }
}

/** A line of a product's specifications: its text's "Name: value" lines, then its table's rows. */
export interface ProseLine {
  name: string;
  value: string;
}

/**
 * The lines of a product's specifications a value may be read from: each "Name: value" line of its
 * text, and each row of its table (the first cell the name, the others the value).
 */
export function proseLines(specs: string | null, table: readonly (readonly string[])[] | null): ProseLine[] {
  const lines: ProseLine[] = [];
  for (const line of (specs ?? "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name && value) lines.push({ name, value });
  }
  for (const [name = "", ...rest] of table ?? []) {
    const value = rest
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(" / ");
    if (name.trim() && value) lines.push({ name: name.trim(), value });
  }
  return lines;
}

/** Line names compare without letter case, spaces or punctuation ("Field-of-view" is "field of view"). */
export function foldLineName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** What a product's lines give for one attribute. */
export type ValueFound =
  | { found: "value"; value: SpecValue; line: ProseLine }
  | { found: "unreadable"; line: ProseLine; message: string }
  | { found: "none" };

/**
 * The value of `attribute` a product's lines hold: read from the first line named one of `names`
 * (in their order) that gives one; "unreadable" with the first such line's message when none does.
 */
export function valueInLines(
  attribute: AttributeDefinition,
  names: readonly string[],
  lines: readonly ProseLine[],
): ValueFound {
  const wanted = names.map(foldLineName).filter(Boolean);
  const named = wanted.flatMap((name) => lines.filter((line) => foldLineName(line.name) === name));
  let unreadable: ValueFound = { found: "none" };
  for (const line of named) {
    const read = valueInProse(attribute, line.value);
    if (read.ok) return { found: "value", value: read.value, line };
    if (unreadable.found === "none") unreadable = { found: "unreadable", line, message: read.message };
  }
  return unreadable;
}

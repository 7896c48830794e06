/**
 * The units a specification's numbers are kept and shown in (docs/decisions/070): what each is
 * called, what it measures, how it converts to the others of its quantity, and its UN/CEFACT common
 * code (what schema.org's `unitCode` takes).
 */

interface UnitInfo {
  /** What the site prints after a number ("mm", "°C"). */
  symbol: string;
  /** What a person calls it, for the dashboard's unit list. */
  name: string;
  /** Units of one quantity convert into each other; a unit alone in its quantity converts to none. */
  quantity: string;
  /** Value in the quantity's base unit = value × factor + offset. */
  factor: number;
  offset?: number;
  /** UN/CEFACT Recommendation 20 common code; absent when it has none (frames a second). */
  code?: string;
  /** The unit shown beside this one where a visitor expects both ("30 m (98 ft)"): see `alongsideOf`. */
  alongside?: string;
  /** An attribute may be kept in it (the others are for reading a value typed in them, and showing). */
  kept: boolean;
  /** How a typed value may write it besides its symbol, in lower case. */
  spellings: readonly string[];
}

export const UNITS = {
  mm: {
    symbol: "mm",
    name: "millimetres",
    quantity: "length",
    factor: 0.001,
    code: "MMT",
    kept: true,
    spellings: ["millimeter", "millimeters", "millimetre", "millimetres"],
  },
  m: {
    symbol: "m",
    name: "metres",
    quantity: "length",
    factor: 1,
    code: "MTR",
    alongside: "ft",
    kept: true,
    spellings: ["meter", "meters", "metre", "metres"],
  },
  ft: {
    symbol: "ft",
    name: "feet",
    quantity: "length",
    factor: 0.3048,
    code: "FOT",
    kept: false,
    spellings: ["feet", "foot", "'"],
  },
  in: {
    symbol: "in",
    name: "inches",
    quantity: "length",
    factor: 0.0254,
    code: "INH",
    kept: false,
    spellings: ["inch", "inches", '"'],
  },
  deg: {
    symbol: "°",
    name: "degrees (angle)",
    quantity: "angle",
    factor: 1,
    code: "DD",
    kept: true,
    spellings: ["deg", "degree", "degrees"],
  },
  degC: {
    symbol: "°C",
    name: "degrees Celsius",
    quantity: "temperature",
    factor: 1,
    code: "CEL",
    alongside: "degF",
    kept: true,
    spellings: ["c", "℃", "celsius"],
  },
  degF: {
    symbol: "°F",
    name: "degrees Fahrenheit",
    quantity: "temperature",
    factor: 5 / 9,
    offset: -160 / 9,
    code: "FAH",
    kept: false,
    spellings: ["f", "℉", "fahrenheit"],
  },
  W: {
    symbol: "W",
    name: "watts",
    quantity: "power",
    factor: 1,
    code: "WTT",
    kept: true,
    spellings: ["watt", "watts"],
  },
  V: {
    symbol: "V",
    name: "volts",
    quantity: "voltage",
    factor: 1,
    code: "VLT",
    kept: true,
    spellings: ["volt", "volts", "vdc", "vac"],
  },
  lux: { symbol: "lux", name: "lux", quantity: "illuminance", factor: 1, code: "LUX", kept: true, spellings: ["lx"] },
  fps: {
    symbol: "fps",
    name: "frames a second",
    quantity: "frame rate",
    factor: 1,
    kept: true,
    spellings: ["frames/s", "frame/s", "f/s"],
  },
  MP: {
    symbol: "MP",
    name: "megapixels",
    quantity: "megapixels",
    factor: 1,
    code: "E38",
    kept: true,
    spellings: ["megapixel", "megapixels", "mpx"],
  },
  px: {
    symbol: "px",
    name: "pixels",
    quantity: "pixels",
    factor: 1,
    code: "E37",
    kept: true,
    spellings: ["pixel", "pixels", "pixel(s)"],
  },
  kg: {
    symbol: "kg",
    name: "kilograms",
    quantity: "mass",
    factor: 1,
    code: "KGM",
    alongside: "lb",
    kept: true,
    spellings: ["kilogram", "kilograms"],
  },
  g: {
    symbol: "g",
    name: "grams",
    quantity: "mass",
    factor: 0.001,
    code: "GRM",
    alongside: "oz",
    kept: true,
    spellings: ["gram", "grams"],
  },
  lb: {
    symbol: "lb",
    name: "pounds",
    quantity: "mass",
    factor: 0.45359237,
    code: "LBR",
    kept: false,
    spellings: ["lbs", "pound", "pounds"],
  },
  oz: {
    symbol: "oz",
    name: "ounces",
    quantity: "mass",
    factor: 0.028349523125,
    code: "ONZ",
    kept: false,
    spellings: ["ounce", "ounces"],
  },
  dB: {
    symbol: "dB",
    name: "decibels",
    quantity: "level",
    factor: 1,
    code: "2N",
    kept: true,
    spellings: ["decibel", "decibels"],
  },
} as const satisfies Record<string, UnitInfo>;

export type UnitId = keyof typeof UNITS;

// Marked pure: pages that import this module for one formatter must not carry the table for nothing.
const UNIT_IDS = /* @__PURE__ */ Object.keys(UNITS) as UnitId[];

/** The units an attribute may be kept in, in the order the dashboard lists them. */
export const KEPT_UNITS: readonly UnitId[] = /* @__PURE__ */ UNIT_IDS.filter((id) => UNITS[id].kept);

export function isUnitId(value: string): value is UnitId {
  return Object.hasOwn(UNITS, value);
}

export function unitInfo(id: UnitId): UnitInfo {
  return UNITS[id];
}

/** `value` in `from` expressed in `to`; both must measure one quantity. */
export function convert(value: number, from: UnitId, to: UnitId): number {
  if (from === to) return value;
  const source: UnitInfo = UNITS[from];
  const target: UnitInfo = UNITS[to];
  if (source.quantity !== target.quantity) throw new Error(`${source.symbol} does not convert to ${target.symbol}`);
  const base = value * source.factor + (source.offset ?? 0);
  return (base - (target.offset ?? 0)) / target.factor;
}

/** Whether a value in `from` can be read as one in `to`. */
export function convertible(from: UnitId, to: UnitId): boolean {
  return UNITS[from].quantity === UNITS[to].quantity;
}

/** The unit a symbol or spelling names ("m", "metres", "° C", "℃"), by its symbol first, then without letter case. */
export function unitOfText(text: string): UnitId | undefined {
  const compact = text.trim().replace(/\s+/g, "");
  const exact = UNIT_IDS.find((id) => UNITS[id].symbol === compact);
  if (exact) return exact;
  const folded = compact.toLowerCase();
  return (
    UNIT_IDS.find((id) => UNITS[id].symbol.toLowerCase() === folded) ??
    UNIT_IDS.find((id) => (UNITS[id].spellings as readonly string[]).includes(folded))
  );
}

/** The minus sign typography uses, which screen readers read as "minus". */
const MINUS = "\u2212";

/**
 * How a language writes a measure (its numbers' decimals and thousands, and a range whose end is
 * negative: "−40 to 60"), its range's words split where its two ends go.
 */
export interface MeasureWords {
  /** The locale numbers are formatted in ("de": "2,8"). */
  locale: string;
  range: readonly [before: string, between: string, after: string];
  /**
   * A right-to-left language: each number with its unit is set apart as a left-to-right run (Unicode's
   * isolates), or "30 m" would read "m 30" and a range's words would scatter its ends.
   */
  rightToLeft: boolean;
}

export const ENGLISH_MEASURE_WORDS: MeasureWords = { locale: "en-US", range: ["", " to ", ""], rightToLeft: false };

/** `text` as one left-to-right run in right-to-left text: between Unicode's LRI and PDI. */
function leftToRight(text: string, words: MeasureWords): string {
  return words.rightToLeft ? `\u2066${text}\u2069` : text;
}

/**
 * One formatter a locale and precision, made when first asked for: making one costs about 20 µs, and a
 * catalog formats a few values of every product when it is read (their cards' values).
 */
const numberFormats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>();

function numberFormat(precision: number, locale: string): Intl.NumberFormat {
  const key = `${locale} ${precision}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: precision });
    numberFormats.set(key, format);
  }
  return format;
}

/** A digit other than zero, in the Latin, Arabic-Indic and Eastern Arabic-Indic digits locales write. */
const NONZERO_DIGIT = /[1-9\u0661-\u0669\u06f1-\u06f9]/;

/**
 * A number as the site prints it in `locale`: grouped thousands, at most `precision` decimals, a true
 * minus sign, none for a value that rounds to zero ("-0" is no number a reader knows; `signDisplay:
 * "negative"` says so too, but older browsers of the dashboard's form throw on it).
 */
export function formatNumber(value: number, precision: number, locale: string = ENGLISH_MEASURE_WORDS.locale): string {
  const text = numberFormat(precision, locale).format(value);
  return NONZERO_DIGIT.test(text) ? text.replace("-", MINUS) : text.replace("-", "");
}

/** How a number and its unit are joined: "30 m", "90°", "−30 °C". */
function withSymbol(number: string, unit: UnitId): string {
  return unit === "deg" ? `${number}°` : `${number} ${UNITS[unit].symbol}`;
}

/** The unit a visitor expects beside `unit`, if any. */
function alongsideOf(unit: UnitId): UnitId | undefined {
  const other = (UNITS[unit] as UnitInfo).alongside;
  return other !== undefined && isUnitId(other) ? other : undefined;
}

/** A value in its unit, with the one visitors expect beside it where there is one: "30 m (98 ft)". */
export function formatMeasure(
  value: number,
  unit: UnitId | undefined,
  precision: number,
  words: MeasureWords = ENGLISH_MEASURE_WORDS,
): string {
  const number = formatNumber(value, precision, words.locale);
  if (!unit) return leftToRight(number, words);
  const alongside = alongsideOf(unit);
  const main = leftToRight(withSymbol(number, unit), words);
  return alongside
    ? `${main} (${leftToRight(withSymbol(formatNumber(convert(value, unit, alongside), precision, words.locale), alongside), words)})`
    : main;
}

/** A range in its unit: "2.8–12 mm", "−40 to 60 °C (−40 to 140 °F)"; one value when both ends are one. */
export function formatRange(
  min: number,
  max: number,
  unit: UnitId | undefined,
  precision: number,
  words: MeasureWords = ENGLISH_MEASURE_WORDS,
): string {
  const span = (low: number, high: number, in_: UnitId | undefined) => {
    const from = formatNumber(low, precision, words.locale);
    const to = formatNumber(high, precision, words.locale);
    const measured = (text: string) => leftToRight(in_ ? withSymbol(text, in_) : text, words);
    if (from === to) return measured(from);
    // "−40–60" reads as a subtraction: an end written negative takes words, the unit after the last number.
    const [before, between, after] = words.range;
    return from.includes(MINUS) || to.includes(MINUS)
      ? `${before}${leftToRight(from, words)}${between}${measured(to)}${after}`
      : measured(`${from}\u2013${to}`);
  };
  const main = span(min, max, unit);
  const alongside = unit ? alongsideOf(unit) : undefined;
  if (!unit || !alongside) return main;
  return `${main} (${span(convert(min, unit, alongside), convert(max, unit, alongside), alongside)})`;
}

/** A number as typed: "30", "-40", "−40", "+60", "2.8", "1,920", "0.01". */
const NUMBER = String.raw`[-+\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+\u2212]?\.\d+`;

function numberOf(text: string): number {
  return Number(text.replace(/\u2212/, "-").replaceAll(",", ""));
}

/** The outcome of reading a typed value: the value in the asked unit, or what was wrong with it. */
export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

function unitMessage(unit: UnitId | undefined): string {
  if (!unit) return "Enter a number";
  const info: UnitInfo = UNITS[unit];
  const others = UNIT_IDS.filter((id) => id !== unit && UNITS[id].quantity === info.quantity).map(
    (id) => UNITS[id].symbol,
  );
  return others.length
    ? `Enter a number in ${info.symbol} (or ${others.join(", ")})`
    : `Enter a number in ${info.symbol}`;
}

/**
 * The unit written after a number, converted into `unit`: undefined when none was written (the
 * attribute's own unit is meant), null when it names no unit or one of another quantity.
 */
function writtenUnit(text: string, unit: UnitId | undefined): UnitId | undefined | null {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const found = unitOfText(trimmed);
  if (!found || !unit || !convertible(found, unit)) return null;
  return found;
}

/** Reads one number with an optional unit ("30 m", "98ft", "-30 °C") into `unit`. */
export function readMeasure(text: string, unit: UnitId | undefined): Reading<number> {
  const match = new RegExp(`^\\s*(${NUMBER})\\s*(.*?)\\s*$`, "u").exec(text);
  if (!match) return { ok: false, message: unitMessage(unit) };
  const written = writtenUnit(match[2] ?? "", unit);
  if (written === null) return { ok: false, message: unitMessage(unit) };
  const value = numberOf(match[1] ?? "");
  if (!Number.isFinite(value)) return { ok: false, message: unitMessage(unit) };
  return { ok: true, value: written && unit ? convert(value, written, unit) : value };
}

/**
 * Reads a range ("2.8–12 mm", "2.8 - 12mm", "−30 °C ~ +60 °C", "-40 to 60 °C", "14 °F to 140 °F"), or
 * one value for both ends ("2.8 mm": a fixed lens), into `unit`; the ends in either order.
 */
export function readRange(text: string, unit: UnitId | undefined): Reading<readonly [number, number]> {
  const separator = String.raw`\s*(?:\u2013|\u2014|~|\bto\b|-(?=\s*[-+\u2212]?\.?\d))\s*`;
  const match = new RegExp(
    `^\\s*(${NUMBER})\\s*([^\\d~\\u2013\\u2014+\\-\\u2212]*?)${separator}(${NUMBER})\\s*(.*?)\\s*$`,
    "u",
  ).exec(text);
  if (!match) {
    const single = readMeasure(text, unit);
    return single.ok ? { ok: true, value: [single.value, single.value] } : { ok: false, message: rangeMessage(unit) };
  }
  const lowUnit = writtenUnit(match[2] ?? "", unit);
  const highUnit = writtenUnit(match[4] ?? "", unit);
  if (lowUnit === null || highUnit === null) return { ok: false, message: rangeMessage(unit) };
  // "2.8–12 mm": the unit written once, after the second number, is both ends'.
  const lowIn = lowUnit ?? highUnit;
  const highIn = highUnit ?? lowUnit;
  let low = numberOf(match[1] ?? "");
  let high = numberOf(match[3] ?? "");
  if (unit && lowIn) low = convert(low, lowIn, unit);
  if (unit && highIn) high = convert(high, highIn, unit);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { ok: false, message: rangeMessage(unit) };
  return { ok: true, value: low <= high ? [low, high] : [high, low] };
}

function rangeMessage(unit: UnitId | undefined): string {
  const symbol = unit ? ` ${UNITS[unit].symbol}` : "";
  return `Enter a value or a range, for example 2.8\u201312${symbol}`;
}

/** Rounds `value` to `precision` decimals, as it is kept (a value in feet read into metres has many). */
export function roundTo(value: number, precision: number): number {
  const scale = 10 ** precision;
  return Math.round(value * scale) / scale;
}

/**
 * How the catalog's texts and a visitor's query are cut into words and made comparable (decision 067),
 * the same on the server, which searches, and in the browser, which highlights what matched.
 */

/** Latin, Greek and Cyrillic letters lose their accents; other scripts keep their marks (a Japanese voicing mark is a different sound). */
const ACCENTED = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

/**
 * Text as it is compared: compatibility forms unified (Unicode NFKC: fullwidth "ｄｏｍｅ" is "dome",
 * "µ" is "μ"), letter case folded, accents of Latin, Greek and Cyrillic letters dropped ("Caméra" is
 * "camera"), "ß" as "ss".
 */
export function normalizeText(text: string): string {
  // Most of a catalog is ASCII, which has no forms to unify and no accents: spared the work.
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  const folded = text.normalize("NFKC").toLowerCase();
  if (!MAY_HAVE_ACCENTS.test(folded)) return folded;
  return folded.normalize("NFD").replace(ACCENTED, "$1").normalize("NFC").replaceAll("ß", "ss");
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** The blocks of combining marks Latin, Greek and Cyrillic letters take. */
const COMBINING_MARKS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

function escaped(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Letters that may carry an accent or are "ß" (Latin, Greek, Cyrillic), or a combining mark of the
 * blocks those scripts take: "×", "Ø", "–" and "°" are not. Ranges rather than `\p{M}`, which made
 * this test a quarter of the time a catalog's texts take to index.
 */
const MAY_HAVE_ACCENTS = new RegExp(
  `[\\u00c0-\\u00d6\\u00d9-\\u00f6\\u00f9-\\u024f\\u0370-\\u04ff\\u1e00-\\u1fff${COMBINING_MARKS.map(
    ([from, to]) => `${escaped(from)}-${escaped(to)}`,
  ).join("")}]`,
);

/** A letter or digit beyond ASCII (the code point at hand as text). */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Calls `visit` with where each word of `text` starts and ends: runs of letters and digits, a point or
 * comma between two digits kept ("2.8mm", "1,000" are one word each). Everything else (spaces,
 * hyphens, slashes, symbols) separates. Written out rather than as a regular expression: the catalog's
 * texts are cut into words on every start, and this is several times faster.
 */
export function forEachWord(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    let width = 1;
    let inWord: boolean;
    if (code < 128) {
      inWord =
        isAsciiDigit(code) ||
        (code >= 97 && code <= 122) ||
        (code >= 65 && code <= 90) ||
        ((code === 46 || code === 44) &&
          start >= 0 &&
          isAsciiDigit(text.charCodeAt(at - 1)) &&
          isAsciiDigit(text.charCodeAt(at + 1)));
    } else {
      const point = text.codePointAt(at) ?? code;
      width = point > 0xffff ? 2 : 1;
      inWord = LETTER_OR_DIGIT.test(String.fromCodePoint(point));
    }
    if (inWord && start < 0) start = at;
    else if (!inWord && start >= 0) {
      visit(start, at);
      start = -1;
    }
    at += width;
  }
  if (start >= 0) visit(start, text.length);
}

/** The words of normalized text (see `forEachWord`). */
export function wordsOf(normalized: string): string[] {
  const words: string[] = [];
  forEachWord(normalized, (start, end) => words.push(normalized.slice(start, end)));
  return words;
}

/** A piece of a displayed text, marked when it is a word a search matched. */
export interface HighlightPart {
  text: string;
  marked: boolean;
}

/**
 * `text` cut into parts, the words that hold one of `matched` (normalized words: the query's, and
 * what its typos and synonyms matched) marked, and a model's parts the query ran together. Words are marked whole: a visitor sees which word
 * matched, and a normalized word need not have as many characters as the one displayed.
 */
export function highlightParts(text: string, matched: readonly string[]): HighlightPart[] {
  if (matched.length === 0 || text === "") return [{ text, marked: false }];
  const parts: HighlightPart[] = [];
  let shownUpTo = 0;
  forEachWord(text, (start, end) => {
    const normalized = normalizeText(text.slice(start, end));
    // A model's part is marked when the query ran it together with others: "p4m" and "25x" for "p4m25x".
    const modelPart = normalized.length >= 2 && /\d/.test(normalized);
    if (!matched.some((piece) => normalized.includes(piece) || (modelPart && piece.includes(normalized)))) return;
    if (start > shownUpTo) parts.push({ text: text.slice(shownUpTo, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    shownUpTo = end;
  });
  if (shownUpTo < text.length) parts.push({ text: text.slice(shownUpTo), marked: false });
  return parts;
}

/**
 * Whether a short list's search finds a text (advisories, news): `normalizedText` (as `normalizeText`
 * makes it) holds every one of `words` (`wordsOf` the normalized query, read once for the whole list);
 * punctuation alone is no word and finds nothing. The catalog's own search ranks and forgives typos
 * (search.ts); these lists are short enough to read whole.
 */
export function holdsEveryWord(normalizedText: string, words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => normalizedText.includes(word));
}

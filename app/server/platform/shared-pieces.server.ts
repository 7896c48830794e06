/**
 * A text's pieces: lines of a text written as JSON ("…\n") and rows of a table written as JSON
 * ("[…], "), the units a catalog's products share when they are of one family.
 */
const PIECE_END = /(?<=\\n|\],\s?)/;

/**
 * Where a shared piece stands in a held text, followed by its index in two characters. JSON text
 * never holds it: a control character inside a JSON string is always written as an escape.
 */
const MARK = "\u0001";

/** Characters past Latin-1: a text holding one is not held a byte a character. */
const PAST_LATIN_1 = /[\u0100-\uffff]/;

/** How many of the texts the shared pieces are chosen from: enough to find what a catalog's families share. */
const SAMPLED_TEXTS = 4_000;

/** Two characters of a byte each address this many pieces. */
const MOST_PIECES = 65_536;

/**
 * Texts held a long time that repeat each other's pieces (decision 093): a product's specifications
 * share most of their lines with its family's. The pieces the texts it was made of repeat are held
 * once; a held text is the text with each of those pieces replaced by three characters (a mark and
 * its index), and is read back by joining: no call outside JavaScript, nothing outside the heap. The
 * pieces are chosen once; a text held later (an edit) uses them and keeps its new pieces as written,
 * so nothing grows with edits. Texts must be a byte a character (`oneByteJson`), as held texts are.
 */
export class SharedPieces {
  private readonly index = new Map<string, number>();

  private constructor(private readonly pieces: readonly string[]) {
    pieces.forEach((piece, at) => this.index.set(piece, at));
  }

  /** The pieces `texts` repeat, the most worth (times seen × length) first, at most 65,536. */
  static of(texts: readonly string[]): SharedPieces {
    const step = Math.max(1, Math.floor(texts.length / SAMPLED_TEXTS));
    const counts = new Map<string, number>();
    for (let at = 0; at < texts.length; at += step) {
      for (const piece of (texts[at] as string).split(PIECE_END)) counts.set(piece, (counts.get(piece) ?? 0) + 1);
    }
    const worth = [...counts]
      // A piece of three characters or fewer is held as short as its mark.
      .filter(([piece, count]) => count > 1 && piece.length > 3)
      .sort((a, b) => b[1] * b[0].length - a[1] * a[0].length)
      .slice(0, MOST_PIECES)
      // A copy of its own: a piece split from a text would keep the whole text alive.
      .map(([piece]) => Buffer.from(piece, "latin1").toString("latin1"));
    return new SharedPieces(worth);
  }

  /** `text` with its shared pieces replaced by their marks: the text itself when it has none. */
  hold(text: string): string {
    if (text.includes(MARK) || PAST_LATIN_1.test(text)) {
      throw new Error("Only JSON text a byte a character can be held in pieces (oneByteJson)");
    }
    const parts = text.split(PIECE_END);
    let shared = false;
    for (let at = 0; at < parts.length; at += 1) {
      const found = this.index.get(parts[at] as string);
      if (found === undefined) continue;
      parts[at] = MARK + String.fromCharCode(found >> 8, found & 0xff);
      shared = true;
    }
    // Joined into a string of its own, which keeps nothing of `text`.
    return shared ? parts.join("") : text;
  }

  /** A held text as it was written. */
  text(held: string): string {
    let mark = held.indexOf(MARK);
    if (mark === -1) return held;
    let text = "";
    let from = 0;
    while (mark !== -1) {
      text += held.slice(from, mark) + this.pieces[(held.charCodeAt(mark + 1) << 8) | held.charCodeAt(mark + 2)];
      from = mark + 3;
      mark = held.indexOf(MARK, from);
    }
    return text + held.slice(from);
  }
}

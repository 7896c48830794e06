import { deflateRawSync, inflateRawSync } from "node:zlib";

/** Deflate's window: a dictionary longer than this is not seen. */
const DICTIONARY_BYTES = 32 * 1024;

/** How many of the texts the dictionary is chosen from: enough to find what a catalog's families share. */
const SAMPLED_TEXTS = 4_000;

/**
 * A text's pieces: lines of a text written as JSON ("…\n") and rows of a table written as JSON
 * ("[…], "), the units a catalog's products share when they are of one family.
 */
const PIECE_END = /(?<=\\n|\],\s?)/;

/** Characters past Latin-1: a text holding one cannot be held a byte a character. */
const PAST_LATIN_1 = /[\u0100-\uffff]/;

/** A text held deflated (`TextPacker.pack`), with the dictionary that reads it back. */
export class PackedText {
  constructor(
    private readonly dictionary: Buffer,
    /** The deflated bytes, a byte a character: V8 holds such a string compactly. */
    private readonly bytes: string,
  ) {}

  text(): string {
    return inflateRawSync(Buffer.from(this.bytes, "latin1"), { dictionary: this.dictionary }).toString("latin1");
  }

  /** The bytes held, for the tests' and benchmarks' accounts. */
  get packedLength(): number {
    return this.bytes.length;
  }
}

/**
 * Packs texts held for a long time that repeat each other's pieces (decision 092): a product's
 * specifications share most of their lines with its family's. Each text is deflated on its own
 * against a dictionary of the pieces most repeated among the texts the packer was made from; a
 * text packed later (an edit) uses the same dictionary and is read back alike, only packed less well
 * when its pieces are new. The texts must be a byte a character (`oneByteJson`): they are held and
 * deflated as Latin-1.
 */
export class TextPacker {
  private constructor(private readonly dictionary: Buffer) {}

  /** A packer whose dictionary holds the pieces `texts` repeat most, the most worth last (deflate's rule). */
  static of(texts: readonly string[]): TextPacker {
    const step = Math.max(1, Math.floor(texts.length / SAMPLED_TEXTS));
    const counts = new Map<string, number>();
    for (let index = 0; index < texts.length; index += step) {
      for (const piece of (texts[index] as string).split(PIECE_END)) counts.set(piece, (counts.get(piece) ?? 0) + 1);
    }
    const worth = [...counts].filter(([, count]) => count > 1).sort((a, b) => b[1] * b[0].length - a[1] * a[0].length);
    const chosen: string[] = [];
    let bytes = 0;
    for (const [piece] of worth) {
      if (bytes + piece.length > DICTIONARY_BYTES) continue;
      chosen.push(piece);
      bytes += piece.length;
    }
    return new TextPacker(Buffer.from(chosen.reverse().join(""), "latin1"));
  }

  pack(text: string): PackedText {
    if (PAST_LATIN_1.test(text)) throw new Error("Only a text a byte a character can be packed (oneByteJson)");
    const bytes = deflateRawSync(Buffer.from(text, "latin1"), { dictionary: this.dictionary });
    return new PackedText(this.dictionary, bytes.toString("latin1"));
  }
}

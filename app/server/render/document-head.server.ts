import { Transform } from "node:stream";

/**
 * What the render writes where the site's stylesheet goes (app/components/site-stylesheet.tsx): the
 * document's stream puts the stylesheet's bytes there, made once, instead of React encoding 40 KB of
 * text into new bytes on every render.
 */
export const STYLESHEET_PLACEHOLDER = "/*site-stylesheet*/";

const PLACEHOLDER = Buffer.from(STYLESHEET_PLACEHOLDER);
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = ">".charCodeAt(0);
const HEAD_END = Buffer.from("</head>");
const CANONICAL = Buffer.from('<link rel="canonical" href="');
const QUOTE = '"'.charCodeAt(0);

/** The tags to write after a page's canonical link, given its address (decision 086); "" for none. */
export type AfterCanonical = (canonical: string) => string;

/**
 * Pushes `head` as pieces of it (views, never copies), without its module preload links and with the
 * stylesheet where its placeholder is.
 */
function pushHead(stream: Transform, head: Buffer, stylesheet: Buffer, afterCanonical?: AfterCanonical): void {
  const cuts: { start: number; end: number; insert?: Buffer }[] = [];
  const canonical = afterCanonical ? head.indexOf(CANONICAL) : -1;
  if (afterCanonical && canonical !== -1) {
    const hrefStart = canonical + CANONICAL.length;
    const hrefEnd = head.indexOf(QUOTE, hrefStart);
    const tagEnd = hrefEnd === -1 ? -1 : head.indexOf(TAG_END, hrefEnd);
    if (tagEnd !== -1) {
      const href = head.toString("utf8", hrefStart, hrefEnd).replaceAll("&amp;", "&");
      const tags = afterCanonical(href);
      if (tags) cuts.push({ start: tagEnd + 1, end: tagEnd + 1, insert: Buffer.from(tags) });
    }
  }
  for (let at = head.indexOf(MODULE_PRELOAD); at !== -1; at = head.indexOf(MODULE_PRELOAD, at + 1)) {
    const end = head.indexOf(TAG_END, at);
    if (end === -1) break;
    cuts.push({ start: at, end: end + 1 });
  }
  const placeholder = head.indexOf(PLACEHOLDER);
  if (placeholder !== -1) cuts.push({ start: placeholder, end: placeholder + PLACEHOLDER.length, insert: stylesheet });
  cuts.sort((a, b) => a.start - b.start);
  let from = 0;
  for (const cut of cuts) {
    if (cut.start > from) stream.push(head.subarray(from, cut.start));
    if (cut.insert) stream.push(cut.insert);
    from = cut.end;
  }
  if (from < head.length) stream.push(head.subarray(from));
}

/**
 * Passes a rendered document through with its head finished: the site's `stylesheet` in place of its
 * placeholder, what `afterCanonical` makes of the page's canonical address after its link (the page
 * in the site's other languages, decision 086), and without the module preload links React Router
 * puts there (decision 009): a first
 * visit then spends its bandwidth on the HTML and the pictures in view, and the scripts start with
 * the page's inline module once the HTML is parsed. React writes the whole head in its first flush,
 * so only the bytes up to `</head>` are held back and looked at (an ASCII tag: it never ends inside
 * a UTF-8 character, and the links and the placeholder are ASCII too).
 */
export function finishedHead(stylesheet: Buffer, afterCanonical?: AfterCanonical): Transform {
  // The head arrives in pieces: they are kept as they come and joined once, and each piece is
  // searched together with the bytes before it that `</head>` could begin in.
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  let carry = Buffer.alloc(0);
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === null) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const searched = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const found = searched.indexOf(HEAD_END);
      if (found === -1) {
        carry = Buffer.from(searched.subarray(Math.max(0, searched.length - (HEAD_END.length - 1))));
        return callback();
      }
      const whole = Buffer.concat(held, heldBytes);
      const end = heldBytes - searched.length + found;
      held = null;
      pushHead(stream, whole.subarray(0, end), stylesheet, afterCanonical);
      callback(null, whole.subarray(end));
    },
    flush(callback) {
      if (held !== null) pushHead(stream, Buffer.concat(held, heldBytes), stylesheet, afterCanonical);
      callback();
    },
  });
  return stream;
}

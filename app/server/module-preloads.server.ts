import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = Buffer.from("</head>");

/**
 * Passes a rendered document through without the module preload links React Router puts in its head
 * (decision 009): a first visit then spends its bandwidth on the HTML and the pictures in view, and
 * the scripts start with the page's inline module once the HTML is parsed. React writes the whole head
 * in its first flush, so only the bytes up to `</head>` are held back and looked at (an ASCII tag: it
 * never ends inside a UTF-8 character, and the links are ASCII too).
 */
export function withoutModulePreloads(): Transform {
  // The head (the 40 KB inline stylesheet included) arrives in pieces: they are kept as they come and
  // joined once, and each piece is searched together with the bytes before it that `</head>` could
  // begin in.
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  let carry = Buffer.alloc(0);
  // Latin1 reads a byte as a character and writes it back unchanged: no UTF-8 decoding and encoding.
  const strip = (head: Buffer) => Buffer.from(head.toString("latin1").replace(MODULE_PRELOAD, ""), "latin1");
  return new Transform({
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
      callback(null, Buffer.concat([strip(whole.subarray(0, end)), whole.subarray(end)]));
    },
    flush(callback) {
      callback(null, held === null ? undefined : strip(Buffer.concat(held, heldBytes)));
    },
  });
}

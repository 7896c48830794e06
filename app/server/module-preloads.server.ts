import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = Buffer.from("</head>");

/**
 * Passes a rendered document through without the module preload links React Router puts in its head
 * (decision 009): a first visit then spends its bandwidth on the HTML and the pictures in view, and
 * the scripts start with the page's inline module once the HTML is parsed. React writes the whole head
 * in its first flush, so only the bytes up to `</head>` are held back and looked at (an ASCII tag: it
 * never ends inside a UTF-8 character).
 */
export function withoutModulePreloads(): Transform {
  let held: Buffer | null = Buffer.alloc(0);
  const strip = (head: Buffer) => Buffer.from(head.toString("utf8").replace(MODULE_PRELOAD, ""), "utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === null) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      const document = Buffer.concat([strip(held.subarray(0, end)), held.subarray(end)]);
      held = null;
      callback(null, document);
    },
    flush(callback) {
      callback(null, held === null ? undefined : strip(held));
    },
  });
}

// `npm run bench:retention`: how much each way of making an object drags into the old generation on
// this Node (decision 028). Each pattern runs in its own Node with `npm start`'s options, makes a
// million objects that each hold a fresh value of about half a kilobyte and drops them at once, and
// reports what scavenges promoted (V8's `--trace-gc-nvp`). Where a hidden class holds the value, the
// value survives every scavenge until a full collection, as the request's render did.
import { spawnSync } from "node:child_process";
import { startOptions } from "../tests/support/server";
import { lowerObjectSpread } from "../vite/server-bundle";

const OBJECTS = 1_000_000;

const SPREAD = "o = { ...rest, href, onClick: fn, ref: value };";

/** Each pattern, and whether it is run as the server build writes it (vite/server-bundle.ts). */
const PATTERNS: { name: string; code: string; lowered?: boolean }[] = [
  { name: "object literal", code: "o = { className: rest.className, href, onClick: fn, ref: value };" },
  { name: "spread, then more properties", code: SPREAD },
  { name: "spread, a property added later", code: "o = { ...rest }; o.ref = value;" },
  { name: "spread, then more properties, as the server build writes it", code: SPREAD, lowered: true },
  {
    name: "Object.assign instead of the spread",
    code: "o = Object.assign({}, rest, { href, onClick: fn, ref: value });",
  },
  { name: "accessor closing over the value", code: "o = { a: 1, get value() { return fn(); } };" },
  {
    name: "prototype set on an instance, then properties",
    code: "o = new Message(); Object.setPrototypeOf(o, prototype); o.next = fn; o.locals = { value };",
  },
  {
    name: "instance of a class with that prototype",
    code: "o = new PrototypedMessage(); o.next = fn; o.locals = { value };",
  },
];

function program(pattern: string): string {
  return `
    class Message { constructor() { this.a = 1; this.b = null; } }
    const prototype = Object.create(Message.prototype, { app: { value: {}, writable: true } });
    class PrototypedMessage extends Message {}
    Object.setPrototypeOf(PrototypedMessage.prototype, prototype);
    let kept = 0;
    function round() {
      for (let i = 0; i < ${OBJECTS / 10}; i++) {
        const value = { list: new Array(50).fill(i), name: "v" + i };
        const fn = () => value.list.length;
        const rest = { className: "card", children: "text" };
        const href = "/p/" + (i & 7);
        let o;
        ${pattern}
        kept += o ? 1 : 0;
      }
    }
    let rounds = 0;
    (function next() { round(); if (++rounds < 10) setImmediate(next); })();
  `;
}

console.log(`| Pattern (${OBJECTS.toLocaleString("en")} objects) | Promoted by scavenges, MB | Full collections |`);
console.log("|---|---|---|");
for (const { name, code, lowered } of PATTERNS) {
  const source = lowered ? await lowerObjectSpread(program(code), "pattern.js") : program(code);
  const run = spawnSync(process.execPath, [...startOptions, "--trace-gc-nvp", "--input-type=module", "-e", source], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  let promoted = 0;
  let fullCollections = 0;
  for (const line of run.stdout.split("\n")) {
    if (/ gc=s /.test(line)) promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    else if (/ gc=mc /.test(line)) fullCollections += 1;
  }
  console.log(`| ${name} | ${(promoted / 1e6).toFixed(0)} | ${fullCollections} |`);
}

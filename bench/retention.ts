// `npm run bench:retention`: how much each way of making an object drags into the old generation on
// this Node (decision 028). Each pattern runs in its own Node with the server's GC options, makes a
// million objects that each hold a fresh value of about half a kilobyte and drops them at once, and
// reports what scavenges promoted (V8's `--trace-gc-nvp`). Where a hidden class holds the value, the
// value survives every scavenge until a full collection, as the request's render did.
import { spawnSync } from "node:child_process";
import { transformWithEsbuild } from "vite";

const OBJECTS = 1_000_000;

const PATTERNS: Record<string, string> = {
  "object literal": "o = { className: rest.className, href, onClick: fn, ref: value };",
  "spread, then more properties": "o = { ...rest, href, onClick: fn, ref: value };",
  "spread, a property added later": "o = { ...rest }; o.ref = value;",
  "spread, then more properties, lowered as the server build does (vite/server-bundle.ts)":
    "o = { ...rest, href, onClick: fn, ref: value }; // lowered",
  "Object.assign instead of the spread": "o = Object.assign({}, rest, { href, onClick: fn, ref: value });",
  "accessor closing over the value": "o = { a: 1, get value() { return fn(); } };",
  "prototype set on an instance, then properties":
    "o = new Message(); Object.setPrototypeOf(o, prototype); o.next = fn; o.locals = { value };",
  "instance of a class with that prototype": "o = new PrototypedMessage(); o.next = fn; o.locals = { value };",
};

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
for (const [name, pattern] of Object.entries(PATTERNS)) {
  const source = pattern.endsWith("// lowered")
    ? (await transformWithEsbuild(program(pattern), "pattern.js", { supported: { "object-rest-spread": false } })).code
    : program(pattern);
  const run = spawnSync(
    process.execPath,
    ["--max-semi-space-size=32", "--no-allocation-site-pretenuring", "--trace-gc-nvp", "-e", source],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  let promoted = 0;
  let fullCollections = 0;
  for (const line of run.stdout.split("\n")) {
    if (/ gc=s /.test(line)) promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    else if (/ gc=mc /.test(line)) fullCollections += 1;
  }
  console.log(`| ${name} | ${(promoted / 1e6).toFixed(0)} | ${fullCollections} |`);
}

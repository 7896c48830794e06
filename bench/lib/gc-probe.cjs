// Loaded into a benchmarked server with `node --expose-gc --require bench/lib/gc-probe.cjs` (NODE_OPTIONS),
// never by the site itself: on SIGUSR2 it collects all garbage and prints one line with what is left,
// so a benchmark can tell memory the server holds from garbage V8 has not collected yet.
"use strict";
process.on("SIGUSR2", () => {
  if (typeof global.gc === "function") {
    global.gc();
    global.gc();
  }
  const usage = process.memoryUsage();
  const mb = (bytes) => Math.round(bytes / 1e6);
  process.stderr.write(
    `GC-PROBE ${JSON.stringify({ rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), externalMb: mb(usage.external) })}\n`,
  );
});

// @ts-check
// A server with nothing to it but a fixed CPU cost per request: the floor a page's latency can reach on
// this machine, this minute, at a given CPU cost (bench/lib/floor.ts starts it). Requests wait in line and
// are served one at a time, in the order they arrived, each from the event loop's check phase as the site's
// render queue does; every answer is the same size as the pages measured. Plain JavaScript, so it
// runs under bare `node`, with no loader adding to its CPU time.
import http from "node:http";

const targetMs = Number(process.env.FLOOR_CPU_MS);
const body = Buffer.alloc(Number(process.env.FLOOR_BODY_BYTES), "x");

// What answering costs besides the burn (parsing, writing, the collector): measured as it runs and taken
// off the burn, so that the process as a whole spends `targetMs` a request, as the site's did.
let served = 0;
let burnedMs = 0;
/** Set at the first request: starting up is not answering. */
let startedCpu = { user: 0, system: 0 };
/** @param {NodeJS.CpuUsage} start */
const cpuMsSince = (start) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** @param {number} ms */
function burn(ms) {
  const start = process.cpuUsage();
  while (cpuMsSince(start) < ms) for (let index = 0; index < 1_000; index += 1) Math.sqrt(index);
  return cpuMsSince(start);
}

/** @param {http.ServerResponse} response */
function answer(response) {
  if (served === 0) startedCpu = process.cpuUsage();
  const overheadMs = served === 0 ? 0 : (cpuMsSince(startedCpu) - burnedMs) / served;
  burnedMs += burn(Math.max(0, targetMs - overheadMs));
  served += 1;
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  response.end(body);
}

/** @type {http.ServerResponse[]} */
const waiting = [];
let pumpScheduled = false;
function pump() {
  pumpScheduled = false;
  const next = waiting.shift();
  if (next) answer(next);
  schedulePump();
}
function schedulePump() {
  if (pumpScheduled || waiting.length === 0) return;
  pumpScheduled = true;
  setImmediate(pump);
}

const server = http.createServer((_request, response) => {
  waiting.push(response);
  schedulePump();
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.send?.({ port: address.port });
});
process.on("disconnect", () => process.exit(0));

// @ts-check
// Keeps every core busy, as other work on a laptop or a shared CI runner does, to show that the tests
// do not depend on the machine's speed:
//   node scripts/busy.js -- npm test          runs the command beside the load, then stops the load
//   node scripts/busy.js                      keeps the cores busy until Ctrl-C
// `--loops N` sets how many busy loops run (default: one per core).
import { spawn } from "node:child_process";
import os from "node:os";

const args = process.argv.slice(2);
const separator = args.indexOf("--");
const options = separator === -1 ? args : args.slice(0, separator);
const command = separator === -1 ? [] : args.slice(separator + 1);
const loopsFlag = options.indexOf("--loops");
const loops = loopsFlag === -1 ? os.availableParallelism() : Number(options[loopsFlag + 1]);
if (!Number.isInteger(loops) || loops < 1) {
  console.error("--loops needs a whole number of at least 1");
  process.exit(2);
}

const busy = Array.from({ length: loops }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopLoad = () => {
  for (const child of busy) child.kill("SIGKILL");
};
process.on("exit", stopLoad);
console.log(`busy.js: ${loops} busy loop(s) running on ${os.availableParallelism()} core(s)`);

if (command.length === 0) {
  const stop = () => process.exit(0);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  const startedAt = Date.now();
  const [program = "", ...programArgs] = command;
  const child = spawn(program, programArgs, { stdio: "inherit" });
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  child.on("exit", (code, signal) => {
    const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
    console.log(
      `busy.js: \`${command.join(" ")}\` ${code === 0 ? "passed" : "failed"} in ${minutes} min beside ${loops} busy loop(s)`,
    );
    process.exit(code ?? (signal ? 1 : 0));
  });
}

// `npm run test:crash -- --rounds N`: kills the built site N times in the middle of writes with files
// (embedded database), then checks that no file was lost, cut short, orphaned or left half-written.
// `npm test` runs 10 rounds (tests/integration/crash.test.ts); this runs as many as you ask.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crashLoop } from "#tests/support/crash-loop";

const roundsFlag = process.argv.indexOf("--rounds");
const rounds = roundsFlag === -1 ? 30 : Number(process.argv[roundsFlag + 1]);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("Usage: npm run test:crash -- --rounds N (a whole number of rounds, at least 1)");
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-crash-"));
try {
  const report = await crashLoop({ rounds, dataDir, log: (line) => console.log(line) });
  console.log(JSON.stringify(report));
  const broken = report.lost + report.partial + report.orphans + report.temp;
  console.log(broken === 0 ? "No file lost, partial, orphaned or left half-written." : "FAILED: see the counts above.");
  process.exitCode = broken === 0 ? 0 : 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

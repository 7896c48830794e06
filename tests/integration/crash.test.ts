import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crashLoop } from "#tests/support/crash-loop";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-crash-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("a site killed in the middle of writes with files", () => {
  it("starts again with every file whole, nothing orphaned and no piece of a cut-off write (10 rounds)", async () => {
    const report = await crashLoop({ rounds: 10, dataDir });
    // Without writes in flight the crashes would prove nothing.
    expect(report.writes).toBeGreaterThan(10);
    expect({ lost: report.lost, partial: report.partial, orphans: report.orphans, temp: report.temp }).toEqual({
      lost: 0,
      partial: 0,
      orphans: 0,
      temp: 0,
    });
  });
});

import { describe, expect, it } from "vitest";
import { DataWatch, parseWatchedData } from "./data-watch.server";

describe("DataWatch", () => {
  it("says what changed after a mark, and nothing else", () => {
    const watch = new DataWatch();
    const start = watch.mark();
    expect(watch.changedSince(["products", "categories"], start)).toBe(false);
    watch.changed("settings");
    expect(watch.changedSince(["products", "categories"], start)).toBe(false);
    expect(watch.changedSince(["settings"], start)).toBe(true);
    const later = watch.mark();
    expect(watch.changedSince(["settings"], later)).toBe(false);
    watch.changed("*");
    expect(watch.changedSince(["products"], later)).toBe(true);
    expect(watch.changedSince(["products"], watch.mark())).toBe(false);
  });

  it("counts everything as changed, every time, while it cannot hear the database", () => {
    const watch = new DataWatch();
    watch.notHearing();
    const mark = watch.mark();
    expect(watch.changedSince(["products"], mark)).toBe(true);
    expect(watch.changedSince(["settings"], watch.mark())).toBe(true);
    watch.hearing();
    // What was missed meanwhile is read again once; after that, marks hold again.
    expect(watch.changedSince(["products"], mark)).toBe(true);
    expect(watch.changedSince(["products"], watch.mark())).toBe(false);
  });

  it("reads the database's notices; anything else means everything", () => {
    expect(parseWatchedData("products")).toBe("products");
    expect(parseWatchedData("settings")).toBe("settings");
    expect(parseWatchedData("files")).toBe("*");
  });
});

import { describe, expect, it, vi } from "vitest";
import { announceChanged, DataWatch, keptUntilChanged, parseWatchedData, WATCHED_DATA } from "./data-watch.server";

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
    expect(parseWatchedData("info")).toBe("info");
    expect(parseWatchedData("downloads")).toBe("downloads");
    expect(parseWatchedData("files")).toBe("*");
  });

  it("takes a write's announcement as a change of the data its topics name, and only that", () => {
    const changedBy = (...topics: Parameters<typeof announceChanged>[1]) => {
      const watch = new DataWatch();
      const mark = watch.mark();
      announceChanged(watch, topics);
      return WATCHED_DATA.filter((what) => watch.changedSince([what], mark));
    };
    expect(changedBy("products")).toEqual(["products"]);
    expect(changedBy("categories", "products")).toEqual(["products", "categories"]);
    expect(changedBy("attributes")).toEqual(["products", "categories"]);
    expect(changedBy("settings")).toEqual(["settings"]);
    expect(changedBy("info")).toEqual(["info"]);
    expect(changedBy("downloads")).toEqual(["downloads"]);
    expect(changedBy("synonyms")).toEqual(["synonyms"]);
    expect(changedBy("firmware")).toEqual(["firmware"]);
    expect(changedBy("advisories")).toEqual(["advisories"]);
    expect(changedBy("inbox")).toEqual([]);
    expect(changedBy("people")).toEqual([]);
    expect(changedBy("products", "*")).toEqual(WATCHED_DATA);
  });
});

describe("keptUntilChanged", () => {
  /** A read that counts itself and settles when told to. */
  function controlledRead() {
    const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
    const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
    return { read, pending };
  }

  it("reads once for every caller until what it watches changes", async () => {
    const watch = new DataWatch();
    const { read, pending } = controlledRead();
    const kept = keptUntilChanged(watch, ["info"], read);
    const [first, second] = [kept(), kept()];
    expect(pending).toHaveLength(1);
    pending[0]?.resolve(1);
    expect([await first, await second]).toEqual([1, 1]);
    watch.changed("settings");
    expect(await kept()).toBe(1);
    expect(pending).toHaveLength(1);
    watch.changed("info");
    const third = kept();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(2);
    expect(await third).toBe(2);
  });

  it("reads again after a change that came while it was reading", async () => {
    const watch = new DataWatch();
    const { read, pending } = controlledRead();
    const kept = keptUntilChanged(watch, ["downloads"], read);
    const during = kept();
    watch.changed("downloads");
    pending[0]?.resolve(1);
    expect(await during).toBe(1);
    const after = kept();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(2);
    expect(await after).toBe(2);
  });

  it("does not keep a read that failed", async () => {
    const watch = new DataWatch();
    const { read, pending } = controlledRead();
    const kept = keptUntilChanged(watch, ["settings"], read);
    const failed = kept();
    pending[0]?.reject(new Error("connection lost"));
    await expect(failed).rejects.toThrow("connection lost");
    const next = kept();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(3);
    expect(await next).toBe(3);
  });

  it("lets a copy kept for a time go once that time is up, and reads again for the next caller", async () => {
    vi.useFakeTimers();
    try {
      const watch = new DataWatch();
      const { read, pending } = controlledRead();
      const kept = keptUntilChanged(watch, ["products"], read, { forMs: 60_000 });
      const first = kept();
      pending[0]?.resolve(1);
      expect(await first).toBe(1);
      vi.advanceTimersByTime(59_000);
      expect(await kept()).toBe(1);
      expect(pending).toHaveLength(1);
      vi.advanceTimersByTime(1_000);
      const second = kept();
      expect(pending).toHaveLength(2);
      pending[1]?.resolve(2);
      expect(await second).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

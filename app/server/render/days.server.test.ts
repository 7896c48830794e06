import { describe, expect, it } from "vitest";
import { dayView, withDays } from "./days.server";

describe("a day as the reader's language writes it", () => {
  it("is written on the server in the page's language, marked with it, English day first", () => {
    expect(dayView("2026-03-12")).toEqual({ iso: "2026-03-12", text: "12 Mar 2026", lang: "en" });
    expect(dayView("2026-03-12", "de")).toEqual({ iso: "2026-03-12", text: "12. März 2026", lang: "de" });
    expect(dayView("2026-12-07", "fr").text).toBe("7 déc. 2026");
    expect(dayView("2026-03-12", "ja").text).toBe("2026年3月12日");
    // The day it is everywhere, whatever the server's time zone.
    expect(dayView("2026-01-01T00:00:00.000Z", "en").text).toBe("1 Jan 2026");
  });

  it("dates each item by its own day", () => {
    const items = withDays([{ id: "a", datedOn: "2026-11-21" }], "es");
    expect(items).toEqual([
      { id: "a", datedOn: "2026-11-21", day: { iso: "2026-11-21", text: "21 nov 2026", lang: "es" } },
    ]);
  });
});

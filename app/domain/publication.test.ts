import { describe, expect, it } from "vitest";
import { localDateTimeValue, PUBLICATION_MESSAGES, publicationLabel, requestedPublication } from "./publication";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const NOW = new Date("2026-11-26T12:00:00Z");

describe("requestedPublication", () => {
  it("keeps what the record has when no publishing button was pressed", () => {
    expect(requestedPublication(form({}), NOW)).toEqual({ publication: undefined });
    expect(requestedPublication(form({ publish: "keep" }), NOW)).toEqual({ publication: undefined });
    expect(requestedPublication(form({ publish: "made-up" }), NOW)).toEqual({ publication: undefined });
  });

  it("reads Publish and Save as draft", () => {
    expect(requestedPublication(form({ publish: "publish" }), NOW)).toEqual({ publication: { status: "published" } });
    expect(requestedPublication(form({ publish: "draft" }), NOW)).toEqual({ publication: { status: "draft" } });
  });

  it("reads a scheduled time in the admin's time zone", () => {
    const asked = requestedPublication(
      form({ publish: "schedule", publishAt: "2026-12-01T09:30", tz: "Europe/Berlin" }),
      NOW,
    );
    expect(asked).toEqual({ publication: { status: "scheduled", publishAt: new Date("2026-12-01T08:30:00Z") } });
    // Summer time moves the offset: July in Berlin is two hours ahead.
    const summer = requestedPublication(
      form({ publish: "schedule", publishAt: "2027-07-01T09:30", tz: "Europe/Berlin" }),
      NOW,
    );
    expect(summer).toEqual({ publication: { status: "scheduled", publishAt: new Date("2027-07-01T07:30:00Z") } });
    // Without a known zone (no scripts) the time is UTC's.
    const utc = requestedPublication(form({ publish: "schedule", publishAt: "2026-12-01T09:30" }), NOW);
    expect(utc).toEqual({ publication: { status: "scheduled", publishAt: new Date("2026-12-01T09:30:00Z") } });
  });

  it("refuses a missing, malformed, past or absurdly distant time with a message", () => {
    expect(requestedPublication(form({ publish: "schedule" }), NOW)).toEqual({
      error: PUBLICATION_MESSAGES.publishAtRequired,
    });
    for (const publishAt of ["tomorrow", "2026-02-30T10:00", "2026-12-01T25:00", "<script>"]) {
      expect(requestedPublication(form({ publish: "schedule", publishAt }), NOW)).toEqual({
        error: PUBLICATION_MESSAGES.publishAtInvalid,
      });
    }
    expect(requestedPublication(form({ publish: "schedule", publishAt: "2026-11-26T11:59" }), NOW)).toEqual({
      error: PUBLICATION_MESSAGES.publishAtPast,
    });
    expect(requestedPublication(form({ publish: "schedule", publishAt: "2126-11-26T11:59" }), NOW)).toEqual({
      error: PUBLICATION_MESSAGES.publishAtInvalid,
    });
  });
});

describe("how a publication reads", () => {
  it("names each status and writes a datetime-local value in a zone", () => {
    expect(publicationLabel({ status: "published", publishAt: null })).toBe("Published");
    expect(publicationLabel({ status: "draft", publishAt: null })).toBe("Draft");
    expect(publicationLabel({ status: "scheduled", publishAt: "2026-12-01T08:30:00.000Z" })).toBe(
      "Scheduled for 1 Dec 2026, 08:30 UTC",
    );
    expect(localDateTimeValue("2026-12-01T08:30:00.000Z", "Europe/Berlin")).toBe("2026-12-01T09:30");
  });
});

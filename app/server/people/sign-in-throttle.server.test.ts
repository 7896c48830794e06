import { describe, expect, it } from "vitest";
import { waitPhrase } from "#app/domain/messages";
import { BACK_OFF_AFTER_FAILURES, backOffSeconds, MAX_BACK_OFF_SECONDS } from "./sign-in-throttle.server";

describe("backOffSeconds", () => {
  it("is nothing below the threshold, then doubles with each failure up to a quarter of an hour", () => {
    expect(backOffSeconds(0)).toBe(0);
    expect(backOffSeconds(BACK_OFF_AFTER_FAILURES - 1)).toBe(0);
    expect(backOffSeconds(BACK_OFF_AFTER_FAILURES)).toBe(1);
    expect(backOffSeconds(BACK_OFF_AFTER_FAILURES + 1)).toBe(2);
    expect(backOffSeconds(BACK_OFF_AFTER_FAILURES + 6)).toBe(64);
    expect(backOffSeconds(BACK_OFF_AFTER_FAILURES + 20)).toBe(MAX_BACK_OFF_SECONDS);
    expect(backOffSeconds(10_000)).toBe(MAX_BACK_OFF_SECONDS);
  });
});

describe("waitPhrase", () => {
  it("says seconds under a minute and whole minutes, rounded up, from then on", () => {
    expect(waitPhrase(1)).toBe("1 second");
    expect(waitPhrase(59)).toBe("59 seconds");
    expect(waitPhrase(60)).toBe("1 minute");
    expect(waitPhrase(61)).toBe("2 minutes");
    expect(waitPhrase(900)).toBe("15 minutes");
  });
});

import pino from "pino";
import { describe, expect, it } from "vitest";
import { DatabaseAvailability, isDatabaseUnreachable } from "./availability.server";

const silent = pino({ level: "silent" });

function withCode(code: string, message = "failed"): Error {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnreachable", () => {
  it("knows a connection refused, reset or cut, and a server shutting down or starting", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "53300"])
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through the errors that wrap it: a query error's cause, a dual-stack connect's errors", () => {
    const drizzle = new Error("Failed query: select 1", { cause: withCode("57P01", "terminating connection") });
    expect(isDatabaseUnreachable(drizzle)).toBe(true);
    const dual = Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: undefined });
    expect(isDatabaseUnreachable(dual)).toBe(true);
  });

  it("leaves a query's own errors alone: a unique violation, a syntax error, a wrong password", () => {
    for (const code of ["23505", "42601", "28P01", "3D000"]) expect(isDatabaseUnreachable(withCode(code))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Connection to the mail server refused"))).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});

describe("DatabaseAvailability", () => {
  it("stays available when a lost connection is all it was: the probe that follows answers", async () => {
    let pings = 0;
    const availability = new DatabaseAvailability(async () => void pings++, silent, 5);
    expect(availability.failed(withCode("57P01"))).toBe(true);
    await expect.poll(() => pings).toBe(1);
    expect(availability.available).toBe(true);
    expect(availability.failed(withCode("23505"))).toBe(false);
    expect(pings).toBe(1);
    availability.close();
  });

  it("is unavailable while probes fail, probes again and again, and is back once one answers", async () => {
    let up = false;
    let pings = 0;
    const availability = new DatabaseAvailability(
      async () => {
        pings++;
        if (!up) throw withCode("ECONNREFUSED");
      },
      silent,
      5,
    );
    availability.failed(withCode("ECONNREFUSED"));
    await expect.poll(() => availability.available).toBe(false);
    await expect.poll(() => pings).toBeGreaterThan(3);
    up = true;
    await expect.poll(() => availability.available).toBe(true);
    const settled = pings;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pings).toBe(settled);
    availability.close();
  });
});

import { describe, expect, it } from "vitest";
import { createLimiter } from "./images.server";
import { variantKey, variantPrefix } from "./storage-keys.server";

const FILE_ID = "0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10";

describe("variant keys", () => {
  it("sit under one prefix per file, which is a valid storage key ending in a slash", () => {
    expect(variantPrefix(FILE_ID)).toBe(`variants/${FILE_ID}/`);
    expect(variantKey(FILE_ID, 640)).toBe(`variants/${FILE_ID}/640`);
    expect(variantKey(FILE_ID, 640)).toMatch(/^[a-z0-9][a-z0-9/-]*$/);
    expect(variantKey(FILE_ID, 640, "16x9")).toBe(`variants/${FILE_ID}/16x9/640`);
    expect(variantKey(FILE_ID, 640, "4x3")).toMatch(/^[a-z0-9][a-z0-9/-]*$/);
  });
});

describe("createLimiter", () => {
  it("runs at most the given number of tasks at once, all of them in order", async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        limit(async () => {
          started.push(index);
          running++;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return index * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("frees the slot of a task that failed", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    await expect(limit(async () => "next")).resolves.toBe("next");
  });
});

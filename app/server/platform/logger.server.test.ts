import { describe, expect, it } from "vitest";
import { loggableUrl } from "./logger.server";

describe("loggableUrl", () => {
  it("hides a single-use link's token and keeps everything else", () => {
    expect(loggableUrl("/invite?token=abc-DEF_123")).toBe("/invite?token=[hidden]");
    expect(loggableUrl("/reset-password?lang=en&token=abc&x=1")).toBe("/reset-password?lang=en&token=[hidden]&x=1");
    expect(loggableUrl("/reset-password?TOKEN=abc#top")).toBe("/reset-password?TOKEN=[hidden]#top");
    expect(loggableUrl("/search?q=token%3Dabc")).toBe("/search?q=token%3Dabc");
    expect(loggableUrl("/catalog?mytoken=1")).toBe("/catalog?mytoken=1");
  });
});

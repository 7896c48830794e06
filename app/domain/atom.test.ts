import { describe, expect, it } from "vitest";
import { firmwareFeed } from "./atom";
import { markdownToHtml } from "./markdown";

describe("the firmware feed", () => {
  it("names its author, escapes every value and leaves out what XML cannot hold", () => {
    const feed = firmwareFeed({
      title: "Vantage firmware",
      author: "Vantage & Co",
      publicUrl: "https://vantage.example",
      selfPath: "/support/firmware.atom",
      pagePath: "/support/firmware",
      releases: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          releaseVersion: "1.0 <beta>",
          releasedOn: "2026-11-01",
          channel: "beta",
          notesHtml: markdownToHtml("Line\u000bbreak from Word <b>bold</b>"),
          file: { url: "/files/x/fw.bin", name: "fw.bin", sha256: "a".repeat(64) },
          products: [{ id: "p", model: "CAM-1" }],
          updatedAt: "2026-11-02T10:00:00.000Z",
        },
      ],
    });
    expect(feed).toContain("<author><name>Vantage &amp; Co</name></author>");
    expect(feed).toContain("<title>Firmware 1.0 &lt;beta&gt; (beta) for CAM-1</title>");
    expect(feed).not.toContain("\u000b");
    expect(feed).not.toContain("<b>");
    expect(feed).toContain("<updated>2026-11-02T10:00:00.000Z</updated>");
  });
});

import { describe, expect, it } from "vitest";
import { releaseFeedEntry, releaseView, type FirmwareRelease } from "./firmware.server";

function release(notes: string): FirmwareRelease {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    releaseVersion: "2.1.0",
    releasedOn: "2026-11-01",
    channel: "stable",
    notes,
    file: {
      id: "f",
      name: "fw.bin",
      size: 3,
      url: "/files/f/fw.bin",
      sha256: "a".repeat(64),
    },
    sbom: null,
    products: [],
    version: 1,
    publication: { status: "published", publishAt: null },
    updatedAt: "2026-11-02T10:00:00.000Z",
  };
}

describe("a release's notes", () => {
  it("are read once per change of the release, for its page and for the feeds, not once per request", () => {
    const kept = release("**Night** mode [notes](https://vantage.example/n)");
    const entry = releaseFeedEntry(kept);
    expect(entry.notesHtml).toBe('<p><strong>Night</strong> mode <a href="https://vantage.example/n">notes</a></p>');
    // Every later request that reads the same kept release gets what was made the first time.
    expect(releaseFeedEntry(kept)).toBe(entry);
    expect(releaseView(kept)).toBe(releaseView(kept));
    // A change is a new release object: read anew.
    expect(releaseFeedEntry(release("_Changed_")).notesHtml).toBe("<p><em>Changed</em></p>");
  });
});

import { describe, expect, it } from "vitest";
import { firmwareFeed, newsFeed } from "./atom";
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

describe("the News feed", () => {
  const head = {
    title: "Vantage news",
    author: "Vantage",
    publicUrl: "https://vantage.example",
    selfPath: "/news.atom",
    pagePath: "/news",
    emptyUpdated: "2026-12-01T00:00:00.000Z",
  };
  const item = {
    id: "00000000-0000-4000-8000-000000000002",
    title: "Thermal <cameras>",
    text: "First & only paragraph\nwith a second line.\n\nAnother paragraph.",
    image: { url: "/files/a/b.webp", alt: 'A "thermal" camera' },
    link: "/catalog/categories/thermal-cameras",
    datedOn: "2026-11-20",
    updatedAt: "2026-11-21T08:00:00.000Z",
  };

  it("publishes each item on its day, links to where Read more leads, and escapes its text as HTML within XML", () => {
    const feed = newsFeed({
      ...head,
      items: [
        item,
        {
          ...item,
          id: "00000000-0000-4000-8000-000000000003",
          link: null,
          image: null,
          updatedAt: "2026-11-22T08:00:00.000Z",
        },
      ],
    });
    expect(feed).toContain("<id>urn:uuid:00000000-0000-4000-8000-000000000002</id>");
    expect(feed).toContain("<title>Thermal &lt;cameras&gt;</title>");
    expect(feed).toContain("<published>2026-11-20T00:00:00Z</published>");
    expect(feed).toContain('<link rel="alternate" href="https://vantage.example/catalog/categories/thermal-cameras"/>');
    // Without a link of its own, an entry leads to its place on News.
    expect(feed).toContain(
      '<link rel="alternate" href="https://vantage.example/news#news-00000000-0000-4000-8000-000000000003"/>',
    );
    // The feed is as new as its newest entry.
    expect(feed).toContain("  <updated>2026-11-22T08:00:00.000Z</updated>");
    // Escaped once for HTML, once more for the XML that carries it.
    expect(feed).toContain(
      "&lt;p&gt;First &amp;amp; only paragraph&lt;br&gt;with a second line.&lt;/p&gt;&lt;p&gt;Another paragraph.&lt;/p&gt;",
    );
    expect(feed).toContain(
      "&lt;img src=&quot;https://vantage.example/files/a/b.webp&quot; alt=&quot;A &amp;quot;thermal&amp;quot; camera&quot;&gt;",
    );
    expect(feed).toContain(
      "&lt;a href=&quot;https://vantage.example/catalog/categories/thermal-cameras&quot;&gt;Read more&lt;/a&gt;",
    );
  });

  it("keeps a web address as it is, and dates an empty feed when it was read", () => {
    expect(newsFeed({ ...head, items: [{ ...item, link: "https://partners.example/a?b=1&c=2" }] })).toContain(
      '<link rel="alternate" href="https://partners.example/a?b=1&amp;c=2"/>',
    );
    const empty = newsFeed({ ...head, items: [] });
    expect(empty).toContain("<updated>2026-12-01T00:00:00.000Z</updated>");
    expect(empty).not.toContain("<entry>");
  });
});

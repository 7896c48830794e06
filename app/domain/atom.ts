import { escapeHtml, markdownToHtml } from "./markdown";

/** What a feed of firmware releases says of one (the release as pages read it). */
export interface FeedRelease {
  id: string;
  releaseVersion: string;
  releasedOn: string;
  channel: "stable" | "beta";
  notes: string;
  file: { url: string; name: string; sha256: string };
  products: { id: string; model: string }[];
  updatedAt: string;
}

/**
 * An Atom 1.0 feed (RFC 4287) of firmware releases, newest first: each entry's content is its notes as
 * escaped HTML with the file's link and SHA-256. `selfPath` and `pagePath` are site paths.
 */
export function firmwareFeed(input: {
  title: string;
  publicUrl: string;
  selfPath: string;
  pagePath: string;
  releases: FeedRelease[];
}): string {
  const { title, publicUrl, selfPath, pagePath, releases } = input;
  const updated = releases.reduce(
    (latest, release) => (release.updatedAt > latest ? release.updatedAt : latest),
    "1970-01-01T00:00:00.000Z",
  );
  const entries = releases.map((release) => {
    const models = release.products.map((product) => product.model).join(", ");
    const content = `${markdownToHtml(release.notes)}\n<p><a href="${escapeHtml(publicUrl + release.file.url)}">${escapeHtml(release.file.name)}</a> SHA-256: ${release.file.sha256}</p>`;
    return [
      "  <entry>",
      `    <id>urn:uuid:${release.id}</id>`,
      `    <title>${escapeHtml(`Firmware ${release.releaseVersion} (${release.channel})${models ? ` for ${models}` : ""}`)}</title>`,
      `    <updated>${release.updatedAt}</updated>`,
      `    <published>${release.releasedOn}T00:00:00Z</published>`,
      `    <link rel="alternate" href="${escapeHtml(`${publicUrl}${pagePath}`)}"/>`,
      `    <link rel="enclosure" href="${escapeHtml(publicUrl + release.file.url)}"/>`,
      `    <category term="${release.channel}"/>`,
      `    <content type="html">${escapeHtml(content)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(publicUrl + selfPath)}</id>`,
    `  <title>${escapeHtml(title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" href="${escapeHtml(publicUrl + selfPath)}"/>`,
    `  <link rel="alternate" href="${escapeHtml(publicUrl + pagePath)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

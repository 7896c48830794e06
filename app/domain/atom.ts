import { escapeHtml } from "./markdown";

/**
 * Text as XML 1.0 takes it: escaped, and without the control characters it does not allow at all
 * (a vertical tab pasted from a word processor would make the whole feed unreadable).
 */
function xml(text: string): string {
  const allowed = (code: number) =>
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
  return escapeHtml(
    Array.from(text)
      .filter((char) => allowed(char.codePointAt(0) ?? 0))
      .join(""),
  );
}

/** What a feed of firmware releases says of one (the release as pages read it). */
export interface FeedRelease {
  id: string;
  releaseVersion: string;
  releasedOn: string;
  channel: "stable" | "beta";
  /** The notes as escaped HTML (`markdownToHtml`), made once per change of the release, not per feed. */
  notesHtml: string;
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
  /** The company: a feed names its author (RFC 4287 §4.1.1). */
  author: string;
  publicUrl: string;
  selfPath: string;
  pagePath: string;
  releases: FeedRelease[];
}): string {
  const { title, author, publicUrl, selfPath, pagePath, releases } = input;
  const updated = releases.reduce(
    (latest, release) => (release.updatedAt > latest ? release.updatedAt : latest),
    "1970-01-01T00:00:00.000Z",
  );
  const entries = releases.map((release) => {
    const models = release.products.map((product) => product.model).join(", ");
    const content = `${release.notesHtml}\n<p><a href="${xml(publicUrl + release.file.url)}">${xml(release.file.name)}</a> SHA-256: ${release.file.sha256}</p>`;
    return [
      "  <entry>",
      `    <id>urn:uuid:${release.id}</id>`,
      `    <title>${xml(`Firmware ${release.releaseVersion} (${release.channel})${models ? ` for ${models}` : ""}`)}</title>`,
      `    <updated>${release.updatedAt}</updated>`,
      `    <published>${release.releasedOn}T00:00:00Z</published>`,
      `    <link rel="alternate" href="${xml(`${publicUrl}${pagePath}`)}"/>`,
      `    <link rel="enclosure" href="${xml(publicUrl + release.file.url)}"/>`,
      `    <category term="${release.channel}"/>`,
      `    <content type="html">${xml(content)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(publicUrl + selfPath)}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <author><name>${xml(author)}</name></author>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" href="${xml(publicUrl + selfPath)}"/>`,
    `  <link rel="alternate" href="${xml(publicUrl + pagePath)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** What a feed of advisories says of one (the published advisory as pages read it). */
export interface FeedAdvisory {
  id: string;
  title: string;
  summary: string;
  /** "Critical (CVSS 4.0 9.3)", or the severity alone. */
  severityText: string;
  cves: string[];
  /** Each product in words: "VNT-D4M-AI28: 2.0.0 and later, before 2.4.3; fixed in firmware 2.4.3". */
  products: string[];
  workaround: string;
  revisions: { number: number; date: string; note: string }[];
  /** Its page, a site path. */
  path: string;
  published: string;
  updated: string;
}

/**
 * An Atom 1.0 feed of security advisories, newest first: one entry per advisory, updated with each
 * revision, whose content says what it affects, how to fix it and what each revision changed.
 */
export function advisoryFeed(input: {
  title: string;
  author: string;
  publicUrl: string;
  selfPath: string;
  pagePath: string;
  /** While none is published: when the list was read. */
  emptyUpdated: string;
  advisories: FeedAdvisory[];
}): string {
  const { title, author, publicUrl, selfPath, pagePath, advisories, emptyUpdated } = input;
  const updated = advisories.reduce<string | undefined>(
    (latest, advisory) => (latest && latest > advisory.updated ? latest : advisory.updated),
    undefined,
  );
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${xml(item)}</li>`).join("")}</ul>`;
  const entries = advisories.map((advisory) => {
    const content = [
      `<p>${xml(advisory.summary)}</p>`,
      `<p>Severity: ${xml(advisory.severityText)}${advisory.cves.length ? `. ${xml(advisory.cves.join(", "))}` : ""}</p>`,
      advisory.products.length ? `<p>Affected products:</p>${list(advisory.products)}` : "",
      advisory.workaround ? `<p>Workaround: ${xml(advisory.workaround)}</p>` : "",
      `<p>Revisions:</p>${list(advisory.revisions.map((revision) => `${revision.number} (${revision.date.slice(0, 10)}): ${revision.note}`))}`,
    ].join("");
    return [
      "  <entry>",
      `    <id>${xml(publicUrl + advisory.path)}</id>`,
      `    <title>${xml(`${advisory.id}: ${advisory.title}`)}</title>`,
      `    <updated>${advisory.updated}</updated>`,
      `    <published>${advisory.published}</published>`,
      `    <link rel="alternate" href="${xml(publicUrl + advisory.path)}"/>`,
      `    <summary>${xml(advisory.summary)}</summary>`,
      `    <content type="html">${xml(content)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(publicUrl + selfPath)}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <author><name>${xml(author)}</name></author>`,
    `  <updated>${updated ?? emptyUpdated}</updated>`,
    `  <link rel="self" href="${xml(publicUrl + selfPath)}"/>`,
    `  <link rel="alternate" href="${xml(publicUrl + pagePath)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

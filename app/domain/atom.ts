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

/** One entry of a feed; its links and id are whole addresses, its content HTML (escaped here). */
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  published: string;
  links: { rel: "alternate" | "enclosure"; href: string }[];
  categories?: string[];
  summary?: string;
  contentHtml: string;
}

/** The feed itself: its pages are site paths, made whole with `publicUrl`. */
interface AtomHead {
  title: string;
  /** The company: a feed names its author (RFC 4287 §4.1.1). */
  author: string;
  publicUrl: string;
  selfPath: string;
  pagePath: string;
}

/** An Atom 1.0 feed (RFC 4287); `updated` is the newest entry's, or `emptyUpdated` with none. */
function atomFeed(head: AtomHead, entries: AtomEntry[], emptyUpdated: string): string {
  const { title, author, publicUrl, selfPath, pagePath } = head;
  const updated = entries.reduce<string | undefined>(
    (latest, entry) => (latest && latest > entry.updated ? latest : entry.updated),
    undefined,
  );
  const lines = entries.map((entry) =>
    [
      "  <entry>",
      `    <id>${xml(entry.id)}</id>`,
      `    <title>${xml(entry.title)}</title>`,
      `    <updated>${entry.updated}</updated>`,
      `    <published>${entry.published}</published>`,
      ...entry.links.map((link) => `    <link rel="${link.rel}" href="${xml(link.href)}"/>`),
      ...(entry.categories ?? []).map((term) => `    <category term="${xml(term)}"/>`),
      ...(entry.summary ? [`    <summary>${xml(entry.summary)}</summary>`] : []),
      `    <content type="html">${xml(entry.contentHtml)}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(publicUrl + selfPath)}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <author><name>${xml(author)}</name></author>`,
    `  <updated>${updated ?? emptyUpdated}</updated>`,
    `  <link rel="self" href="${xml(publicUrl + selfPath)}"/>`,
    `  <link rel="alternate" href="${xml(publicUrl + pagePath)}"/>`,
    ...lines,
    "</feed>",
    "",
  ].join("\n");
}

/** A feed as its route answers it: readers may keep it five minutes. */
export function atomResponse(feed: string): Response {
  return new Response(feed, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
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
export function firmwareFeed(input: AtomHead & { releases: FeedRelease[] }): string {
  const { publicUrl, pagePath, releases } = input;
  const entries = releases.map((release): AtomEntry => {
    const models = release.products.map((product) => product.model).join(", ");
    return {
      id: `urn:uuid:${release.id}`,
      title: `Firmware ${release.releaseVersion} (${release.channel})${models ? ` for ${models}` : ""}`,
      updated: release.updatedAt,
      published: `${release.releasedOn}T00:00:00Z`,
      links: [
        { rel: "alternate", href: `${publicUrl}${pagePath}` },
        { rel: "enclosure", href: publicUrl + release.file.url },
      ],
      categories: [release.channel],
      contentHtml: `${release.notesHtml}\n<p><a href="${xml(publicUrl + release.file.url)}">${xml(release.file.name)}</a> SHA-256: ${release.file.sha256}</p>`,
    };
  });
  return atomFeed(input, entries, "1970-01-01T00:00:00.000Z");
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
export function advisoryFeed(
  input: AtomHead & {
    /** While none is published: when the list was read. */
    emptyUpdated: string;
    advisories: FeedAdvisory[];
  },
): string {
  const { publicUrl, advisories, emptyUpdated } = input;
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${xml(item)}</li>`).join("")}</ul>`;
  const entries = advisories.map((advisory): AtomEntry => ({
    id: publicUrl + advisory.path,
    title: `${advisory.id}: ${advisory.title}`,
    updated: advisory.updated,
    published: advisory.published,
    links: [{ rel: "alternate", href: publicUrl + advisory.path }],
    summary: advisory.summary,
    contentHtml: [
      `<p>${xml(advisory.summary)}</p>`,
      `<p>Severity: ${xml(advisory.severityText)}${advisory.cves.length ? `. ${xml(advisory.cves.join(", "))}` : ""}</p>`,
      advisory.products.length ? `<p>Affected products:</p>${list(advisory.products)}` : "",
      advisory.workaround ? `<p>Workaround: ${xml(advisory.workaround)}</p>` : "",
      `<p>Revisions:</p>${list(advisory.revisions.map((revision) => `${revision.number} (${revision.date.slice(0, 10)}): ${revision.note}`))}`,
    ].join(""),
  }));
  return atomFeed(input, entries, emptyUpdated);
}

/** What the News feed says of one item. */
export interface FeedNewsItem {
  id: string;
  title: string;
  /** Its text, as typed (plain text, its lines kept). */
  text: string;
  /** Its picture, a site path, and the picture's description. */
  image: { url: string; alt: string } | null;
  /** Where "Read more" leads: a site path or a web address. */
  link: string | null;
  datedOn: string;
  updatedAt: string;
}

/**
 * An Atom feed of News, newest first: each entry links to where its "Read more" leads (else to News
 * itself), is published on the day it is dated and updated with each edit.
 */
export function newsFeed(input: AtomHead & { emptyUpdated: string; items: FeedNewsItem[] }): string {
  const { publicUrl, pagePath, items, emptyUpdated } = input;
  const whole = (link: string) => (link.startsWith("/") ? publicUrl + link : link);
  const entries = items.map((item): AtomEntry => {
    const paragraphs = item.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => `<p>${xml(paragraph).replace(/\n/g, "<br>")}</p>`);
    const picture = item.image
      ? [`<p><img src="${xml(publicUrl + item.image.url)}" alt="${xml(item.image.alt)}"></p>`]
      : [];
    const more = item.link ? [`<p><a href="${xml(whole(item.link))}">Read more</a></p>`] : [];
    return {
      id: `urn:uuid:${item.id}`,
      title: item.title,
      updated: item.updatedAt,
      published: `${item.datedOn}T00:00:00Z`,
      links: [{ rel: "alternate", href: item.link ? whole(item.link) : `${publicUrl}${pagePath}#news-${item.id}` }],
      contentHtml: [...picture, ...paragraphs, ...more].join(""),
    };
  });
  return atomFeed(input, entries, emptyUpdated);
}

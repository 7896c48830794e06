import type { CvssScore, Severity } from "./cvss";

/**
 * A security advisory as pages and its CSAF document read it (decision 075). Its id is the maker's
 * ("VSA-2026-004"); its revisions are its own, each with a note, the first being its publication.
 */
export const ADVISORY_STATUSES = ["interim", "final"] as const;
export type AdvisoryStatus = (typeof ADVISORY_STATUSES)[number];

export interface AdvisoryRevision {
  /** 1, 2, 3…: CSAF's `tracking.revision_history[].number`. */
  number: number;
  /** When it was published (ISO date and time). */
  date: string;
  /** What changed, in a line ("Initial release.", "Fixed release for VNT-D4M added."). */
  note: string;
}

/** One product an advisory concerns: the versions affected and the release that fixes it, if any. */
export interface AffectedProduct {
  productId: string;
  model: string;
  /** Its name in words, if it has one. */
  name: string;
  /**
   * The versions affected, as a `vers` range's constraints ("<2.4.3", ">=2.0.0|<2.4.3"): CSAF's
   * product_version_range, and how the page says it ("2.0.0 and later, before 2.4.3").
   */
  affectedVersions: string;
  /** The site's own firmware release that fixes it: its version and its page. */
  fixedIn: { releaseId: string; version: string; url: string } | null;
}

export interface AdvisoryDocument {
  /** The maker's id, "VSA-2026-004". */
  id: string;
  title: string;
  summary: string;
  /** Markdown, as the release notes are. */
  details: string;
  cves: string[];
  cvss: { v31: CvssScore | null; v40: CvssScore | null };
  /** The advisory's severity: CVSS 4.0's when given, else 3.1's. */
  severity: Severity;
  workaround: string;
  /** Who found it, as they asked to be credited; one name a line. */
  acknowledgments: string[];
  status: AdvisoryStatus;
  affected: AffectedProduct[];
  /** Oldest first; the first is its publication. */
  revisions: AdvisoryRevision[];
}

/** The note of an advisory's first publication when its editor wrote none. */
export const ADVISORY_FIRST_NOTE = "Initial release.";

/** The CVE id format (MITRE): "CVE-", a year, and four or more digits. */
export const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/** The advisory id format: letters, a year and a number, "VSA-2026-004". */
export const ADVISORY_ID = /^[A-Z][A-Z0-9]*-\d{4}-\d{3,}$/;

/** A `vers` range's constraints: each a comparator and a version, joined by "|" (">=2.0.0|<2.4.3"). */
export const VERSION_RANGE =
  /^(?:>=|<=|!=|<|>)?[0-9A-Za-z][0-9A-Za-z.+\-_~]*(?:\|(?:>=|<=|!=|<|>)?[0-9A-Za-z][0-9A-Za-z.+\-_~]*)*$/;

const COMPARATOR_WORDS: Record<string, (version: string) => string> = {
  ">=": (version) => `${version} and later`,
  ">": (version) => `after ${version}`,
  "<=": (version) => `up to ${version}`,
  "<": (version) => `before ${version}`,
  "!=": (version) => `except ${version}`,
  "": (version) => version,
};

/** A range in words, as pages say it: ">=2.0.0|<2.4.3" is "2.0.0 and later, before 2.4.3". */
export function versionsInWords(range: string): string {
  return range
    .split("|")
    .map((constraint) => {
      const [, comparator = "", version = ""] = /^(>=|<=|!=|<|>)?(.*)$/.exec(constraint) ?? [];
      return (COMPARATOR_WORDS[comparator] ?? COMPARATOR_WORDS[""] ?? String)(version);
    })
    .join(", ");
}

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

/** A range's constraints, each its comparator ("" for an exact version) and its version. */
function constraintsOf(range: string): { comparator: string; version: string }[] {
  return range.split("|").map((constraint) => {
    const [, comparator = "", version = ""] = /^(>=|<=|!=|<|>)?(.*)$/.exec(constraint) ?? [];
    return { comparator, version };
  });
}

/** How a page words each comparator of a range's bound (`advisory.versions`). */
const BOUNDS: Record<string, VersionBound> = {
  ">=": "atLeast",
  ">": "after",
  "<=": "upTo",
  "<": "before",
  "!=": "except",
};

export type VersionBound = "atLeast" | "after" | "upTo" | "before" | "except" | "exactly";

/** A range's bounds as pages word them: ">=2.0.0|<2.4.3" is "2.0.0 and later, before 2.4.3". */
export function versionBounds(range: string): { bound: VersionBound; version: string }[] {
  return constraintsOf(range).map(({ comparator, version }) => ({ bound: BOUNDS[comparator] ?? "exactly", version }));
}

/**
 * Whether `version` is in `range`: every constraint holds (as `versionsInWords` reads them), versions
 * compared number by number ("2.10.0" is after "2.9.1").
 */
export function versionInRange(version: string, range: string, compare: (a: string, b: string) => number): boolean {
  return constraintsOf(range).every(({ comparator, version: bound }) => {
    const order = compare(version, bound);
    switch (comparator) {
      case ">=":
        return order >= 0;
      case ">":
        return order > 0;
      case "<=":
        return order <= 0;
      case "<":
        return order < 0;
      case "!=":
        return order !== 0;
      default:
        return order === 0;
    }
  });
}

/** The CSAF provider's metadata (CSAF 2.0 section 7.1.7), where tools look for it (7.1.9). */
export const CSAF_PROVIDER_METADATA_PATH = "/.well-known/csaf/provider-metadata.json";
/** The directory-based distribution of the TLP:WHITE documents (7.1.11-14). */
export const CSAF_DIRECTORY_PATH = "/.well-known/csaf/white/";

/** The score an advisory's severity is from: CVSS 4.0's when given, else 3.1's. */
export function headlineScore(cvss: AdvisoryDocument["cvss"]): CvssScore | null {
  return cvss.v40 ?? cvss.v31;
}

/** Which of `advisory.fix`'s sentences says whether a product's latest stable firmware fixes an advisory. */
export type FixCase = "latest" | "includes" | "notYet" | "fixed" | "notAffected" | "workaround" | "none";

/**
 * Whether a product's latest stable firmware (`latestVersion`) fixes an advisory: the fixing release
 * and whether the latest includes it, or that none exists yet, as `advisory.fix` words it.
 */
export function fixStatus(
  product: Pick<AffectedProduct, "affectedVersions" | "fixedIn">,
  latestVersion: string | undefined,
  hasWorkaround: boolean,
  compare: (a: string, b: string) => number,
): { case: FixCase; fixed: string; latest: string } {
  const fixed = product.fixedIn?.version ?? "";
  const latest = latestVersion ?? "";
  const said = (found: FixCase) => ({ case: found, fixed, latest });
  if (fixed && latest) {
    if (compare(latest, fixed) === 0) return said("latest");
    return said(compare(latest, fixed) > 0 ? "includes" : "notYet");
  }
  if (fixed) return said("fixed");
  if (latest && !versionInRange(latest, product.affectedVersions, compare)) return said("notAffected");
  return said(hasWorkaround ? "workaround" : "none");
}

/** What a search reads of an advisory: its id, CVE ids, title, summary and products' models. */
export function advisorySearchText(advisory: {
  id: string;
  cves: readonly string[];
  title: string;
  summary: string;
  models: readonly string[];
}): string {
  return [advisory.id, ...advisory.cves, advisory.title, advisory.summary, ...advisory.models].join(" ").toLowerCase();
}

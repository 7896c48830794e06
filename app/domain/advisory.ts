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
  return constraintsOf(range)
    .map(({ comparator, version }) => (COMPARATOR_WORDS[comparator] ?? COMPARATOR_WORDS[""] ?? String)(version))
    .join(", ");
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

/** The severity as lists and feeds say it: "Critical (CVSS 4.0: 9.3)", the score the severity is from. */
export function severityInWords(advisory: Pick<AdvisoryDocument, "severity" | "cvss">): string {
  const score = headlineScore(advisory.cvss);
  return score ? `${advisory.severity} (CVSS ${score.version}: ${score.score.toFixed(1)})` : advisory.severity;
}

/** A product of an advisory in words: "VNT-D4M: 2.0.0 and later, before 2.4.3; fixed in firmware 2.4.3". */
export function affectedInWords(product: AffectedProduct): string {
  const fix = product.fixedIn ? `fixed in firmware ${product.fixedIn.version}` : "no fixed firmware yet";
  return `${product.model}: ${versionsInWords(product.affectedVersions)}; ${fix}`;
}

/**
 * Whether a product's latest stable firmware fixes an advisory, in a sentence for its page: the
 * fixing release and whether the latest includes it, or that none exists yet.
 */
export function fixStatusInWords(
  product: Pick<AffectedProduct, "affectedVersions" | "fixedIn">,
  latestVersion: string | undefined,
  hasWorkaround: boolean,
  compare: (a: string, b: string) => number,
): string {
  const fixed = product.fixedIn?.version;
  if (fixed && latestVersion) {
    if (compare(latestVersion, fixed) === 0) return `Fixed in firmware ${fixed}, the latest firmware.`;
    return compare(latestVersion, fixed) > 0
      ? `Fixed in firmware ${fixed}; the latest firmware, ${latestVersion}, includes the fix.`
      : `Fixed in firmware ${fixed}; the latest stable firmware, ${latestVersion}, does not include it yet.`;
  }
  if (fixed) return `Fixed in firmware ${fixed}.`;
  if (latestVersion && !versionInRange(latestVersion, product.affectedVersions, compare)) {
    return `The latest firmware, ${latestVersion}, is not affected.`;
  }
  return hasWorkaround ? "No fixed firmware yet: apply the workaround." : "No fixed firmware yet.";
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

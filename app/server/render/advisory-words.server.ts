import {
  fixStatus,
  headlineScore,
  versionBounds,
  type AdvisoryDocument,
  type AffectedProduct,
} from "#app/domain/advisory";
import type { Severity } from "#app/domain/cvss";
import { SOURCE_LANGUAGE } from "#app/domain/languages";
import { formatMessage } from "./messages.server";

// How pages word a security advisory (`advisory.*`), in the first language of a chain that has the
// words: its severity and score, the firmware versions it affects, whether a product's firmware fixes it.

/** A severity's name ("Critical"). */
export function severityName(severity: Severity, chain: readonly string[]): string {
  return formatMessage("advisory.severity", chain, { severity }).text;
}

/** A score as a badge shows it beside its severity's name ("9.8"). */
export function scoreInWords(score: number, chain: readonly string[]): string {
  return formatMessage("advisory.score", chain, { score }).text;
}

/** Its severity with the score it comes from: "High (CVSS 4.0: 8.7)". */
export function severityInWords(
  advisory: Pick<AdvisoryDocument, "severity" | "cvss">,
  chain: readonly string[] = [SOURCE_LANGUAGE],
): string {
  const severity = severityName(advisory.severity, chain);
  const score = headlineScore(advisory.cvss);
  return score
    ? formatMessage("advisory.scored", chain, { severity, version: score.version, score: score.score }).text
    : severity;
}

/** A range of firmware versions: ">=2.0.0|<2.4.3" is "2.0.0 and later, before 2.4.3"; English for the feeds. */
export function versionsInWords(range: string, chain: readonly string[] = [SOURCE_LANGUAGE]): string {
  const separator = formatMessage("advisory.versionSeparator", chain).text;
  return versionBounds(range)
    .map((bound) => formatMessage("advisory.versions", chain, bound).text)
    .join(separator);
}

/** Whether a product's latest stable firmware fixes an advisory, in a sentence for its page (`fixStatus`). */
export function fixStatusInWords(
  product: Pick<AffectedProduct, "affectedVersions" | "fixedIn">,
  latestVersion: string | undefined,
  hasWorkaround: boolean,
  compare: (a: string, b: string) => number,
  chain: readonly string[],
): string {
  return formatMessage("advisory.fix", chain, fixStatus(product, latestVersion, hasWorkaround, compare)).text;
}

/** A product it affects in a line: "VNT-D4M: 2.0.0 and later, before 2.4.3; fixed in firmware 2.4.3". */
export function affectedInWords(product: AffectedProduct, chain: readonly string[] = [SOURCE_LANGUAGE]): string {
  return formatMessage("advisory.affectedProduct", chain, {
    model: product.model,
    versions: versionsInWords(product.affectedVersions, chain),
    hasFix: product.fixedIn ? "yes" : "no",
    fixed: product.fixedIn?.version ?? "",
  }).text;
}

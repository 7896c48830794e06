import type { Block } from "./markdown";
import type { FileView } from "./catalog-views";
import type { PublicationState } from "./publication";
import type { DayView } from "./format";
import type { LanguageAttributes } from "./languages";

/** A firmware release's channel: stable releases are what a product page offers; betas are for testers. */
export const FIRMWARE_CHANNELS = ["stable", "beta"] as const;
export type FirmwareChannel = (typeof FIRMWARE_CHANNELS)[number];
export const FIRMWARE_CHANNEL_NAMES: Record<FirmwareChannel, string> = { stable: "Stable", beta: "Beta" };

/** How the audit log, revisions and Recently deleted name a release: "2.4.1 (stable)". */
export function firmwareLabel(release: { releaseVersion: string; channel: FirmwareChannel }): string {
  return `${release.releaseVersion} (${release.channel})`;
}

/** A release as visitors' pages show it: its notes already read from Markdown on the server. */
export interface FirmwareReleaseView {
  id: string;
  releaseVersion: string;
  releasedOn: string;
  channel: FirmwareChannel;
  notes: Block[];
  file: { url: string; name: string; size: number; sha256: string };
  sbom: { url: string; format: string } | null;
  products: { id: string; slug: string; model: string }[];
  /** The published security advisories it fixes: their ids and pages. */
  fixes?: { id: string; path: string }[];
}

/** A release as a page in a language lists it: its day and its file's size written as the language writes them. */
export interface ListedFirmwareRelease extends FirmwareReleaseView {
  released: DayView;
  size: string;
}

/** Words before and after where a value goes (`aroundMark`). */
type Around = [before: string, after: string];

/**
 * A release's words (`firmwareRelease.*`) as its entry shows them, split on the server where each
 * value goes, so that the page's code formats nothing; the attributes of what its record says
 * (English until translated) where that is not the words' language.
 */
export interface FirmwareReleaseWords extends LanguageAttributes {
  content: LanguageAttributes | undefined;
  channels: Record<FirmwareChannel, string>;
  heading: Around;
  released: Around;
  forProducts: Around;
  fixes: Around;
  separator: string;
  download: Around;
  checksum: Around;
  sbom: string;
  sbomOf: Around;
  sbomFormat: Around;
}

/** A release as pages show it. */
export interface FirmwareRelease {
  id: string;
  releaseVersion: string;
  releasedOn: string;
  channel: FirmwareChannel;
  notes: string;
  file: FileView & { sha256: string };
  /** Its software bill of materials and what it is ("CycloneDX 1.6"), if it has one. */
  sbom: (FileView & { format: string }) | null;
  products: { id: string; slug: string; model: string }[];
  version: number;
  publication: PublicationState;
  updatedAt: string;
}

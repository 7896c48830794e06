/**
 * What a download is (decision 074): the product page groups its files by it and the support page
 * filters by it. In the order the product page lists its groups: what a buyer reads first, first.
 * `label` is the dashboard's name of one; `name` names it among the messages (`downloadKinds.*`, the
 * group's heading in the page's language, and the support page's sentences).
 */
export const DOWNLOAD_KINDS = [
  { value: "datasheet", label: "Datasheet", name: "datasheet" },
  { value: "manual", label: "Manual", name: "manual" },
  { value: "ae-specification", label: "A&E specification", name: "aeSpecification" },
  { value: "cad", label: "CAD/BIM drawing", name: "cad" },
  { value: "certificate", label: "Certificate", name: "certificate" },
  { value: "declaration", label: "Declaration of conformity", name: "declaration" },
  { value: "sbom", label: "SBOM", name: "sbom" },
  { value: "software", label: "Software", name: "software" },
  { value: "other", label: "Other", name: "other" },
] as const;

/** A kind's name among the messages. */
export type DownloadKindName = (typeof DOWNLOAD_KINDS)[number]["name"];

export type DownloadKind = (typeof DOWNLOAD_KINDS)[number]["value"];

export const DOWNLOAD_KIND_VALUES = DOWNLOAD_KINDS.map((kind) => kind.value) as [DownloadKind, ...DownloadKind[]];

export function isDownloadKind(value: unknown): value is DownloadKind {
  return DOWNLOAD_KINDS.some((kind) => kind.value === value);
}

export function downloadKindLabel(kind: DownloadKind): string {
  return DOWNLOAD_KINDS.find((each) => each.value === kind)?.label ?? "Other";
}

/**
 * Downloads in groups by kind, in DOWNLOAD_KINDS' order, each group's files in the order given; no
 * empty group.
 */
export function groupByKind<Item extends { kind: DownloadKind }>(items: readonly Item[]) {
  return DOWNLOAD_KINDS.map((kind) => ({
    kind: kind.value,
    name: kind.name,
    items: items.filter((item) => item.kind === kind.value),
  })).filter((group) => group.items.length > 0);
}

/** Words in a description or file name that say what a file is, most telling first. */
const KIND_HINTS: readonly [DownloadKind, RegExp][] = [
  ["sbom", /\b(?:sbom|cyclonedx|spdx)\b|\.(?:cdx|spdx)\.json$/i],
  ["declaration", /declaration of conformity|\bdoc\b|\b(?:eu|ce|ukca)[ -]?declaration/i],
  ["certificate", /certificat|\b(?:ul|fcc|ce|rohs|ndaa|iso ?\d+)\b.*\bcert/i],
  ["ae-specification", /\ba ?& ?e\b|architect|engineer(?:ing)? spec/i],
  ["cad", /\b(?:cad|bim|revit|dwg|dxf|step|ifc)\b|\.(?:dwg|dxf|rvt|rfa|ifc|stp|step)$/i],
  ["datasheet", /data ?sheet/i],
  ["manual", /manual|guide|handbook|instructions?\b|quick[ _-]?start/i],
  ["software", /software|\btool\b|client|viewer|utility|plug-?in|\.(?:exe|msi|dmg|pkg|apk|zip)$/i],
];

/** A new file's kind as its description or name suggests (an import's upload, a form's first guess). */
export function guessDownloadKind(...texts: readonly string[]): DownloadKind {
  for (const [kind, hint] of KIND_HINTS) if (texts.some((text) => hint.test(text))) return kind;
  return "other";
}

/**
 * What a download is (decision 074): the product page groups its files by it and the support page
 * filters by it. In the order the product page lists its groups: what a buyer reads first, first.
 */
export const DOWNLOAD_KINDS = [
  { value: "datasheet", label: "Datasheet", group: "Datasheets", noun: "datasheets" },
  { value: "manual", label: "Manual", group: "Manuals and guides", noun: "manuals or guides" },
  { value: "ae-specification", label: "A&E specification", group: "A&E specifications", noun: "A&E specifications" },
  { value: "cad", label: "CAD/BIM drawing", group: "CAD/BIM drawings", noun: "CAD/BIM drawings" },
  { value: "certificate", label: "Certificate", group: "Certificates", noun: "certificates" },
  {
    value: "declaration",
    label: "Declaration of conformity",
    group: "Declarations of conformity",
    noun: "declarations of conformity",
  },
  { value: "sbom", label: "SBOM", group: "Software bills of materials (SBOM)", noun: "SBOMs" },
  { value: "software", label: "Software", group: "Software", noun: "software downloads" },
  { value: "other", label: "Other", group: "Other documents", noun: "other documents" },
] as const;

export type DownloadKind = (typeof DOWNLOAD_KINDS)[number]["value"];

export const DOWNLOAD_KIND_VALUES = DOWNLOAD_KINDS.map((kind) => kind.value) as [DownloadKind, ...DownloadKind[]];

export function isDownloadKind(value: unknown): value is DownloadKind {
  return DOWNLOAD_KINDS.some((kind) => kind.value === value);
}

export function downloadKindLabel(kind: DownloadKind): string {
  return DOWNLOAD_KINDS.find((each) => each.value === kind)?.label ?? "Other";
}

/** How a sentence names downloads of `kind` ("No datasheets match …"). */
export function downloadKindNoun(kind: DownloadKind): string {
  return DOWNLOAD_KINDS.find((each) => each.value === kind)?.noun ?? "downloads";
}

/**
 * Downloads in groups by kind, in DOWNLOAD_KINDS' order, each group's files in the order given; no
 * empty group.
 */
export function groupByKind<Item extends { kind: DownloadKind }>(items: readonly Item[]) {
  return DOWNLOAD_KINDS.map((kind) => ({
    kind: kind.value,
    heading: kind.group,
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

import { z } from "zod";

/**
 * A software bill of materials as a firmware release carries it (decision 074): a CycloneDX (1.2 and
 * later) or SPDX (2.2, 2.3 or 3.0) document in JSON. Checked for the fields each standard requires of
 * a document, not against its full schema: enough to tell an SBOM from any other JSON a person might
 * pick by mistake, and to name its format and version on the release's page.
 */
const cycloneDx = z.object({
  bomFormat: z.literal("CycloneDX"),
  specVersion: z.string().regex(/^1\.[2-9]$/),
  version: z.number().int().positive().optional(),
  components: z.array(z.object({ type: z.string(), name: z.string() })).optional(),
});

const spdx2 = z.object({
  spdxVersion: z.string().regex(/^SPDX-2\.[2-3]$/),
  SPDXID: z.literal("SPDXRef-DOCUMENT"),
  dataLicense: z.literal("CC0-1.0"),
  name: z.string().min(1),
  documentNamespace: z.string().min(1),
  creationInfo: z.object({ created: z.string().min(1), creators: z.array(z.string()).min(1) }),
  packages: z.array(z.object({ SPDXID: z.string(), name: z.string() })).optional(),
});

const spdx3 = z.object({
  "@context": z.string().regex(/^https:\/\/spdx\.org\/rdf\/3\.0\.\d+\/spdx-context\.jsonld$/),
  "@graph": z.array(z.object({ type: z.string() })).min(1),
});

/** What the document is ("CycloneDX 1.6", "SPDX 2.3", "SPDX 3.0"), or null when it is no SBOM of those. */
export function sbomFormatOf(document: unknown): string | null {
  const bom = cycloneDx.safeParse(document);
  if (bom.success) return `CycloneDX ${bom.data.specVersion}`;
  const two = spdx2.safeParse(document);
  if (two.success) return two.data.spdxVersion.replace("-", " ");
  const three = spdx3.safeParse(document);
  if (three.success) return "SPDX 3.0";
  return null;
}

/** Reads `text` as JSON and says what SBOM it is; null for anything else. */
export function sbomFormatOfText(text: string): string | null {
  try {
    return sbomFormatOf(JSON.parse(text));
  } catch {
    return null;
  }
}

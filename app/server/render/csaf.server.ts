import {
  CSAF_DIRECTORY_PATH,
  CSAF_PROVIDER_METADATA_PATH,
  type AdvisoryDocument,
  type AffectedProduct,
} from "#app/domain/advisory";
import type { CvssScore } from "#app/domain/cvss";

/** Who publishes the advisories: the company, at its site's address (CSAF's `publisher.namespace`). */
export interface CsafPublisher {
  name: string;
  namespace: string;
  contactDetails: string;
}

/** A CSAF 2.0 document: JSON as the standard's schema has it. */
export type CsafDocument = Record<string, unknown>;

/**
 * The file name CSAF gives a document (section 5.1): its tracking id in lower case, every character
 * other than letters, digits, "+" and "-" made "_", and ".json".
 */
export function csafFileName(trackingId: string): string {
  return `${trackingId.toLowerCase().replace(/[^+\-a-z0-9]+/g, "_")}.json`;
}

/** Each product with its ids in the document: its affected range's and its fixed version's. */
function withIds(products: readonly AffectedProduct[]) {
  return products.map((product, index) => {
    const key = `CSAFPID-${String(index + 1).padStart(4, "0")}`;
    return { product, affectedId: `${key}-affected`, fixedId: `${key}-fixed` };
  });
}

function cvssV3(score: CvssScore) {
  return {
    version: score.version,
    vectorString: score.vector,
    baseScore: score.score,
    baseSeverity: score.severity.toUpperCase(),
  };
}

/**
 * `advisory` as a CSAF 2.0 security advisory (profile `csaf_security_advisory`): a product tree of the
 * vendor's products, each with its affected version range and its fixed version; one vulnerability per
 * CVE (one without a CVE when it has none), each with its products' status, the vendor's fix or the
 * workaround, and the CVSS 3.1 score (CSAF 2.0 has no place for 4.0's); `tracking.revision_history`
 * from the advisory's revisions.
 */
export function csafDocument(
  advisory: AdvisoryDocument,
  { publisher, advisoryUrl, csafUrl }: { publisher: CsafPublisher; advisoryUrl: string; csafUrl: string },
): CsafDocument {
  const first = advisory.revisions[0];
  const latest = advisory.revisions.at(-1);
  if (!first || !latest) throw new Error(`${advisory.id} has no published revision`);
  const products = withIds(advisory.affected);
  const affectedIds = products.map(({ affectedId }) => affectedId);
  const fixedIds = products.flatMap(({ product, fixedId }) => (product.fixedIn ? [fixedId] : []));
  const fixes = products.flatMap(({ product, affectedId }) =>
    product.fixedIn
      ? [
          {
            category: "vendor_fix",
            details: `Update ${product.model} to firmware ${product.fixedIn.version}.`,
            product_ids: [affectedId],
            url: product.fixedIn.url,
          },
        ]
      : [],
  );
  const unfixed = products.flatMap(({ product, affectedId }) => (product.fixedIn ? [] : [affectedId]));
  const remediations = [
    ...fixes,
    ...(advisory.workaround
      ? [{ category: "workaround", details: advisory.workaround, product_ids: affectedIds }]
      : unfixed.length
        ? [{ category: "none_available", details: "No fix is available yet.", product_ids: unfixed }]
        : []),
  ];
  const vulnerability = {
    title: advisory.title,
    notes: [{ category: "description", title: "Summary", text: advisory.summary }],
    product_status: { known_affected: affectedIds, ...(fixedIds.length ? { fixed: fixedIds } : {}) },
    ...(remediations.length ? { remediations } : {}),
    ...(advisory.cvss.v31 ? { scores: [{ products: affectedIds, cvss_v3: cvssV3(advisory.cvss.v31) }] } : {}),
  };
  return {
    document: {
      category: "csaf_security_advisory",
      csaf_version: "2.0",
      lang: "en",
      title: `${advisory.id}: ${advisory.title}`,
      publisher: {
        category: "vendor",
        name: publisher.name,
        namespace: publisher.namespace,
        contact_details: publisher.contactDetails,
      },
      distribution: { tlp: { label: "WHITE", url: "https://www.first.org/tlp/" } },
      tracking: {
        id: advisory.id,
        status: advisory.status,
        version: String(latest.number),
        revision_history: advisory.revisions.map((revision) => ({
          date: revision.date,
          number: String(revision.number),
          summary: revision.note,
        })),
        initial_release_date: first.date,
        current_release_date: latest.date,
        generator: { engine: { name: "Vantage" } },
      },
      notes: [
        { category: "summary", title: "Summary", text: advisory.summary },
        ...(advisory.details.trim() ? [{ category: "details", title: "Details", text: advisory.details }] : []),
      ],
      references: [
        { category: "self", summary: "The advisory on the maker's site", url: advisoryUrl },
        { category: "self", summary: "This CSAF document", url: csafUrl },
      ],
      ...(advisory.acknowledgments.length ? { acknowledgments: [{ names: advisory.acknowledgments }] } : {}),
    },
    product_tree: {
      branches: [
        {
          category: "vendor",
          name: publisher.name,
          branches: products.map(({ product, affectedId, fixedId }) => ({
            category: "product_name",
            name: product.model,
            branches: [
              {
                category: "product_version_range",
                name: `vers:generic/${product.affectedVersions}`,
                product: {
                  product_id: affectedId,
                  name: `${publisher.name} ${product.model} firmware ${product.affectedVersions}`,
                },
              },
              ...(product.fixedIn
                ? [
                    {
                      category: "product_version",
                      name: product.fixedIn.version,
                      product: {
                        product_id: fixedId,
                        name: `${publisher.name} ${product.model} firmware ${product.fixedIn.version}`,
                      },
                    },
                  ]
                : []),
            ],
          })),
        },
      ],
    },
    vulnerabilities: advisory.cves.length ? advisory.cves.map((cve) => ({ cve, ...vulnerability })) : [vulnerability],
  };
}

/** Where a published advisory's CSAF document is: in the folder of its first publication's year (7.1.11). */
export function csafDocumentPath(advisory: { id: string; year: string }): string {
  return `${CSAF_DIRECTORY_PATH}${advisory.year}/${csafFileName(advisory.id)}`;
}

/** A document's name in the distribution's lists: its year's folder and its file ("2026/vsa-2026-004.json"). */
function listedName(advisory: { id: string; year: string }): string {
  return `${advisory.year}/${csafFileName(advisory.id)}`;
}

/**
 * The provider metadata (CSAF 2.0 section 7.1.7, its provider_json_schema): who publishes, as in every
 * document, and the directory where the documents are.
 */
export function providerMetadata({
  publicUrl,
  publisher,
  lastUpdated,
}: {
  publicUrl: string;
  publisher: CsafPublisher;
  lastUpdated: string;
}): Record<string, unknown> {
  return {
    canonical_url: `${publicUrl}${CSAF_PROVIDER_METADATA_PATH}`,
    distributions: [{ directory_url: `${publicUrl}${CSAF_DIRECTORY_PATH}` }],
    last_updated: lastUpdated,
    list_on_CSAF_aggregators: true,
    metadata_version: "2.0",
    mirror_on_CSAF_aggregators: true,
    publisher: {
      category: "vendor",
      name: publisher.name,
      namespace: publisher.namespace,
      contact_details: publisher.contactDetails,
    },
    role: "csaf_provider",
  };
}

/** `index.txt` (7.1.12): every document's name, one a line. */
export function csafIndex(advisories: readonly { id: string; year: string }[]): string {
  return advisories.map((advisory) => `${listedName(advisory)}\n`).join("");
}

/**
 * `changes.csv` (7.1.13): every document's name and its current release date, the latest first, no
 * heading, each field quoted.
 */
export function csafChanges(advisories: readonly { id: string; year: string; updated: string }[]): string {
  return [...advisories]
    .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id))
    .map((advisory) => `"${listedName(advisory)}","${advisory.updated}"\n`)
    .join("");
}

/** The publisher of every document: the company at its site's address, reached as security.txt says. */
export function csafPublisher(
  site: { companyName: string; securityEmail: string },
  { publicUrl, reportFormUrl }: { publicUrl: string; reportFormUrl: string },
): CsafPublisher {
  return {
    name: site.companyName,
    namespace: publicUrl,
    contactDetails: `Report a vulnerability at ${reportFormUrl} or to ${site.securityEmail}.`,
  };
}

/**
 * A published advisory's CSAF document as the site distributes it: its page, its own address and its
 * fixes' pages as absolute URLs on `publicUrl`.
 */
export function publishedCsafDocument(
  advisory: AdvisoryDocument & { path: string; year: string },
  publisher: CsafPublisher,
  publicUrl: string,
): CsafDocument {
  return csafDocument(
    {
      ...advisory,
      affected: advisory.affected.map((product) => ({
        ...product,
        fixedIn: product.fixedIn && { ...product.fixedIn, url: `${publicUrl}${product.fixedIn.url}` },
      })),
    },
    {
      publisher,
      advisoryUrl: `${publicUrl}${advisory.path}`,
      csafUrl: `${publicUrl}${csafDocumentPath(advisory)}`,
    },
  );
}

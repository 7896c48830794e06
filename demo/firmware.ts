import { createRandom, seedFrom } from "./random";
import type { ArtKind, DemoCategory, DemoProduct } from "./types";

/** A firmware release of the demo: one line of products, a version, a channel, notes and its file. */
export interface DemoFirmwareRelease {
  releaseVersion: string;
  /** Days before the day the demo is loaded: the feeds always have recent entries. */
  daysAgo: number;
  channel: "stable" | "beta";
  notes: string;
  fileName: string;
  /** The models it is for. */
  models: string[];
  /** The format of its software bill of materials, if it has one. */
  sbom?: "cyclonedx" | "spdx";
}

/** Each line's newest stable release carries an SBOM, in the format its team uses. */
const SBOM_FORMATS: Record<string, DemoFirmwareRelease["sbom"]> = { "VNT-IPC": "cyclonedx", "VNT-NVR": "spdx" };

/** What the demo's firmware is built from: the components its SBOMs list. */
const COMPONENTS: [name: string, version: string, license: string][] = [
  ["linux", "5.10.226", "GPL-2.0-only"],
  ["busybox", "1.36.1", "GPL-2.0-only"],
  ["openssl", "3.0.15", "Apache-2.0"],
  ["lighttpd", "1.4.76", "BSD-3-Clause"],
  ["live555", "2024.05.30", "LGPL-3.0-or-later"],
  ["zlib", "1.3.1", "Zlib"],
];

/** A line of firmware and the categories' drawings whose products run it. */
const LINES: { name: string; prefix: string; arts: ArtKind[]; major: string }[] = [
  { name: "IP camera", prefix: "VNT-IPC", arts: ["dome", "bullet", "turret", "ptz", "fisheye"], major: "2" },
  { name: "thermal camera", prefix: "VNT-TH", arts: ["thermal"], major: "3" },
  { name: "recorder", prefix: "VNT-NVR", arts: ["nvr"], major: "4" },
];

/** Each line's releases over the last two years, oldest first: [minor.patch, days ago, channel]. */
const SCHEDULE: [version: string, daysAgo: number, channel: "stable" | "beta"][] = [
  ["3.0", 700, "stable"],
  ["3.2", 610, "stable"],
  ["4.0-beta1", 540, "beta"],
  ["4.0", 500, "stable"],
  ["4.3", 400, "stable"],
  ["5.0-beta1", 320, "beta"],
  ["5.0", 270, "stable"],
  ["5.2", 170, "stable"],
  ["6.0-beta1", 75, "beta"],
  ["5.4", 30, "stable"],
];

const ADDED = [
  "Smart search by clothing color in the web interface",
  "ONVIF Profile M metadata for people and vehicles",
  "HTTPS certificates from your own certificate authority",
  "Scheduled reboot from the maintenance page",
  "Privacy masks that follow the zoom",
  "SNMP v3 with SHA-256 authentication",
  "Edge storage health warnings by e-mail",
  "Line crossing with direction in both ways",
];
const FIXED = [
  "Time drift of up to two seconds a day without NTP",
  "IR flicker at dusk on some sensors",
  "RTSP stream stopping after 24 hours with some VMS",
  "Motion alarms repeating after a power cut",
  "Web interface slow to load with many users",
  "Wrong daylight saving change in the southern hemisphere",
  "Snapshots of the wrong size on the sub-stream",
  "Audio out of step with video after a reconnection",
];
const SECURITY = [
  "Updates OpenSSL to 3.0.15",
  "Closes a denial of service through malformed RTSP requests",
  "Requires a strong password before the first stream",
  "Signs the firmware image with a new key; older images are refused",
];

/**
 * Firmware for every camera and recorder of the demo: each line of products (IP cameras, thermal
 * cameras, recorders) has stable and beta releases over the last two years, with release notes, so
 * that /support/firmware, its feeds and each product's firmware section show real entries and dates.
 */
export function demoFirmware(categories: DemoCategory[], products: DemoProduct[]): DemoFirmwareRelease[] {
  const artOf = new Map(categories.map((category) => [category.name, category.art]));
  return LINES.flatMap((line) => {
    const models = products
      .filter((product) => line.arts.includes(artOf.get(product.category) ?? "accessory"))
      .map((product) => product.model);
    return SCHEDULE.map(([version, daysAgo, channel]) => {
      const releaseVersion = `${line.major}.${version}`;
      return {
        releaseVersion,
        daysAgo,
        channel,
        notes: releaseNotes(line.name, releaseVersion, channel),
        fileName: `${line.prefix}_V${releaseVersion}.bin`,
        models,
        sbom: version === "5.4" ? SBOM_FORMATS[line.prefix] : undefined,
      };
    });
  });
}

function releaseNotes(lineName: string, version: string, channel: "stable" | "beta"): string {
  const random = createRandom(seedFrom(`firmware:${lineName}:${version}`));
  const pick = (items: string[], count: number) => {
    const left = [...items];
    return Array.from({ length: count }, () => left.splice(random.int(0, left.length - 1), 1)[0] ?? "");
  };
  return [
    channel === "beta"
      ? `A beta of the next ${lineName} firmware, for testing before it is released. Not for production sites.`
      : `Recommended for every ${lineName} of this line.`,
    "",
    "### Added",
    ...pick(ADDED, 2).map((item) => `- ${item}`),
    "",
    "### Fixed",
    ...pick(FIXED, 3).map((item) => `- ${item}`),
    "",
    "### Security",
    ...pick(SECURITY, 1).map((item) => `- ${item}`),
    "",
    `Upgrade from the web interface (**Maintenance → Upgrade**) or in bulk from the VMS. Version ${version}.`,
  ].join("\n");
}

/** A release's SBOM as its team would publish it: its name and its JSON. */
export function firmwareSbom(release: DemoFirmwareRelease, format: "cyclonedx" | "spdx") {
  const name = release.fileName.replace(/\.bin$/, "");
  if (format === "cyclonedx") {
    const document = {
      bomFormat: "CycloneDX",
      specVersion: "1.6",
      serialNumber: `urn:uuid:${seedUuid(name)}`,
      version: 1,
      metadata: { component: { type: "firmware", name, version: release.releaseVersion } },
      components: COMPONENTS.map(([component, version, license]) => ({
        type: component === "linux" ? "operating-system" : "library",
        name: component,
        version,
        licenses: [{ license: { id: license } }],
        purl: `pkg:generic/${component}@${version}`,
      })),
    };
    return { fileName: `${name}.cdx.json`, text: JSON.stringify(document, null, 2) };
  }
  const document = {
    spdxVersion: "SPDX-2.3",
    SPDXID: "SPDXRef-DOCUMENT",
    dataLicense: "CC0-1.0",
    name: `${name} firmware`,
    documentNamespace: `https://vantage.example/spdx/${name}`,
    creationInfo: { created: "2026-01-01T00:00:00Z", creators: ["Organization: Vantage Security Systems"] },
    packages: COMPONENTS.map(([component, version, license]) => ({
      SPDXID: `SPDXRef-${component}`,
      name: component,
      versionInfo: version,
      licenseConcluded: license,
      downloadLocation: "NOASSERTION",
    })),
  };
  return { fileName: `${name}.spdx.json`, text: JSON.stringify(document, null, 2) };
}

/** A UUID made from `text`, the same on every run. */
function seedUuid(text: string): string {
  const random = createRandom(seedFrom(`sbom:${text}`));
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A firmware image's bytes: a readable header and the rest made up, the same for the same name. */
export function firmwareImage(fileName: string): Uint8Array {
  const random = createRandom(seedFrom(fileName));
  const header = new TextEncoder().encode(`VANTAGE FIRMWARE IMAGE ${fileName}\n`);
  const bytes = new Uint8Array(64 * 1024);
  bytes.set(header);
  for (let at = header.length; at < bytes.length; at += 1) bytes[at] = random.int(0, 255);
  return bytes;
}

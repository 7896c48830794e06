/** A security advisory of the demo (decision 075): its products by model, its fix by version. */
export interface DemoAdvisory {
  trackingId: string;
  title: string;
  summary: string;
  details: string;
  cveIds: string[];
  cvssV31: string;
  cvssV40: string;
  workaround: string;
  acknowledgments: string;
  advisoryStatus: "interim" | "final";
  products: { model: string; affectedVersions: string; fixedVersion?: string }[];
  /** Its published revisions, oldest first: days before the demo is loaded, and the note. */
  revisions: [daysAgo: number, note: string][];
}

/**
 * Three advisories as a maker's product security team would have published them, oldest first: one
 * for thermal cameras revised once after its publication, a critical one fixed by the IP cameras'
 * latest stable firmware, and one for recorders with a workaround only.
 */
export const DEMO_ADVISORIES: DemoAdvisory[] = [
  {
    trackingId: "VSA-2026-001",
    title: "Stream information disclosed by the RTSP server of thermal cameras",
    summary:
      "The RTSP server of affected thermal cameras answers DESCRIBE requests without credentials, revealing stream names and the camera's model and firmware version.",
    details:
      "No video is disclosed, but the information helps an attacker choose an attack. Firmware 3.5.2 asks for credentials before it answers.",
    cveIds: ["CVE-2025-58210"],
    cvssV31: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvssV40: "",
    workaround: "",
    acknowledgments: "",
    advisoryStatus: "final",
    products: [
      { model: "VNT-TH384-BI", affectedVersions: "<3.5.2", fixedVersion: "3.5.2" },
      { model: "VNT-TH640-25", affectedVersions: "<3.5.2", fixedVersion: "3.5.2" },
    ],
    revisions: [
      [160, "Initial release."],
      [140, "VNT-TH640-25 added: it runs the same RTSP server."],
    ],
  },
  {
    trackingId: "VSA-2026-002",
    title: "Authentication bypass in the web interface of IP cameras",
    summary:
      "A crafted request to the web interface of affected IP cameras can skip the password check and give an attacker on the network the administrator's rights.",
    details: [
      "### Impact",
      "",
      "An attacker who can reach the camera's web interface (port 80 or 443) can change its settings, read its streams and install firmware without a password.",
      "",
      "### Fix",
      "",
      "Update to firmware **2.5.4** or later from the web interface (**Maintenance → Upgrade**) or in bulk from the VMS. Until then, do not expose the camera's web interface to untrusted networks.",
    ].join("\n"),
    cveIds: ["CVE-2026-31337"],
    cvssV31: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvssV40: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N",
    workaround: "",
    acknowledgments: "Jane Okafor, Northgate Security Research",
    advisoryStatus: "final",
    products: [
      { model: "VNT-D4M-AI28", affectedVersions: ">=2.4.0|<2.5.4", fixedVersion: "2.5.4" },
      { model: "VNT-B4M-AI28", affectedVersions: ">=2.4.0|<2.5.4", fixedVersion: "2.5.4" },
      { model: "VNT-T4M-AI28", affectedVersions: ">=2.4.0|<2.5.4", fixedVersion: "2.5.4" },
    ],
    revisions: [[29, "Initial release."]],
  },
  {
    trackingId: "VSA-2026-003",
    title: "Denial of service through UPnP on network video recorders",
    summary:
      "A flood of UPnP discovery requests from the local network can make affected recorders stop recording until they are restarted.",
    details:
      "The recorder's UPnP service does not limit the discovery requests it answers. A fixed firmware is being tested; this advisory will be revised when it is released.",
    cveIds: ["CVE-2026-40112"],
    cvssV31: "",
    cvssV40: "CVSS:4.0/AV:A/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N",
    workaround:
      "Turn off UPnP in Network → Advanced → UPnP, and keep the recorder on a network segment that only the cameras and the VMS can reach.",
    acknowledgments: "",
    advisoryStatus: "interim",
    products: [
      { model: "VNT-N8-P8", affectedVersions: "<=4.5.4" },
      { model: "VNT-N16-P16", affectedVersions: "<=4.5.4" },
    ],
    revisions: [[12, "Initial release."]],
  },
];

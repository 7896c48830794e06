import type { DemoCatalog } from "./demo-catalog";
import { buildPdf, type PdfBlock } from "./pdf";
import { createRandom, seedFrom } from "./random";
import type { ArtKind, DemoGeneralDownload, DemoProduct, ProductDocument } from "./types";
import type { DownloadKind } from "../app/domain/download-kinds";

/** A file the demo catalog stores: its name as uploaded, what the download list says, and its bytes. */
export interface DemoFile {
  fileName: string;
  description: string;
  /** What the download is (the product page's group, the support page's filter). */
  kind: DownloadKind;
  bytes: Uint8Array;
}

type ProductFamily = "camera" | "thermal" | "recorder" | "accessory";

function familyOf(art: ArtKind): ProductFamily {
  if (art === "thermal") return "thermal";
  if (art === "nvr") return "recorder";
  if (art === "accessory") return "accessory";
  return "camera";
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

const text = (value: string) => new Uint8Array(Buffer.from(value.replace(/\n/g, "\r\n"), "utf8"));

/** The firmware a product's release notes describe; drawn from the model so it never changes. */
export function firmwareVersion(product: DemoProduct, family: ProductFamily): { version: string; build: string } {
  const random = createRandom(seedFrom(`firmware:${product.model}`));
  // Cameras are on the 2.4 line the home-page banner announces; recorders have their own numbering.
  const version = family === "recorder" ? `4.2.${random.int(0, 9)}` : `2.4.${random.int(0, 9)}`;
  const build = `26${String(random.int(1, 3)).padStart(2, "0")}${String(random.int(1, 28)).padStart(2, "0")}`;
  return { version, build };
}

export function productDocument(product: DemoProduct, art: ArtKind, kind: ProductDocument): DemoFile {
  const family = familyOf(art);
  switch (kind) {
    case "datasheet":
      return {
        fileName: `${product.model}_Datasheet.pdf`,
        description: "Datasheet",
        kind: "datasheet",
        bytes: buildPdf({
          title: `${product.model} Datasheet`,
          subtitle: `${product.category} · ${firstSentence(product.description)}`,
          blocks: [
            { kind: "heading", text: "Overview" },
            { kind: "paragraph", text: product.description },
            { kind: "heading", text: "Key Features" },
            { kind: "bullets", items: product.features },
            ...(product.specs.length > 0
              ? ([
                  { kind: "heading", text: "Specifications" },
                  { kind: "table", rows: product.specs },
                ] as PdfBlock[])
              : []),
            { kind: "heading", text: "Ordering Information" },
            {
              kind: "table",
              rows: [
                ["Model", product.model],
                ["NDAA Section 889", product.ndaa ? "Compliant" : "Not compliant (Value series)"],
                ["Country of Assembly", product.ndaa ? "Taiwan" : "China"],
              ],
            },
            {
              kind: "paragraph",
              text:
                "Specifications are subject to change without notice. Vantage and the Vantage logo are trademarks " +
                "of Vantage Security Systems. All other trademarks are the property of their respective owners.",
            },
          ],
        }),
      };
    case "manual":
      return {
        fileName: `${product.model}_User_Manual.pdf`,
        description: "User Manual",
        kind: "manual",
        bytes: buildPdf({
          title: `${product.model} User Manual`,
          subtitle: `${product.category} · Firmware ${firmwareVersion(product, family).version} and later`,
          blocks: [...MANUAL_SECTIONS[family], { kind: "heading", text: "Specifications" }, specsOrNote(product)],
        }),
      };
    case "quickstart":
      return {
        fileName: `${product.model}_Quick_Start_Guide.pdf`,
        description: "Quick Start Guide",
        kind: "manual",
        bytes: buildPdf({
          title: `${product.model} Quick Start Guide`,
          subtitle: "Everything you need to get from the box to live video",
          blocks: QUICK_START[family],
        }),
      };
    case "installation":
      return {
        fileName: `${product.model}_Installation_Guide.pdf`,
        description: "Installation Guide",
        kind: "manual",
        bytes: buildPdf({
          title: `${product.model} Installation Guide`,
          subtitle: firstSentence(product.description),
          blocks: INSTALLATION[family],
        }),
      };
    case "firmware": {
      const { version, build } = firmwareVersion(product, family);
      return {
        fileName: `${product.model}_V${version}_build${build}_Release_Notes.txt`,
        description: `Firmware ${version} release notes`,
        kind: "other",
        bytes: text(releaseNotes(product, family, version, build)),
      };
    }
    case "declaration":
      return {
        fileName: `${product.model}_EU_Declaration_of_Conformity.pdf`,
        description: "EU Declaration of Conformity",
        kind: "declaration",
        bytes: buildPdf({
          title: "EU Declaration of Conformity",
          subtitle: `${product.model} · ${product.category}`,
          blocks: [
            {
              kind: "paragraph",
              text: `We, Vantage Security Systems, declare under our sole responsibility that the product ${product.model} (${product.name || product.category}) is in conformity with the relevant Union harmonisation legislation:`,
            },
            {
              kind: "bullets",
              items: [
                "Directive 2014/30/EU (electromagnetic compatibility): EN 55032:2015+A1:2020, EN 55035:2017+A11:2020",
                "Directive 2014/35/EU (low voltage): EN IEC 62368-1:2020+A11:2020",
                "Directive 2011/65/EU (RoHS) and Delegated Directive (EU) 2015/863: EN IEC 63000:2018",
              ],
            },
            {
              kind: "paragraph",
              text: "Signed for and on behalf of Vantage Security Systems, Head of Product Compliance, 12 January 2026.",
            },
          ],
        }),
      };
    case "ae-specification":
      return {
        fileName: `${product.model}_AE_Specification.pdf`,
        description: "A&E Specification",
        kind: "ae-specification",
        bytes: buildPdf({
          title: `${product.model} Architect and Engineer Specification`,
          subtitle: "Section 28 20 00 · Video Surveillance",
          blocks: [
            { kind: "heading", text: "Part 1 General" },
            {
              kind: "paragraph",
              text: `This section specifies the ${product.category.toLowerCase()} ${product.model}. ${firstSentence(product.description)}`,
            },
            { kind: "heading", text: "Part 2 Products" },
            { kind: "bullets", items: product.features },
            specsOrNote(product),
            { kind: "heading", text: "Part 3 Execution" },
            {
              kind: "paragraph",
              text: "Install according to the installation guide; set a unique password and update to the latest stable firmware before commissioning.",
            },
          ],
        }),
      };
  }
}

function specsOrNote(product: DemoProduct): PdfBlock {
  return product.specs.length > 0
    ? { kind: "table", rows: product.specs }
    : { kind: "paragraph", text: "See the product page for the current specifications." };
}

const SAFETY: PdfBlock[] = [
  { kind: "heading", text: "1 Safety Instructions" },
  {
    kind: "bullets",
    items: [
      "Installation must be carried out by qualified personnel in accordance with local electrical and building codes.",
      "Use only a power supply that meets the SELV and Limited Power Source requirements, or a PoE source that complies with IEEE 802.3.",
      "Do not aim the lens at the sun or at strong light sources for long periods.",
      "Disconnect power before opening the housing or connecting cables.",
    ],
  },
];

const MANUAL_SECTIONS: Record<ProductFamily, PdfBlock[]> = {
  camera: [
    ...SAFETY,
    { kind: "heading", text: "2 Package Contents" },
    {
      kind: "bullets",
      items: ["Camera", "Drill template", "Screw kit and wall plugs", "Waterproof RJ45 cap", "Quick start guide"],
    },
    { kind: "heading", text: "3 Network Setup" },
    {
      kind: "paragraph",
      text:
        "The camera obtains an address by DHCP. Without a DHCP server it falls back to 192.168.1.64. Open the " +
        "address in a browser or use the Vantage Device Tool to find every camera on the network. At first " +
        "login you must set a strong admin password; there is no default password.",
    },
    { kind: "heading", text: "4 Image Settings" },
    {
      kind: "paragraph",
      text:
        "Exposure, WDR, day/night switching and IR intensity adapt automatically. For scenes with bright " +
        "backlight such as glass entrances, enable WDR; for car parks at night, enable HLC to suppress " +
        "headlight glare. H.265+ is recommended for recording, H.264 for compatibility with older clients.",
    },
    { kind: "heading", text: "5 Smart Detection" },
    {
      kind: "paragraph",
      text:
        "Draw line crossing and intrusion rules on the live image, choose whether people, vehicles or both " +
        "should trigger them, and set a schedule. Alarms can record to the microSD card, notify the VMS and " +
        "the mobile app, send e-mail, or switch the alarm output.",
    },
    { kind: "heading", text: "6 Maintenance" },
    {
      kind: "paragraph",
      text:
        "Clean the dome or window with a soft cloth and mild soapy water only. Check the Support page for new " +
        "firmware twice a year; firmware can be upgraded from the web interface or in bulk from the VMS.",
    },
  ],
  thermal: [
    ...SAFETY,
    { kind: "heading", text: "2 How Thermal Imaging Works" },
    {
      kind: "paragraph",
      text:
        "The thermal sensor measures infrared radiation emitted by every object. It needs no light at all and " +
        "is not blinded by headlights, but it cannot see through glass. Mount thermal cameras with a clear view " +
        "and no window in front of the lens.",
    },
    { kind: "heading", text: "3 Network Setup" },
    {
      kind: "paragraph",
      text:
        "The camera obtains an address by DHCP, or falls back to 192.168.1.64. Each channel (thermal and " +
        "visible) appears as its own stream in the VMS and in ONVIF clients.",
    },
    { kind: "heading", text: "4 Temperature Measurement" },
    {
      kind: "paragraph",
      text:
        "Set the emissivity of the monitored material and the distance to it before defining rules. Point, " +
        "line and area rules raise alarms on maximum, minimum, average or rate of rise.",
    },
    { kind: "heading", text: "5 Perimeter and Fire Detection" },
    {
      kind: "paragraph",
      text:
        "Draw perimeter rules on the thermal image. Deep-learning filtering ignores animals and moving " +
        "vegetation. Fire detection needs no rule: enable it and set the alarm sensitivity.",
    },
  ],
  recorder: [
    ...SAFETY,
    { kind: "heading", text: "2 Installing Hard Disks" },
    {
      kind: "paragraph",
      text:
        "Use surveillance-grade SATA drives. Disconnect power, open the cover, fix each drive with the supplied " +
        "screws and connect the data and power cables. New drives are initialized from the setup wizard.",
    },
    { kind: "heading", text: "3 Setup Wizard" },
    {
      kind: "bullets",
      items: [
        "Set the admin password and an unlock pattern for the local monitor.",
        "Set the time zone and NTP server.",
        "Cameras on the PoE ports are added automatically; add other cameras by search or by address.",
        "Choose continuous, motion or AI event recording per camera.",
      ],
    },
    { kind: "heading", text: "4 Smart Search" },
    {
      kind: "paragraph",
      text:
        "Select cameras and a time range, draw a zone or a line, and choose people or vehicles. Results are " +
        "listed as thumbnails; click one to play the clip or export it.",
    },
    { kind: "heading", text: "5 Remote Access" },
    {
      kind: "paragraph",
      text:
        "Enable the Vantage cloud relay or forward HTTPS port 443 only. Never expose the RTSP or service ports " +
        "directly to the internet.",
    },
  ],
  accessory: [
    ...SAFETY,
    { kind: "heading", text: "2 Mounting" },
    {
      kind: "paragraph",
      text:
        "Mark the holes with the supplied template, drill, insert the wall plugs and fix the bracket with the " +
        "stainless steel screws. Seal the cable entry with the supplied gasket.",
    },
  ],
};

const CAMERA_QUICK_START: PdfBlock[] = [
  { kind: "heading", text: "Step 1: Mount" },
  { kind: "paragraph", text: "Stick the drill template on the surface, drill the holes and fix the camera base." },
  { kind: "heading", text: "Step 2: Connect" },
  {
    kind: "paragraph",
    text: "Connect the network cable to a PoE switch or a Vantage NVR. Fit the waterproof cap on outdoor connections.",
  },
  { kind: "heading", text: "Step 3: Activate" },
  {
    kind: "paragraph",
    text:
      "Scan the QR code on the label with the Vantage mobile app, or open the camera in a browser. Set a " +
      "strong password; there is no default password.",
  },
  { kind: "heading", text: "Step 4: Aim and detect" },
  { kind: "paragraph", text: "Adjust the view, then enable person and vehicle detection in Smart Detection." },
];

const QUICK_START: Record<ProductFamily, PdfBlock[]> = {
  camera: CAMERA_QUICK_START,
  thermal: CAMERA_QUICK_START,
  recorder: [
    { kind: "heading", text: "Step 1: Connect" },
    {
      kind: "paragraph",
      text: "Connect a monitor over HDMI, a mouse over USB, the network to the LAN port and the cameras to the PoE ports.",
    },
    { kind: "heading", text: "Step 2: Power on" },
    { kind: "paragraph", text: "The setup wizard starts on the monitor. Set the admin password and time zone." },
    { kind: "heading", text: "Step 3: Record" },
    {
      kind: "paragraph",
      text: "Cameras on the PoE ports are added and start recording. Scan the QR code to view them on your phone.",
    },
  ],
  accessory: [
    { kind: "heading", text: "Connections" },
    {
      kind: "bullets",
      items: [
        "Connect the DATA IN port to the switch.",
        "Connect the PoE OUT port to the camera.",
        "Connect the power cord. The green LED shows that power is delivered to the camera.",
      ],
    },
  ],
};

const CAMERA_INSTALLATION: PdfBlock[] = [
  { kind: "heading", text: "Before You Start" },
  {
    kind: "bullets",
    items: [
      "Check that the surface can carry at least four times the weight of the camera and mount.",
      "Plan the cable route; use a junction box where cable cannot run inside the wall.",
      "Outdoors, form a drip loop in the cable below the camera.",
    ],
  },
  { kind: "heading", text: "Mounting" },
  {
    kind: "paragraph",
    text:
      "Fix the mount with the supplied screws, pull the cable through, connect it and fit the waterproof " +
      "cap. Attach the camera with the safety lanyard, then tighten the fixing screws.",
  },
  { kind: "heading", text: "Aiming" },
  {
    kind: "paragraph",
    text: "Loosen the adjustment screws, aim using the live view on the web interface or the mobile app, and tighten.",
  },
];

const INSTALLATION: Record<ProductFamily, PdfBlock[]> = {
  camera: CAMERA_INSTALLATION,
  thermal: CAMERA_INSTALLATION,
  recorder: [
    { kind: "heading", text: "Rack Installation" },
    {
      kind: "paragraph",
      text:
        "Fix the supplied rack ears to both sides, slide the recorder onto rails and fix it to the rack. Leave " +
        "at least one rack unit free above the recorder for airflow.",
    },
    { kind: "heading", text: "Power and Grounding" },
    { kind: "paragraph", text: "Connect both power supplies to separate circuits and connect the ground screw." },
  ],
  accessory: [
    { kind: "heading", text: "Mounting" },
    {
      kind: "bullets",
      items: [
        "Mark the holes with the template and drill them.",
        "Fix the bracket with the supplied stainless steel screws and wall plugs.",
        "Feed the cable through the bracket and seal the entry with the gasket.",
        "Attach the camera and tighten all screws to 2 N·m.",
      ],
    },
  ],
};

const RELEASE_ITEMS: Record<ProductFamily, { added: string[]; improved: string[]; fixed: string[] }> = {
  camera: {
    added: [
      "HTTPS is enabled by default with a self-signed certificate; HTTP redirects to HTTPS.",
      "Smart search metadata for person clothing color and vehicle color.",
      "ONVIF Profile M metadata stream for third-party analytics.",
      "Privacy masks can now follow the image when the lens zooms.",
      "Custom audio alarm messages (up to 10, 30 s each).",
    ],
    improved: [
      "WDR tone mapping in scenes with strong backlight.",
      "Person detection accuracy at distances over 30 m.",
      "H.265+ bitrate in scenes with trees moving in the wind.",
      "Day/night switching hysteresis to avoid flicker at dusk.",
      "Faster start-up after a power loss (now about 35 s).",
    ],
    fixed: [
      "The microSD card could show as unformatted after an unclean shutdown.",
      "Line crossing rules were lost after changing the stream resolution.",
      "NTP synchronization failed when the server name contained capital letters.",
      "The web interface showed the wrong time zone for Australia/Adelaide.",
      "Rare RTSP disconnection with some third-party VMS after 49 days of uptime.",
    ],
  },
  thermal: {
    added: [
      "Temperature difference alarm between two areas.",
      "Fusion mode with adjustable blend ratio.",
      "Fire detection masks to ignore known hot equipment.",
    ],
    improved: [
      "Non-uniformity correction is now silent (no shutter click during detection).",
      "Perimeter detection range on the 25 mm lens.",
      "Temperature measurement stability in the first 10 minutes after power-up.",
    ],
    fixed: [
      "The ironbow palette was not applied to the sub stream.",
      "Temperature readings were shown in °C when °F was selected.",
      "An alarm could repeat every second while the target stayed in the area.",
    ],
  },
  recorder: {
    added: [
      "Smart search across all channels at once.",
      "Export to MP4 with an embedded player and watermark.",
      "Two-factor authentication for remote users.",
      "Automatic firmware upgrade of connected Vantage cameras.",
    ],
    improved: [
      "Playback start time with 32 or more channels.",
      "RAID rebuild speed on 16 TB drives.",
      "Local monitor user interface responsiveness at 4K output.",
    ],
    fixed: [
      "PoE power was not restored to a port after an overload.",
      "Daylight saving time change could split a recording into two files.",
      "Some e-mail providers rejected alarm notifications with attachments.",
    ],
  },
  accessory: { added: [], improved: [], fixed: [] },
};

function releaseNotes(product: DemoProduct, family: ProductFamily, version: string, build: string): string {
  const random = createRandom(seedFrom(`notes:${product.model}`));
  const items = RELEASE_ITEMS[family];
  const list = (title: string, entries: string[]) =>
    entries.length === 0 ? "" : `${title}\n${entries.map((entry) => `  - ${entry}`).join("\n")}\n\n`;
  const date = `20${build.slice(0, 2)}-${build.slice(2, 4)}-${build.slice(4, 6)}`;
  const header = `Vantage ${product.model} firmware V${version} build ${build}`;
  return (
    `${header}\n${"=".repeat(header.length)}\n\n` +
    `Release date: ${date}\nApplies to: ${product.model}\n\n` +
    list("New features", random.sample(items.added, 2)) +
    list("Improvements", random.sample(items.improved, random.int(2, 3))) +
    list("Fixed issues", random.sample(items.fixed, random.int(2, 3))) +
    "Upgrade notes\n" +
    `  - Devices on V${version.split(".")[0]}.0.0 or later can be upgraded directly.\n` +
    "  - Do not disconnect power during the upgrade; it takes about three minutes and the device restarts.\n" +
    "  - Settings and recordings are kept.\n\n" +
    "The firmware image is available from your Vantage distributor and through the firmware update service " +
    "of Vantage VMS.\n"
  );
}

/** What each general document is, as the support page's filter lists it. */
const GENERAL_DOCUMENT_KINDS: Record<DemoGeneralDownload["kind"], DownloadKind> = {
  "product-catalog": "other",
  "vms-guide": "manual",
  "mobile-quick-start": "manual",
  "ndaa-statement": "certificate",
  warranty: "other",
  hardening: "manual",
  ports: "other",
};

/** A general download's file, built from the whole catalog where it lists products. */
export function generalDocument(download: DemoGeneralDownload, catalog: DemoCatalog): DemoFile {
  const file = (bytes: Uint8Array): DemoFile => ({
    fileName: download.fileName,
    description: download.description,
    kind: GENERAL_DOCUMENT_KINDS[download.kind],
    bytes,
  });
  switch (download.kind) {
    case "product-catalog":
      return file(
        buildPdf({
          title: "Product Catalog 2026",
          subtitle: "AI security cameras, recorders and accessories",
          blocks: catalog.categories.flatMap((category): PdfBlock[] => [
            { kind: "heading", text: category.name },
            { kind: "paragraph", text: category.description },
            {
              kind: "table",
              rows: catalog.products
                .filter((product) => product.category === category.name)
                .map((product) => [product.model, firstSentence(product.description)] as const),
            },
          ]),
        }),
      );
    case "ndaa-statement": {
      const compliant = catalog.products.filter((product) => product.ndaa).map((product) => product.model);
      const other = catalog.products.filter((product) => !product.ndaa).map((product) => product.model);
      return file(
        buildPdf({
          title: "NDAA Compliance Statement",
          subtitle: "Section 889 of the John S. McCain National Defense Authorization Act for Fiscal Year 2019",
          blocks: [
            {
              kind: "paragraph",
              text:
                "Vantage Security Systems confirms that the products listed below as compliant do not contain " +
                "covered telecommunications or video surveillance equipment or services, and no components " +
                "(including chipsets and image processors) produced by the entities named in Section 889(f)(3).",
            },
            { kind: "heading", text: "Compliant products" },
            { kind: "paragraph", text: compliant.join(", ") },
            { kind: "heading", text: "Products not covered by this statement" },
            {
              kind: "paragraph",
              text: `Value series: ${other.join(", ")}. These products are not intended for US federal projects.`,
            },
            {
              kind: "paragraph",
              text: "This statement applies to products manufactured from January 2026. Contact us for older serial numbers.",
            },
          ],
        }),
      );
    }
    case "vms-guide":
      return file(
        buildPdf({
          title: "Vantage VMS Client for Windows",
          subtitle: "Installation Guide, version 3.2",
          blocks: [
            { kind: "heading", text: "System Requirements" },
            {
              kind: "table",
              rows: [
                ["Operating System", "Windows 10 or 11 (64-bit), Windows Server 2019 or 2022"],
                ["Processor", "Intel Core i5 (8th gen) or better; i7 for 32 or more live streams"],
                ["Memory", "8 GB, 16 GB recommended"],
                ["Graphics", "Hardware H.265 decoding (Intel UHD 630, NVIDIA GTX 1050 or newer)"],
                ["Network", "1 Gbps recommended"],
              ],
            },
            { kind: "heading", text: "Installation" },
            {
              kind: "bullets",
              items: [
                "Run the installer as an administrator and accept the license agreement.",
                "Choose Client only, or Client and Recording Server for a single-PC system.",
                "Start the client and create the local administrator account.",
              ],
            },
            { kind: "heading", text: "Adding Devices" },
            {
              kind: "paragraph",
              text:
                "Open Devices, click Search, select the cameras and recorders found on the network and enter " +
                "their password. Devices in other networks can be added by address or by their cloud ID.",
            },
            { kind: "heading", text: "Live View, Playback and Smart Search" },
            {
              kind: "paragraph",
              text:
                "Drag cameras into a view of up to 64 tiles. Playback shows motion and AI events on the " +
                "timeline; smart search finds people and vehicles in a drawn zone across all selected cameras.",
            },
          ],
        }),
      );
    case "mobile-quick-start":
      return file(
        buildPdf({
          title: "Vantage Mobile App",
          subtitle: "Quick Start for iOS and Android",
          blocks: [
            { kind: "heading", text: "Get Started" },
            {
              kind: "bullets",
              items: [
                "Install Vantage Mobile from the App Store or Google Play.",
                "Create an account, or sign in to your installer's site with the invitation link.",
                "Tap + and scan the QR code on the camera or recorder label.",
                "Allow notifications to receive AI alarms with a snapshot.",
              ],
            },
            { kind: "heading", text: "Everyday Use" },
            {
              kind: "paragraph",
              text:
                "Swipe between sites, pinch to zoom into live video, and tap an alarm to play the clip. Two-way " +
                "audio, deterrence lights and sirens can be triggered from the live view.",
            },
          ],
        }),
      );
    case "warranty":
      return file(
        buildPdf({
          title: "Warranty and RMA Policy",
          subtitle: "Valid for products purchased from January 2026",
          blocks: [
            { kind: "heading", text: "Warranty Periods" },
            {
              kind: "table",
              rows: [
                ["AI cameras (all series except Value)", "5 years"],
                ["Value series cameras", "3 years"],
                ["Recorders", "3 years (hard disks are covered by their manufacturer)"],
                ["Accessories", "2 years"],
              ],
            },
            { kind: "heading", text: "Returning a Product" },
            {
              kind: "bullets",
              items: [
                "Ask your distributor for an RMA number and give the serial number and a description of the fault.",
                "Reset the device to factory settings and remove hard disks and memory cards.",
                "Send the device in its original packaging, with the RMA number on the outside of the box.",
              ],
            },
            {
              kind: "paragraph",
              text:
                "Registered partners receive an advance replacement within two working days. The warranty does " +
                "not cover damage from lightning, incorrect installation or opening sealed housings.",
            },
          ],
        }),
      );
    case "hardening":
      return file(
        buildPdf({
          title: "Cybersecurity Hardening Guide",
          subtitle: "Recommended settings for Vantage cameras, recorders and VMS",
          blocks: [
            { kind: "heading", text: "Accounts" },
            {
              kind: "bullets",
              items: [
                "Use a unique password of at least 12 characters on every device; there are no default passwords.",
                "Create operator accounts with only the rights they need; keep the admin account for maintenance.",
                "Turn on account lock-out after five failed attempts.",
              ],
            },
            { kind: "heading", text: "Network" },
            {
              kind: "bullets",
              items: [
                "Put cameras on a separate VLAN or on the recorder's PoE ports, out of reach of office computers.",
                "Disable services you do not use: UPnP, Telnet (off by default), multicast discovery.",
                "Use HTTPS with your own certificate and TLS 1.2 or newer; enable 802.1X where the switch supports it.",
                "Never forward RTSP or service ports to the internet; use the cloud relay or a VPN.",
              ],
            },
            { kind: "heading", text: "Maintenance" },
            {
              kind: "bullets",
              items: [
                "Check for new firmware twice a year and subscribe to our security advisories.",
                "Send device logs to a syslog server and review failed logins.",
              ],
            },
          ],
        }),
      );
    case "ports":
      return file(
        text(
          [
            "Vantage network ports reference",
            "===============================",
            "",
            "Port    Protocol  Service                    Default",
            "80      TCP       HTTP (redirects to HTTPS)  on",
            "443     TCP       HTTPS web interface, API   on",
            "554     TCP/UDP   RTSP streaming             on",
            "8000    TCP       Vantage SDK / VMS service  on",
            "3702    UDP       ONVIF WS-Discovery         on",
            "123     UDP       NTP (outgoing)             on",
            "161     UDP       SNMPv3                     off",
            "1900    UDP       UPnP                       off",
            "",
            "Only 443 needs to be reachable for remote access through a VPN or reverse proxy.",
            "",
          ].join("\n"),
        ),
      );
  }
}

import type { DemoGeneralDownload, DemoInfoItem } from "./types";

/** Info items, top of the page first. */
export const DEMO_INFO_ITEMS: DemoInfoItem[] = [
  {
    type: "banner",
    content:
      "New: the VNT-TH640 thermal series is shipping. Ask your distributor for a demo unit, or see Thermal Cameras in the catalog.",
    daysAgo: 2,
    link: "/catalog/categories/thermal-cameras",
  },
  {
    type: "image",
    picture: {
      name: "vantage-ai-lineup",
      headline: "See more. Miss nothing.",
      tagline: "AI security cameras, recorders and software from one maker",
      hue: 214,
      lineup: ["bullet", "dome", "ptz", "turret"],
    },
    daysAgo: 9,
    link: "/catalog",
  },
  {
    type: "card",
    heading: "Edge AI in every camera",
    content:
      "Every Vantage camera runs deep-learning analytics on the camera itself. It tells people and vehicles " +
      "apart from animals, rain and moving shadows, which cuts false alarms by more than 90%.\n\n" +
      "Smart search then finds every person or every car in a zone across weeks of H.265 recordings in seconds.",
    picture: "ai-detection",
    daysAgo: 16,
  },
  {
    type: "card",
    heading: "NDAA-compliant by design",
    content:
      "Our AI camera and recorder lines are built on NDAA Section 889 compliant chipsets and are suitable for " +
      "US federal, state and critical-infrastructure projects. Look for the NDAA badge on each product page, and " +
      "download our compliance statement from the Support page.",
    picture: "ndaa",
    daysAgo: 30,
    link: "/support",
  },
  {
    type: "banner",
    content:
      "Firmware 2.4 is out: faster smart search, better WDR and HTTPS by default. Downloads are on each product page.",
    daysAgo: 41,
    link: "/support/firmware",
  },
  {
    type: "card",
    heading: "Color at night",
    content:
      "Starlight sensors with F1.0 lenses keep the scene in color down to 0.0005 lux, and full-color models add " +
      "a soft warm light when even that is not enough. The color of a car or a jacket is often the detail that " +
      "solves a case.",
    picture: "night",
    daysAgo: 55,
  },
  {
    type: "image",
    picture: {
      name: "vantage-thermal",
      headline: "Heat tells the truth.",
      tagline: "Bi-spectrum thermal cameras for perimeters and early fire detection",
      hue: 16,
      lineup: ["thermal", "ptz"],
    },
    daysAgo: 70,
  },
  {
    type: "card",
    heading: "Vantage VMS: free for up to 64 channels",
    content:
      "Live view, playback, smart search, maps and alarm handling for all your sites in one client for Windows " +
      "and macOS, with the mobile app for iOS and Android. No license fees up to 64 channels.",
    picture: "vms",
    daysAgo: 88,
  },
  {
    type: "card",
    heading: "Become a Vantage partner",
    content:
      "Installers and integrators get project registration, demo equipment, free training and direct access to " +
      "our engineers. Write to us through the Contact page and a regional manager will get in touch.",
    daysAgo: 120,
    link: "/contact",
  },
  {
    type: "banner",
    content: "Five-year warranty on all AI cameras, with advance replacement for registered partners.",
    daysAgo: 150,
  },
  {
    type: "card",
    heading: "Meet us at ISC West",
    content:
      "See the thermal and LPR lines live at booth 12071, with our engineers on hand for your project's questions. " +
      "Book a meeting through the Contact page.",
    daysAgo: 240,
    link: "/contact",
    newsOnly: true,
  },
  {
    type: "banner",
    content: "Firmware 2.3 brings H.265+ to every recorder and doubles the channels of smart search.",
    daysAgo: 300,
    link: "/support/firmware",
    newsOnly: true,
  },
];

export const DEMO_GENERAL_DOWNLOADS: DemoGeneralDownload[] = [
  {
    description: "Product Catalog 2026",
    fileName: "Vantage_Product_Catalog_2026.pdf",
    kind: "product-catalog",
  },
  {
    description: "Vantage VMS Client for Windows: Installation Guide",
    fileName: "Vantage_VMS_Client_Windows_Installation_Guide.pdf",
    kind: "vms-guide",
  },
  { description: "Mobile App Quick Start", fileName: "Vantage_Mobile_App_Quick_Start.pdf", kind: "mobile-quick-start" },
  {
    description: "NDAA Compliance Statement",
    fileName: "Vantage_NDAA_Compliance_Statement.pdf",
    kind: "ndaa-statement",
  },
  { description: "Warranty and RMA Policy", fileName: "Vantage_Warranty_and_RMA_Policy.pdf", kind: "warranty" },
  {
    description: "Cybersecurity Hardening Guide",
    fileName: "Vantage_Cybersecurity_Hardening_Guide.pdf",
    kind: "hardening",
  },
  { description: "Network Ports Reference", fileName: "Vantage_Network_Ports.txt", kind: "ports" },
];

/** Stored as the settings service reads them (app/server/admin/settings.server.ts). */
export const DEMO_SITE_SETTINGS: Record<string, string> = {
  companyName: "Vantage",
  contactEmail: "info@vantage.example",
  socialLinks: JSON.stringify([
    { label: "LinkedIn", url: "https://www.linkedin.com/" },
    { label: "YouTube", url: "https://www.youtube.com/" },
  ]),
  copyrightHolder: "Vantage Security Systems",
};

import type { SpecRow } from "./types";

/** Datasheet lines shared by a family of products, with the few that differ filled in per model. */
type Optional<T> = { [K in keyof T]?: T[K] | undefined };

function rows(entries: [string, string | undefined][]): SpecRow[] {
  return entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

export interface CameraParams {
  sensor: string;
  resolution: string;
  lens: string;
  fieldOfView: string;
  illumination: string;
  nightVision: string;
  wdr: string;
  frameRate: string;
  analytics: string;
  compression: string;
  audio: string;
  alarm: string;
  storage: string;
  network: string;
  protocols: string;
  power: string;
  protection: string;
  operating: string;
  dimensions: string;
  weight: string;
  warranty: string;
}

const CAMERA_DEFAULTS: Omit<
  CameraParams,
  | "sensor"
  | "resolution"
  | "lens"
  | "fieldOfView"
  | "illumination"
  | "nightVision"
  | "frameRate"
  | "dimensions"
  | "weight"
> = {
  wdr: "120 dB true WDR, 3D DNR, BLC, HLC",
  analytics: "Person and vehicle classification, line crossing, intrusion, region entering and exiting",
  compression: "H.265+, H.265, H.264+, H.264, MJPEG",
  audio: "",
  alarm: "",
  storage: "microSD/SDXC up to 512 GB, ANR (automatic network replenishment)",
  network: "1 × RJ45 10/100 Mbps",
  protocols: "ONVIF Profile S/G/T, RTSP, HTTPS, IPv4/IPv6, 802.1X, SNMPv3, TLS 1.3",
  power: "PoE (802.3af, Class 3), 12 V DC ±25%; max 6.5 W",
  protection: "IP67",
  operating: "-30 °C to +60 °C, humidity 95% or less (non-condensing)",
  warranty: "5 years",
};

type CameraInput = Pick<
  CameraParams,
  | "sensor"
  | "resolution"
  | "lens"
  | "fieldOfView"
  | "illumination"
  | "nightVision"
  | "frameRate"
  | "dimensions"
  | "weight"
> &
  Optional<CameraParams>;

/** A fixed camera's datasheet; `extra` rows go after the analytics (zoom, deterrence, LPR…). */
export function cameraSpecs(input: CameraInput, extra: SpecRow[] = []): SpecRow[] {
  const p = { ...CAMERA_DEFAULTS, ...definedOnly(input) } as CameraParams;
  return [
    ...rows([
      ["Image Sensor", p.sensor],
      ["Effective Pixels", p.resolution],
      ["Lens", p.lens],
      ["Field of View", p.fieldOfView],
      ["Minimum Illumination", p.illumination],
      ["Day/Night", "IR-cut filter with auto switch (ICR)"],
      ["Night Vision", p.nightVision],
      ["Wide Dynamic Range", p.wdr],
      ["Video Compression", p.compression],
      ["Frame Rate", p.frameRate],
      ["Streams", "Main, sub and third stream, each independently configurable"],
      ["Smart Detection", p.analytics],
    ]),
    ...extra,
    ...rows([
      ["Audio", p.audio || undefined],
      ["Alarm I/O", p.alarm || undefined],
      ["On-board Storage", p.storage || undefined],
      ["Network Interface", p.network],
      ["Protocols", p.protocols],
      ["Power", p.power],
      ["Protection", p.protection],
      ["Operating Conditions", p.operating],
      ["Dimensions", p.dimensions],
      ["Weight", p.weight],
      ["Warranty", p.warranty],
    ]),
  ];
}

export interface ThermalParams {
  thermalSensor: string;
  netd: string;
  thermalLens: string;
  visible: string;
  temperature: string;
  detection: string;
  power: string;
  dimensions: string;
  weight: string;
}

export function thermalSpecs(p: ThermalParams & { protection?: string }, extra: SpecRow[] = []): SpecRow[] {
  return [
    ...rows([
      ["Thermal Sensor", p.thermalSensor],
      ["Thermal Sensitivity (NETD)", p.netd],
      ["Thermal Lens", p.thermalLens],
      ["Visible Channel", p.visible],
      ["Temperature Measurement", p.temperature],
      ["Smart Detection", p.detection],
      ["Color Palettes", "White hot, black hot, ironbow, rainbow, fusion and 13 more"],
      ["Video Compression", "H.265, H.264, MJPEG"],
    ]),
    ...extra,
    ...rows([
      ["Network Interface", "1 × RJ45 10/100 Mbps"],
      ["Protocols", "ONVIF Profile S/G/T, RTSP, HTTPS, IPv4/IPv6, 802.1X, SNMPv3"],
      ["Alarm I/O", "2 in / 2 out, 1 × relay"],
      ["Power", p.power],
      ["Protection", p.protection ?? "IP67, TVS 6000 V surge protection"],
      ["Operating Conditions", "-40 °C to +70 °C, humidity 95% or less (non-condensing)"],
      ["Dimensions", p.dimensions],
      ["Weight", p.weight],
      ["Warranty", "5 years"],
    ]),
  ];
}

export interface RecorderParams {
  channels: string;
  incoming: string;
  outgoing: string;
  decoding: string;
  output: string;
  disks: string;
  raid?: string;
  poe?: string;
  network: string;
  analytics: string;
  power: string;
  dimensions: string;
  weight: string;
}

export function recorderSpecs(p: RecorderParams): SpecRow[] {
  return rows([
    ["IP Video Input", p.channels],
    ["Incoming Bandwidth", p.incoming],
    ["Outgoing Bandwidth", p.outgoing],
    ["Recording Resolution", "Up to 12MP"],
    ["Decoding Format", "H.265+, H.265, H.264+, H.264"],
    ["Decoding Capability", p.decoding],
    ["Video Output", p.output],
    ["Hard Disks", p.disks],
    ["RAID", p.raid],
    ["PoE Interface", p.poe],
    ["Network Interface", p.network],
    ["AI Functions", p.analytics],
    ["Protocols", "ONVIF Profile S/G/T, RTSP, HTTPS, NTP, SMTP, UPnP, SNMPv3, iSCSI"],
    ["Audio", "1 × RCA in, 1 × RCA out; two-way audio"],
    ["Alarm I/O", "4 in / 1 out"],
    ["USB", "1 × USB 2.0 (front), 1 × USB 3.0 (rear)"],
    ["Power", p.power],
    ["Operating Conditions", "-10 °C to +55 °C, humidity 10% to 90%"],
    ["Dimensions", p.dimensions],
    ["Weight", p.weight],
    ["Warranty", "3 years"],
  ]);
}

export interface AccessoryParams {
  material: string;
  finish?: string;
  load?: string;
  compatible: string;
  protection?: string;
  dimensions: string;
  weight: string;
}

export function accessorySpecs(p: AccessoryParams, extra: SpecRow[] = []): SpecRow[] {
  return [
    ...rows([
      ["Material", p.material],
      ["Finish", p.finish ?? "White powder coat (RAL 9003), UV-resistant"],
      ["Load Capacity", p.load],
      ["Compatible Models", p.compatible],
    ]),
    ...extra,
    ...rows([
      ["Protection", p.protection],
      ["Dimensions", p.dimensions],
      ["Weight", p.weight],
    ]),
  ];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** "Label: value" lines: what an admin types into the specifications box. */
export function specsText(specs: readonly SpecRow[]): string {
  return specs.map(([label, value]) => `${label}: ${value}`).join("\n");
}

/** The rows a spreadsheet upload would have produced: a header row, then one row per line. */
export function specsTable(specs: readonly SpecRow[]): string[][] {
  return [["Parameter", "Value"], ...specs.map(([label, value]) => [label, value])];
}

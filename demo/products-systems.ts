import { accessorySpecs, recorderSpecs, thermalSpecs } from "./specs";
import type { DemoProduct } from "./types";

export const THERMAL_CAMERAS: DemoProduct[] = [
  {
    model: "VNT-TH256-BI",
    name: "256×192 Bi-Spectrum Thermal Turret Camera",
    category: "Thermal Cameras",
    description:
      "An entry-level bi-spectrum turret: a 256 × 192 thermal sensor next to a 4MP visible camera. The thermal " +
      "channel spots people and hot spots in complete darkness, the visible channel shows who they are, and " +
      "image fusion overlays the two.",
    specs: thermalSpecs({
      thermalSensor: "Uncooled VOx microbolometer, 256 × 192, 12 µm, 8–14 µm",
      netd: "< 40 mK @ 25 °C, F1.1",
      thermalLens: "3.2 mm athermalized, 50° × 37°",
      visible: '4MP, 1/2.7" CMOS, 4 mm lens, 30 m IR',
      temperature: "-20 °C to +150 °C, ±2 °C or ±2%; point, line and area rules",
      detection: "Person and vehicle classification on the thermal channel, line crossing, intrusion",
      power: "PoE (802.3af), 12 V DC; max 7 W",
      protection: "IP67",
      dimensions: "Ø 126 × 110 mm",
      weight: "650 g",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["256×192", "Bi-Spectrum", "Temperature Measurement", "PoE"],
    extraImages: 0,
    documents: ["datasheet", "manual"],
    accessories: ["VNT-AC-JB1"],
  },
  {
    model: "VNT-TH384-BI",
    name: "384×288 Bi-Spectrum Thermal Perimeter Bullet Camera",
    category: "Thermal Cameras",
    description:
      "A 384 × 288 bi-spectrum bullet for perimeter protection. Thermal detection is unaffected by headlights, " +
      "shadows, fog or total darkness, and deep-learning filtering ignores animals and moving foliage, so a " +
      "fence line can be guarded with almost no false alarms.",
    specs: thermalSpecs(
      {
        thermalSensor: "Uncooled VOx microbolometer, 384 × 288, 12 µm, 8–14 µm",
        netd: "< 35 mK @ 25 °C, F1.0",
        thermalLens: "9.7 mm athermalized, 27° × 20°",
        visible: '4MP, 1/1.8" starlight CMOS, 6 mm lens, 40 m IR',
        temperature: "-20 °C to +550 °C, ±2 °C or ±2%",
        detection:
          "Person and vehicle perimeter detection: line crossing, intrusion, region entrance; bi-spectrum image fusion",
        power: "PoE (802.3at), 12 V DC; max 12 W",
        dimensions: "302 × 96 × 92 mm",
        weight: "1.4 kg",
      },
      [["Detection Range", "Person 430 m, vehicle 1,300 m (DRI detection)"]],
    ),
    specsFormat: "text",
    ndaa: true,
    features: ["384×288", "Bi-Spectrum", "Temperature Measurement", "Perimeter Protection", "PoE"],
    extraImages: 2,
    documents: ["datasheet", "manual", "firmware"],
    accessories: ["VNT-AC-JB2", "VNT-AC-PM1"],
  },
  {
    model: "VNT-TH384-FD",
    name: "384×288 Bi-Spectrum Fire Detection Thermal Camera",
    category: "Thermal Cameras",
    description:
      "Early fire detection for warehouses, recycling plants, substations and solar farms. The camera watches " +
      "for hot spots and rising temperatures long before smoke or flames appear, and raises an alarm with the " +
      "exact location and the highest temperature in the scene.",
    specs: thermalSpecs(
      {
        thermalSensor: "Uncooled VOx microbolometer, 384 × 288, 12 µm, 8–14 µm",
        netd: "< 40 mK @ 25 °C, F1.0",
        thermalLens: "6.2 mm athermalized, 42° × 32°",
        visible: '4MP, 1/2.7" CMOS, 4 mm lens, 20 m IR',
        temperature: "-20 °C to +550 °C, ±2 °C or ±2%; up to 21 rules (points, lines, areas)",
        detection: "Fire and hot-spot detection, smoke detection, temperature difference and rate-of-rise alarms",
        power: "PoE (802.3at), 12 V DC; max 10 W",
        dimensions: "270 × 96 × 92 mm",
        weight: "1.2 kg",
      },
      [["Fire Detection", "Flame at 0.5 m × 0.5 m detected at 45 m"]],
    ),
    specsFormat: "table",
    ndaa: true,
    features: ["384×288", "Bi-Spectrum", "Temperature Measurement", "Fire Detection", "PoE"],
    extraImages: 0,
    documents: ["datasheet", "manual"],
    accessories: [],
  },
  {
    model: "VNT-TH640-25",
    name: "640×512 25mm Long-Range Thermal Perimeter Camera",
    category: "Thermal Cameras",
    description:
      "High-resolution 640 × 512 thermal imaging with a 25 mm lens for long fences, airports and critical " +
      "infrastructure. Detects a person at more than 800 m at night, in fog or in smoke, and hands the target " +
      "to a PTZ for a closer look.",
    specs: thermalSpecs(
      {
        thermalSensor: "Uncooled VOx microbolometer, 640 × 512, 12 µm, 8–14 µm",
        netd: "< 35 mK @ 25 °C, F1.0",
        thermalLens: "25 mm athermalized, 17.5° × 14°",
        visible: "None (thermal only)",
        temperature: "Not supported (detection model)",
        detection: "Person and vehicle perimeter detection with PTZ hand-off, line crossing, intrusion",
        power: "PoE (802.3at), 12 V DC; max 9 W",
        dimensions: "320 × 100 × 96 mm",
        weight: "1.6 kg",
      },
      [["Detection Range", "Person 820 m, vehicle 2,500 m (DRI detection)"]],
    ),
    specsFormat: "text",
    ndaa: true,
    features: ["640×512", "Perimeter Protection", "PoE"],
    extraImages: 0,
    documents: ["datasheet", "manual", "installation"],
    accessories: ["VNT-P4M-32X", "VNT-AC-PM1"],
  },
  {
    model: "VNT-TH640-PTZ",
    name: "640×512 Bi-Spectrum Thermal PTZ Positioning System",
    category: "Thermal Cameras",
    description:
      "A bi-spectrum positioning system: a 640 × 512 thermal camera and a 4MP, 32x zoom visible camera on one " +
      "heavy-duty pan-tilt head. Scan a whole site by heat, then zoom in to see exactly what set off the alarm, " +
      "in any weather.",
    specs: thermalSpecs(
      {
        thermalSensor: "Uncooled VOx microbolometer, 640 × 512, 12 µm, 8–14 µm",
        netd: "< 35 mK @ 25 °C, F1.0",
        thermalLens: "25 mm athermalized, 17.5° × 14°",
        visible: "4MP starlight, 6.5–208 mm, 32x optical zoom, 250 m IR",
        temperature: "-20 °C to +550 °C, ±2 °C or ±2%",
        detection: "Person and vehicle detection on both channels, auto tracking, fire detection",
        power: "48 V DC, 24 V AC; max 120 W (heater on)",
        protection: "IP67, NEMA 4X, TVS 6000 V lightning protection",
        dimensions: "380 × 290 × 470 mm",
        weight: "16.5 kg",
      },
      [
        ["Pan / Tilt Range", "360° endless / -90° to 90°"],
        ["Pan Speed", "0.01° to 100° per second"],
        ["Wiper", "Yes"],
      ],
    ),
    specsFormat: "text",
    ndaa: true,
    features: ["640×512", "Bi-Spectrum", "Temperature Measurement", "Fire Detection", "Perimeter Protection"],
    extraImages: 3,
    documents: ["datasheet", "manual", "firmware", "installation"],
    accessories: ["VNT-AC-WM2", "VNT-AC-PI60"],
  },
];

export const RECORDERS: DemoProduct[] = [
  {
    model: "VNT-N4-MINI",
    name: "4-Channel Value Mini PoE NVR",
    category: "NVRs & Recorders",
    description:
      "A compact 4-channel NVR with 4 PoE ports for homes and small shops: plug in four cameras and they are " +
      "recording within minutes, with remote viewing on the mobile app. Value series: non-NDAA chipset.",
    specs: recorderSpecs({
      channels: "4 channels",
      incoming: "40 Mbps",
      outgoing: "40 Mbps",
      decoding: "2 × 8MP @ 30 fps",
      output: "1 × HDMI (4K), 1 × VGA (1080p)",
      disks: "1 × SATA, up to 10 TB",
      poe: "4 × RJ45 10/100 Mbps, 802.3af/at, 50 W total",
      network: "1 × RJ45 10/100/1000 Mbps",
      analytics: "Person and vehicle filtering of camera alarms",
      power: "48 V DC adapter, 60 W",
      dimensions: "260 × 225 × 48 mm",
      weight: "1.0 kg",
    }),
    specsFormat: "text",
    ndaa: false,
    features: ["4 Channel", "4 PoE Ports", "1 HDD Bay", "4K Output"],
    extraImages: 0,
    documents: ["datasheet", "quickstart"],
    accessories: [],
  },
  {
    model: "VNT-N8-P8",
    name: "8-Channel 4K AI PoE NVR",
    category: "NVRs & Recorders",
    description:
      "An 8-channel, 8-PoE NVR with AI smart search. Find every person who entered a zone, or every vehicle that " +
      "crossed a line, across all cameras in seconds. Records up to 12MP, outputs 4K over HDMI.",
    specs: recorderSpecs({
      channels: "8 channels",
      incoming: "80 Mbps",
      outgoing: "80 Mbps",
      decoding: "2 × 12MP @ 20 fps, 4 × 8MP @ 30 fps",
      output: "1 × HDMI (4K), 1 × VGA (1080p)",
      disks: "1 × SATA, up to 16 TB",
      poe: "8 × RJ45 10/100 Mbps, 802.3af/at, 120 W total",
      network: "1 × RJ45 10/100/1000 Mbps",
      analytics: "Smart search by person and vehicle, line crossing and intrusion on 4 channels",
      power: "100–240 V AC, internal supply",
      dimensions: "320 × 245 × 48 mm",
      weight: "1.6 kg",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["8 Channel", "8 PoE Ports", "1 HDD Bay", "4K Output", "AI Search"],
    extraImages: 0,
    documents: ["datasheet", "manual", "firmware"],
    accessories: [],
  },
  {
    model: "VNT-N16-P16",
    name: "16-Channel 4K PoE NVR",
    category: "NVRs & Recorders",
    description:
      "The 16-channel NVR most of our projects are built on: 16 PoE ports, two drive bays for up to 32 TB, and " +
      "AI analytics for cameras that do not have their own. Face and license plate databases, smart search and " +
      "H.265+ keep weeks of 4K recordings at hand.",
    specs: recorderSpecs({
      channels: "16 channels",
      incoming: "160 Mbps",
      outgoing: "160 Mbps",
      decoding: "4 × 12MP @ 20 fps, 8 × 8MP @ 30 fps",
      output: "1 × HDMI (4K), 1 × VGA (1080p), independent outputs",
      disks: "2 × SATA, up to 16 TB each",
      poe: "16 × RJ45 10/100 Mbps, 802.3af/at, 200 W total",
      network: "1 × RJ45 10/100/1000 Mbps",
      analytics: "Face recognition (8 channels), LPR lists, perimeter AI for 8 channels, smart search",
      power: "100–240 V AC, internal supply",
      dimensions: "385 × 315 × 52 mm",
      weight: "3.2 kg",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["16 Channel", "16 PoE Ports", "2 HDD Bays", "4K Output", "AI Search"],
    extraImages: 2,
    documents: ["datasheet", "manual", "firmware", "quickstart"],
    accessories: ["VNT-N32-4K"],
  },
  {
    model: "VNT-N32-4K",
    name: "32-Channel 4-Bay 4K RAID NVR",
    category: "NVRs & Recorders",
    description:
      "A 32-channel NVR with four drive bays and RAID 0/1/5/10, so a failed disk never costs recordings. Dual " +
      "Gigabit ports separate the camera network from the office network, and 320 Mbps of incoming bandwidth " +
      "carries 32 cameras at 4K.",
    specs: recorderSpecs({
      channels: "32 channels",
      incoming: "320 Mbps",
      outgoing: "256 Mbps",
      decoding: "8 × 12MP @ 20 fps, 16 × 8MP @ 30 fps",
      output: "2 × HDMI (4K), 1 × VGA (1080p)",
      disks: "4 × SATA, up to 16 TB each",
      raid: "RAID 0, 1, 5, 10; hot spare",
      network: "2 × RJ45 10/100/1000 Mbps",
      analytics: "Face recognition (16 channels), perimeter AI for 16 channels, smart search",
      power: "100–240 V AC, internal supply",
      dimensions: "440 × 390 × 70 mm (1.5U)",
      weight: "5.4 kg",
    }),
    specsFormat: "table",
    ndaa: true,
    features: ["32 Channel", "4 HDD Bays", "RAID", "4K Output", "AI Search"],
    extraImages: 0,
    documents: ["datasheet", "manual", "firmware"],
    accessories: [],
  },
  {
    model: "VNT-N64-R8",
    name: "64-Channel 8-Bay Enterprise RAID NVR",
    category: "NVRs & Recorders",
    description:
      "A 64-channel, 8-bay enterprise recorder in a 2U rack chassis with redundant power supplies and RAID 6. " +
      "Up to 128 TB of storage, iSCSI expansion and N+1 hot standby make it the heart of campus, hospital and " +
      "city surveillance systems.",
    specs: recorderSpecs({
      channels: "64 channels",
      incoming: "640 Mbps",
      outgoing: "512 Mbps",
      decoding: "16 × 12MP @ 20 fps, 32 × 8MP @ 30 fps",
      output: "2 × HDMI (4K), 1 × VGA (1080p)",
      disks: "8 × SATA (hot-swappable), up to 16 TB each; iSCSI expansion",
      raid: "RAID 0, 1, 5, 6, 10; global hot spare; N+1 hot standby",
      network: "2 × RJ45 10/100/1000 Mbps, 2 × SFP+ 10 Gbps",
      analytics: "Face recognition (32 channels), perimeter AI for 32 channels, smart search, people counting",
      power: "Redundant 100–240 V AC supplies, 2 × 550 W",
      dimensions: "440 × 550 × 88 mm (2U)",
      weight: "11.8 kg",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["64 Channel", "8 HDD Bays", "RAID", "4K Output", "AI Search"],
    extraImages: 2,
    documents: ["datasheet", "manual", "firmware", "installation"],
    accessories: [],
  },
];

const DOME_FAMILY = "VNT-D2M, VNT-D4M, VNT-D5M and VNT-D8M domes; VNT-T series turrets; VNT-F6M-360";

export const ACCESSORIES: DemoProduct[] = [
  {
    model: "VNT-AC-JB1",
    name: "Junction Box for Dome and Turret Cameras",
    category: "Accessories",
    description:
      "A junction box for domes and turrets. Hides the RJ45 connector and the spare cable behind the camera, " +
      "keeps water out of the connection and gives a tidy finish on surfaces where cable cannot be run inside " +
      "the wall.",
    specs: accessorySpecs({
      material: "Aluminum alloy",
      compatible: DOME_FAMILY,
      protection: "IP66 when fitted with the supplied gasket",
      dimensions: "Ø 150 × 52 mm",
      weight: "330 g",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["Junction Box", "Outdoor Rated"],
    extraImages: 0,
    documents: ["installation"],
    accessories: [],
  },
  {
    model: "VNT-AC-JB2",
    name: "Conduit Junction Box for Bullet Cameras",
    category: "Accessories",
    description:
      'A junction box for bullet and thermal bullet cameras, with a 3/4" conduit entry and room for the ' +
      "connector and a surge protector.",
    specs: accessorySpecs({
      material: "Aluminum alloy",
      compatible: "VNT-B series bullets, VNT-TH384-BI",
      protection: "IP66",
      dimensions: "Ø 130 × 60 mm",
      weight: "290 g",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["Junction Box", "Outdoor Rated"],
    extraImages: 0,
    documents: ["installation"],
    accessories: [],
  },
  {
    model: "VNT-AC-WM1",
    name: "Wall Mount for Dome, Turret and Fisheye Cameras",
    category: "Accessories",
    description:
      "A wall mount bracket for domes, turrets and fisheye cameras, with an internal cable channel so no cable " +
      "is visible from below. Combine with the VNT-AC-PM1 or VNT-AC-CM1 adapter for poles and corners.",
    specs: accessorySpecs({
      material: "Aluminum alloy",
      load: "5 kg",
      compatible: DOME_FAMILY + ", VNT-F12M-360",
      dimensions: "128 × 186 × 230 mm",
      weight: "640 g",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["Wall Mount", "Outdoor Rated"],
    extraImages: 0,
    documents: ["installation", "datasheet"],
    accessories: ["VNT-AC-PM1", "VNT-AC-CM1"],
  },
  {
    model: "VNT-AC-WM2",
    name: "Heavy-Duty Wall Mount for PTZ and Multi-Sensor Cameras",
    category: "Accessories",
    description:
      "A heavy-duty wall mount for PTZ and multi-sensor cameras, rated for 20 kg and wind loads on exposed " +
      "facades. The hollow arm carries Hi-PoE and power cables into the camera.",
    specs: accessorySpecs({
      material: "Aluminum alloy, stainless steel fixings",
      load: "20 kg",
      compatible: "VNT-P series PTZ cameras, VNT-M32M-4X8, VNT-TH640-PTZ",
      dimensions: "180 × 220 × 310 mm",
      weight: "1.9 kg",
    }),
    specsFormat: "text",
    ndaa: true,
    features: ["Wall Mount", "Outdoor Rated", "For PTZ"],
    extraImages: 0,
    documents: ["installation", "datasheet"],
    accessories: ["VNT-AC-PM1"],
  },
  {
    model: "VNT-AC-PM1",
    name: "Pole Mount Adapter for Wall Brackets and Junction Boxes",
    category: "Accessories",
    description:
      "A pole mount adapter with stainless steel bands for poles 60 to 180 mm across. Fits between any " +
      "Vantage wall bracket or junction box and the pole.",
    specs: accessorySpecs({
      material: "Aluminum alloy, stainless steel bands",
      load: "25 kg",
      compatible: "VNT-AC-WM1, VNT-AC-WM2, VNT-AC-JB1, VNT-AC-JB2",
      dimensions: "104 × 150 × 51 mm (pole Ø 60–180 mm)",
      weight: "720 g",
    }),
    specsFormat: "none",
    ndaa: true,
    features: ["Pole Mount", "Outdoor Rated"],
    extraImages: 0,
    documents: ["installation"],
    accessories: [],
  },
  {
    model: "VNT-AC-CM1",
    name: "Corner Mount Adapter for Dome and Panoramic Cameras",
    category: "Accessories",
    description:
      "A corner mount adapter for outside building corners. Lets a dome, turret or panoramic camera look along " +
      "both walls at once.",
    specs: accessorySpecs({
      material: "Aluminum alloy",
      load: "10 kg",
      compatible: "VNT-AC-WM1, VNT-M16M-180",
      dimensions: "180 × 150 × 110 mm",
      weight: "850 g",
    }),
    specsFormat: "none",
    ndaa: true,
    features: ["Corner Mount", "Outdoor Rated"],
    extraImages: 0,
    documents: [],
    accessories: [],
  },
  {
    model: "VNT-AC-PI60",
    name: "60W Single-Port PoE++ Injector",
    category: "Accessories",
    description:
      "A single-port 60 W PoE++ injector (802.3bt) for PTZ, multi-sensor and thermal cameras that need more " +
      "power than a standard PoE switch port delivers. Gigabit pass-through, surge protected.",
    specs: accessorySpecs(
      {
        material: "Aluminum housing",
        finish: "Black anodized",
        compatible: "Any 802.3af/at/bt or Hi-PoE device",
        dimensions: "155 × 64 × 36 mm",
        weight: "380 g",
      },
      [
        ["Output Power", "60 W max (802.3bt Type 3)"],
        ["Data Rate", "10/100/1000 Mbps"],
        ["Input", "100–240 V AC, 50/60 Hz"],
        ["Surge Protection", "6 kV on the data lines"],
      ],
    ),
    specsFormat: "text",
    ndaa: true,
    features: ["PoE Injector"],
    extraImages: 0,
    documents: ["datasheet", "quickstart"],
    accessories: [],
  },
];

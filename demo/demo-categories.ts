import type { DemoCategory } from "./types";

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: "Dome Cameras",
    description:
      "Discreet, vandal-resistant domes for ceilings and walls. Smoked covers hide where the lens points, " +
      "IK10 housings shrug off impacts, and every model runs AI person and vehicle detection on the camera.",
    features: [
      "2MP",
      "4MP",
      "5MP",
      "8MP (4K)",
      "2.8mm",
      "4mm",
      "Varifocal Lens",
      "Starlight",
      "IR Night Vision",
      "Audio",
      "PoE",
      "Smart Detection",
      "IK10 Vandal Resistant",
    ],
    groups: [
      ["Resolution", ["2MP", "4MP", "5MP", "8MP (4K)"]],
      ["Lens", ["2.8mm", "4mm", "Varifocal Lens"]],
      ["Night vision", ["Starlight", "IR Night Vision"]],
    ],
    art: "dome",
    hue: 212,
    views: ["angle", "night", "detail"],
  },
  {
    name: "Bullet Cameras",
    description:
      "Long-range bullets for perimeters, car parks and building exteriors. A visible deterrent with " +
      "powerful IR, IP67 weatherproofing and optional warm-light, siren and strobe for active deterrence.",
    features: [
      "2MP",
      "4MP",
      "5MP",
      "8MP (4K)",
      "2.8mm",
      "3.6mm",
      "4mm",
      "12mm",
      "Varifocal Lens",
      "IR Night Vision",
      "Dual Light",
      "Active Deterrence",
      "LPR",
      "PoE",
      "Smart Detection",
    ],
    groups: [
      ["Resolution", ["2MP", "4MP", "5MP", "8MP (4K)"]],
      ["Lens", ["2.8mm", "3.6mm", "4mm", "12mm", "Varifocal Lens"]],
      ["Night vision", ["IR Night Vision", "Dual Light"]],
    ],
    art: "bullet",
    hue: 198,
    views: ["angle", "night", "detail"],
  },
  {
    name: "Turret Cameras",
    description:
      "Eyeball turrets combine the easy aiming of a bullet with the compact look of a dome. No cover " +
      "means no IR reflection at night, and the open design keeps spiders and dust off the lens.",
    features: [
      "2MP",
      "4MP",
      "8MP (4K)",
      "2.8mm",
      "4mm",
      "Varifocal Lens",
      "IR Night Vision",
      "Full-Color Night",
      "Audio",
      "PoE",
      "Smart Detection",
    ],
    groups: [
      ["Resolution", ["2MP", "4MP", "8MP (4K)"]],
      ["Lens", ["2.8mm", "4mm", "Varifocal Lens"]],
      ["Night vision", ["IR Night Vision", "Full-Color Night"]],
    ],
    art: "turret",
    hue: 226,
    views: ["angle", "night", "detail"],
  },
  {
    name: "PTZ Cameras",
    description:
      "Pan-tilt-zoom cameras that cover a whole site from one pole. Optical zoom up to 42x, AI auto " +
      "tracking that follows a person or vehicle on its own, and presets and patrols for unattended tours.",
    features: [
      "2MP",
      "4MP",
      "8MP (4K)",
      "4x Zoom",
      "25x Zoom",
      "32x Zoom",
      "42x Zoom",
      "Auto Tracking",
      "IR Night Vision",
      "Audio",
      "PoE",
      "Hi-PoE",
      "Smart Detection",
    ],
    groups: [
      ["Resolution", ["2MP", "4MP", "8MP (4K)"]],
      ["Optical zoom", ["4x Zoom", "25x Zoom", "32x Zoom", "42x Zoom"]],
      ["Power", ["PoE", "Hi-PoE"]],
    ],
    art: "ptz",
    hue: 190,
    views: ["angle", "night", "detail"],
  },
  {
    name: "Fisheye / Panoramic",
    description:
      "One camera where you would otherwise need four. Fisheye models see the whole room from the " +
      "ceiling; multi-sensor panoramic cameras stitch several sensors into one seamless 180° or 360° view.",
    features: [
      "6MP",
      "12MP",
      "16MP",
      "32MP",
      "180°",
      "360°",
      "Dewarping",
      "Multi-Sensor",
      "Audio",
      "PoE",
      "Smart Detection",
    ],
    groups: [
      ["Resolution", ["6MP", "12MP", "16MP", "32MP"]],
      ["Field of view", ["180°", "360°"]],
    ],
    art: "fisheye",
    hue: 242,
    views: ["angle", "night", "detail"],
  },
  {
    name: "Thermal Cameras",
    description:
      "Uncooled VOx thermal cameras that see heat, not light: they detect people and vehicles in total " +
      "darkness, smoke and fog, measure temperature, and raise early fire alarms. Bi-spectrum models add a " +
      "visible-light channel for identification.",
    features: [
      "256×192",
      "384×288",
      "640×512",
      "Bi-Spectrum",
      "Temperature Measurement",
      "Fire Detection",
      "Perimeter Protection",
      "PoE",
    ],
    groups: [["Thermal resolution", ["256×192", "384×288", "640×512"]]],
    art: "thermal",
    hue: 18,
    views: ["angle", "thermal", "detail"],
  },
  {
    name: "NVRs & Recorders",
    description:
      "Network video recorders from 4 to 64 channels with built-in PoE, RAID and AI search. Plug in the " +
      "cameras, and they are found, configured and recording within minutes.",
    features: [
      "4 Channel",
      "8 Channel",
      "16 Channel",
      "32 Channel",
      "64 Channel",
      "4 PoE Ports",
      "8 PoE Ports",
      "16 PoE Ports",
      "1 HDD Bay",
      "2 HDD Bays",
      "4 HDD Bays",
      "8 HDD Bays",
      "RAID",
      "4K Output",
      "AI Search",
    ],
    groups: [
      ["Channels", ["4 Channel", "8 Channel", "16 Channel", "32 Channel", "64 Channel"]],
      ["PoE ports", ["4 PoE Ports", "8 PoE Ports", "16 PoE Ports"]],
      ["Drive bays", ["1 HDD Bay", "2 HDD Bays", "4 HDD Bays", "8 HDD Bays"]],
    ],
    art: "nvr",
    hue: 160,
    views: ["angle", "detail"],
  },
  {
    name: "Accessories",
    description:
      "Mounts, junction boxes and power for a clean, weatherproof installation. Every bracket is matched " +
      "to the cameras it carries, so cable entry, screw holes and drip edges line up.",
    features: ["Wall Mount", "Pole Mount", "Corner Mount", "Junction Box", "Outdoor Rated", "PoE Injector", "For PTZ"],
    groups: [["Mounting", ["Wall Mount", "Pole Mount", "Corner Mount", "Junction Box"]]],
    art: "accessory",
    hue: 262,
    views: ["angle", "detail"],
  },
];

export const DEMO_CATEGORY_NAMES: readonly string[] = DEMO_CATEGORIES.map((category) => category.name);

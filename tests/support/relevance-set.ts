/**
 * What buyers and installers type into the search over the demo catalog, and what each means: the
 * product (or category) the search must put first. Where a query means any of several products
 * equally ("bullet 8mp"), each is named. The set is the measure of search quality (decision 067):
 * `npm test` requires 90% first-place hits, `npm run bench:search` prints the rate and the mean
 * reciprocal rank.
 */
export interface RelevanceCase {
  query: string;
  /** The products (by model) one of which must come first. */
  products?: string[];
  /** Or the category that must come first among categories. */
  category?: string;
  /** How people come to type it. */
  habit:
    | "model fragment"
    | "type and number"
    | "feature"
    | "typo"
    | "synonym"
    | "normalization"
    | "another language's habit"
    | "support question";
}

export const RELEVANCE_SET: RelevanceCase[] = [
  // Part of a model, as printed on a box, an invoice or a label, with or without its punctuation.
  { query: "d4m", products: ["VNT-D4M-AI28"], habit: "model fragment" },
  { query: "D4M-AI28", products: ["VNT-D4M-AI28"], habit: "model fragment" },
  { query: "p4m25x", products: ["VNT-P4M-25X"], habit: "model fragment" },
  { query: "vnt p4m 25x", products: ["VNT-P4M-25X"], habit: "model fragment" },
  { query: "VNT-B5M-LPR", products: ["VNT-B5M-LPR"], habit: "model fragment" },
  { query: "b5m", products: ["VNT-B5M-LPR"], habit: "model fragment" },
  { query: "th640 ptz", products: ["VNT-TH640-PTZ"], habit: "model fragment" },
  { query: "th384fd", products: ["VNT-TH384-FD"], habit: "model fragment" },
  { query: "n16", products: ["VNT-N16-P16"], habit: "model fragment" },
  { query: "n32-4k", products: ["VNT-N32-4K"], habit: "model fragment" },
  { query: "m32m", products: ["VNT-M32M-4X8"], habit: "model fragment" },
  { query: "ac-jb2", products: ["VNT-AC-JB2"], habit: "model fragment" },
  { query: "jb1", products: ["VNT-AC-JB1"], habit: "model fragment" },
  { query: "pi60", products: ["VNT-AC-PI60"], habit: "model fragment" },
  { query: "d8m aiz", products: ["VNT-D8M-AIZ"], habit: "model fragment" },
  { query: "f12m", products: ["VNT-F12M-360"], habit: "model fragment" },
  { query: "vnt-t4m-fc", products: ["VNT-T4M-FC28"], habit: "model fragment" },
  { query: "t4mfc28", products: ["VNT-T4M-FC28"], habit: "model fragment" },
  { query: "vnt d2m", products: ["VNT-D2M-V28"], habit: "model fragment" },
  { query: "p2m 4x", products: ["VNT-P2M-4X"], habit: "model fragment" },

  // A kind of camera and a number: resolution, channels, zoom, lens.
  { query: "ptz 4k", products: ["VNT-P8M-42X"], habit: "type and number" },
  { query: "nvr 16", products: ["VNT-N16-P16"], habit: "type and number" },
  { query: "nvr 64", products: ["VNT-N64-R8"], habit: "type and number" },
  { query: "dome 4mp", products: ["VNT-D4M-AI28", "VNT-D4M-AIZ", "VNT-D4M-MINI"], habit: "type and number" },
  { query: "bullet 8mp", products: ["VNT-B8M-AI12", "VNT-B8M-AI40"], habit: "type and number" },
  { query: "turret 2mp", products: ["VNT-T2M-V28"], habit: "type and number" },
  { query: "fisheye 12mp", products: ["VNT-F12M-360"], habit: "type and number" },
  { query: "thermal 384", products: ["VNT-TH384-BI", "VNT-TH384-FD"], habit: "type and number" },
  { query: "ptz 32x", products: ["VNT-P4M-32X"], habit: "type and number" },
  { query: "4mp turret varifocal", products: ["VNT-T4M-AIZ"], habit: "type and number" },
  { query: "bullet 12mm", products: ["VNT-B8M-AI12"], habit: "type and number" },
  { query: "8 channel nvr", products: ["VNT-N8-P8"], habit: "type and number" },
  { query: "4 channel nvr", products: ["VNT-N4-MINI"], habit: "type and number" },
  { query: "25x ptz", products: ["VNT-P2M-25X", "VNT-P4M-25X"], habit: "type and number" },
  { query: "42x zoom", products: ["VNT-P8M-42X"], habit: "type and number" },
  { query: "180 panoramic", products: ["VNT-M16M-180"], habit: "type and number" },
  { query: "5mp dome", products: ["VNT-D5M-AI40"], habit: "type and number" },
  { query: "thermal ptz", products: ["VNT-TH640-PTZ"], habit: "type and number" },

  // What it does or what it is, in the words of a data sheet.
  { query: "license plate", products: ["VNT-B5M-LPR"], habit: "feature" },
  { query: "lpr camera", products: ["VNT-B5M-LPR"], habit: "feature" },
  { query: "fire detection", products: ["VNT-TH384-FD", "VNT-TH640-PTZ"], habit: "feature" },
  { query: "junction box", products: ["VNT-AC-JB1", "VNT-AC-JB2"], habit: "feature" },
  { query: "junction box bullet", products: ["VNT-AC-JB2"], habit: "feature" },
  { query: "pole mount", products: ["VNT-AC-PM1"], habit: "feature" },
  { query: "wall mount ptz", products: ["VNT-AC-WM2"], habit: "feature" },
  { query: "corner mount", products: ["VNT-AC-CM1"], habit: "feature" },
  { query: "poe injector", products: ["VNT-AC-PI60"], habit: "feature" },
  { query: "active deterrence", products: ["VNT-B4M-DL28"], habit: "feature" },
  { query: "full color night", products: ["VNT-T4M-FC28"], habit: "feature" },
  { query: "auto tracking ptz", products: ["VNT-P4M-25X", "VNT-P4M-32X", "VNT-P8M-42X"], habit: "feature" },
  { query: "wiper defog", products: ["VNT-P4M-32X"], habit: "feature" },
  { query: "raid nvr", products: ["VNT-N32-4K", "VNT-N64-R8"], habit: "feature" },
  { query: "dome with microphone", products: ["VNT-D5M-AI40", "VNT-D4M-MINI"], habit: "feature" },
  { query: "varifocal dome", products: ["VNT-D4M-AIZ", "VNT-D8M-AIZ"], habit: "feature" },
  { query: "dome cameras", category: "Dome Cameras", habit: "feature" },
  { query: "recorders", category: "NVRs & Recorders", habit: "feature" },

  // Fingers faster than eyes.
  { query: "bulet", category: "Bullet Cameras", habit: "typo" },
  { query: "bulet 4mp", products: ["VNT-B4M-AI28", "VNT-B4M-AIZ", "VNT-B4M-DL28"], habit: "typo" },
  { query: "thermel", category: "Thermal Cameras", habit: "typo" },
  { query: "fishey", category: "Fisheye / Panoramic", habit: "typo" },
  { query: "vairfocal bullet", products: ["VNT-B4M-AIZ", "VNT-B5M-LPR"], habit: "typo" },
  { query: "junktion box", products: ["VNT-AC-JB1", "VNT-AC-JB2"], habit: "typo" },
  { query: "licence plate", products: ["VNT-B5M-LPR"], habit: "typo" },
  { query: "ptz camra", category: "PTZ Cameras", habit: "typo" },
  { query: "starlihgt dome", products: ["VNT-D4M-AI28", "VNT-D4M-AIZ"], habit: "typo" },
  { query: "injektor", products: ["VNT-AC-PI60"], habit: "typo" },
  { query: "dom 4mp", products: ["VNT-D4M-AI28", "VNT-D4M-AIZ", "VNT-D4M-MINI"], habit: "typo" },

  // The trade's other names for a thing, and other languages' words: the demo's synonyms.
  { query: "anpr", products: ["VNT-B5M-LPR"], habit: "synonym" },
  { query: "number plate camera", products: ["VNT-B5M-LPR"], habit: "synonym" },
  { query: "recorder 16", products: ["VNT-N16-P16"], habit: "synonym" },
  { query: "pan tilt zoom", category: "PTZ Cameras", habit: "synonym" },
  { query: "speed dome 25x", products: ["VNT-P2M-25X", "VNT-P4M-25X"], habit: "synonym" },
  { query: "caméra thermique", category: "Thermal Cameras", habit: "synonym" },
  { query: "wärmebild kamera 640", products: ["VNT-TH640-25", "VNT-TH640-PTZ"], habit: "synonym" },
  { query: "domo 4mp", products: ["VNT-D4M-AI28", "VNT-D4M-AIZ", "VNT-D4M-MINI"], habit: "synonym" },
  { query: "d4m handbuch", products: ["VNT-D4M-AI28"], habit: "synonym" },
  { query: "bracket ptz", products: ["VNT-AC-WM2"], habit: "synonym" },

  // Typed on a phone or pasted from elsewhere: fullwidth forms, accents, capitals.
  { query: "ｄ４ｍ", products: ["VNT-D4M-AI28"], habit: "normalization" },
  { query: "ＰＴＺ", category: "PTZ Cameras", habit: "normalization" },
  { query: "caméra dôme", category: "Dome Cameras", habit: "normalization" },
  { query: "THERMAL 640", products: ["VNT-TH640-25", "VNT-TH640-PTZ"], habit: "normalization" },

  // German and French buyers write camera words their way.
  {
    query: "dome kamera 4mp",
    products: ["VNT-D4M-AI28", "VNT-D4M-AIZ", "VNT-D4M-MINI"],
    habit: "another language's habit",
  },
  { query: "PTZ-Kamera 4K", products: ["VNT-P8M-42X"], habit: "another language's habit" },
  { query: "kamera 360", products: ["VNT-F6M-360", "VNT-F12M-360", "VNT-M32M-4X8"], habit: "another language's habit" },
  { query: "caméra thermal", category: "Thermal Cameras", habit: "another language's habit" },

  // Someone with a camera in hand, looking for its paperwork.
  { query: "d4m manual", products: ["VNT-D4M-AI28"], habit: "support question" },
  { query: "n16 firmware", products: ["VNT-N16-P16"], habit: "support question" },
  { query: "p8m installation guide", products: ["VNT-P8M-42X"], habit: "support question" },
  { query: "th640 datasheet", products: ["VNT-TH640-25", "VNT-TH640-PTZ"], habit: "support question" },
  { query: "nvr quick start", products: ["VNT-N4-MINI", "VNT-N16-P16"], habit: "support question" },
  { query: "b5m firmware release notes", products: ["VNT-B5M-LPR"], habit: "support question" },
  { query: "user manual lpr", products: ["VNT-B5M-LPR"], habit: "support question" },
];

/** Where the result a case means is among `products` (models) or `categories` (names), 1 first; 0 when absent. */
export function rankOfMeant(
  relevanceCase: RelevanceCase,
  results: { products: { model: string }[]; categories: { name: string }[] },
): number {
  const at = relevanceCase.category
    ? results.categories.findIndex((category) => category.name === relevanceCase.category)
    : results.products.findIndex((product) => relevanceCase.products?.includes(product.model));
  return at + 1;
}

/** First-place hits and the mean reciprocal rank over every case. */
export function relevanceScore(ranks: readonly number[]): { firstPlace: number; meanReciprocalRank: number } {
  const firstPlace = ranks.filter((rank) => rank === 1).length / ranks.length;
  const meanReciprocalRank = ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length;
  return { firstPlace, meanReciprocalRank };
}

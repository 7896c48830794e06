import sharp from "sharp";
import { createRandom, seedFrom } from "./random";
import type { ArtKind, CardPicture, DemoCategory, CameraView, WidePicture } from "./types";

/**
 * Pictures for the demo catalog, drawn as SVG and rendered locally with sharp: a stylised product per
 * category, a few views of it, and illustrations for the home page. Nothing is fetched.
 *
 * Rendering an SVG is the slow part (tens of milliseconds), so each category view is rendered once to
 * raw pixels and every product only adds its model name on top, which is several times cheaper.
 */

export const PRODUCT_WIDTH = 800;
export const PRODUCT_HEIGHT = 600;
/** The home page's image items are 16:9 (app/domain/home-images.ts): drawn so, nothing is cut off. */
export const WIDE_WIDTH = 1600;
export const WIDE_HEIGHT = 900;
const BAND_TOP = 510;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const JPEG = { quality: 82 } as const;

export interface RenderedBase {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export const VIEW_CAPTIONS: Record<CameraView | "front", string> = {
  front: "",
  angle: "Angle view",
  night: "Night mode",
  thermal: "Thermal view",
  detail: "Detail",
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;
}

const DEFS = `
  <linearGradient id="body" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#e2e8f0"/><stop offset="1" stop-color="#94a3b8"/>
  </linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#475569" stop-opacity="0.95"/><stop offset="1" stop-color="#020617" stop-opacity="0.95"/>
  </linearGradient>
  <radialGradient id="lens" cx="0.4" cy="0.4" r="0.65">
    <stop offset="0" stop-color="#7dd3fc"/><stop offset="0.35" stop-color="#0369a1"/><stop offset="0.8" stop-color="#0c1a33"/><stop offset="1" stop-color="#020617"/>
  </radialGradient>
  <radialGradient id="germanium" cx="0.45" cy="0.4" r="0.65">
    <stop offset="0" stop-color="#a78bfa"/><stop offset="0.4" stop-color="#3b0764"/><stop offset="0.85" stop-color="#1c1917"/><stop offset="1" stop-color="#b45309"/>
  </radialGradient>
  <radialGradient id="ir" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#f43f5e" stop-opacity="0.5"/><stop offset="1" stop-color="#f43f5e" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="hot" cx="0.5" cy="0.4" r="0.6">
    <stop offset="0" stop-color="#fefce8"/><stop offset="0.35" stop-color="#facc15"/><stop offset="0.7" stop-color="#f97316"/><stop offset="1" stop-color="#9f1239"/>
  </radialGradient>`;

const shadow = (cy: number, rx: number) =>
  `<ellipse cx="400" cy="${cy}" rx="${rx}" ry="20" fill="#020617" opacity="0.3"/>`;

/** Each drawing sits in an 800 × 600 canvas around (400, 270). */
const SILHOUETTES: Record<ArtKind, string> = {
  dome: `${shadow(396, 205)}
    <rect x="200" y="330" width="400" height="54" rx="24" fill="url(#body)"/>
    <path d="M228 338 A172 172 0 0 1 572 338 Z" fill="url(#glass)"/>
    <path d="M262 300 Q400 184 538 300" stroke="#fff" stroke-opacity="0.22" stroke-width="7" fill="none"/>
    <circle cx="400" cy="270" r="56" fill="#0b1120"/>
    <circle cx="400" cy="270" r="37" fill="url(#lens)"/>
    <circle cx="387" cy="256" r="9" fill="#fff" opacity="0.55"/>
    <g fill="#7f1d1d"><circle cx="322" cy="300" r="7"/><circle cx="478" cy="300" r="7"/><circle cx="338" cy="226" r="7"/><circle cx="462" cy="226" r="7"/></g>`,
  bullet: `${shadow(414, 215)}
    <rect x="196" y="372" width="150" height="26" rx="8" fill="url(#body)"/>
    <path d="M250 374 L262 316 H300 L312 374 Z" fill="#cbd5e1"/>
    <rect x="190" y="214" width="400" height="112" rx="42" fill="url(#body)"/>
    <path d="M176 204 H600 Q630 204 638 230 L642 244 H176 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/>
    <rect x="222" y="256" width="320" height="9" rx="4" fill="#fff" opacity="0.7"/>
    <ellipse cx="590" cy="272" rx="32" ry="56" fill="#0b1120"/>
    <ellipse cx="597" cy="272" rx="17" ry="31" fill="url(#lens)"/>
    <g fill="#7f1d1d"><circle cx="583" cy="232" r="5"/><circle cx="583" cy="312" r="5"/></g>`,
  turret: `${shadow(404, 195)}
    <rect x="220" y="338" width="360" height="58" rx="26" fill="url(#body)"/>
    <circle cx="400" cy="262" r="124" fill="url(#body)"/>
    <ellipse cx="400" cy="344" rx="150" ry="22" fill="#e2e8f0"/>
    <circle cx="400" cy="250" r="76" fill="#0b1120"/>
    <circle cx="400" cy="250" r="41" fill="url(#lens)"/>
    <circle cx="386" cy="236" r="10" fill="#fff" opacity="0.5"/>
    <g fill="#7f1d1d"><circle cx="400" cy="192" r="6"/><circle cx="342" cy="250" r="6"/><circle cx="458" cy="250" r="6"/><circle cx="400" cy="308" r="6"/></g>`,
  ptz: `${shadow(420, 150)}
    <rect x="340" y="58" width="120" height="20" rx="6" fill="url(#body)"/>
    <rect x="378" y="74" width="44" height="70" fill="url(#body)"/>
    <rect x="268" y="136" width="264" height="124" rx="44" fill="url(#body)"/>
    <rect x="300" y="204" width="200" height="26" rx="13" fill="#1e293b"/>
    <g fill="#be123c"><circle cx="326" cy="217" r="6"/><circle cx="356" cy="217" r="6"/><circle cx="444" cy="217" r="6"/><circle cx="474" cy="217" r="6"/></g>
    <path d="M284 256 A116 116 0 0 0 516 256 Z" fill="url(#glass)"/>
    <circle cx="400" cy="304" r="50" fill="#0b1120"/>
    <circle cx="400" cy="304" r="32" fill="url(#lens)"/>
    <circle cx="389" cy="292" r="8" fill="#fff" opacity="0.5"/>`,
  fisheye: `${shadow(372, 240)}
    <ellipse cx="400" cy="302" rx="232" ry="76" fill="#94a3b8"/>
    <ellipse cx="400" cy="284" rx="232" ry="76" fill="url(#body)"/>
    <ellipse cx="400" cy="280" rx="124" ry="42" fill="#cbd5e1"/>
    <ellipse cx="400" cy="276" rx="66" ry="34" fill="url(#glass)"/>
    <ellipse cx="400" cy="272" rx="36" ry="19" fill="url(#lens)"/>
    <ellipse cx="390" cy="266" rx="9" ry="5" fill="#fff" opacity="0.55"/>
    <g fill="#334155"><circle cx="250" cy="284" r="3"/><circle cx="262" cy="284" r="3"/><circle cx="550" cy="284" r="3"/></g>`,
  thermal: `${shadow(418, 215)}
    <rect x="196" y="376" width="150" height="26" rx="8" fill="url(#body)"/>
    <path d="M250 378 L262 330 H300 L312 378 Z" fill="#cbd5e1"/>
    <rect x="180" y="198" width="380" height="144" rx="20" fill="url(#body)"/>
    <path d="M166 188 H592 L604 214 H166 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/>
    <rect x="226" y="232" width="280" height="8" rx="4" fill="#fff" opacity="0.7"/>
    <rect x="546" y="208" width="64" height="130" rx="14" fill="#1e293b"/>
    <circle cx="578" cy="250" r="28" fill="url(#germanium)"/>
    <circle cx="578" cy="309" r="16" fill="url(#lens)"/>`,
  nvr: `${shadow(382, 250)}
    <path d="M170 232 L250 178 H650 L570 232 Z" fill="url(#body)"/>
    <g stroke="#94a3b8" stroke-width="3"><path d="M330 196 H560"/><path d="M318 206 H548"/><path d="M306 216 H536"/></g>
    <rect x="170" y="232" width="400" height="124" rx="6" fill="#1e293b"/>
    <path d="M570 232 L650 178 V302 L570 356 Z" fill="#0f172a"/>
    <g><circle cx="200" cy="262" r="6" fill="#22c55e"/><circle cx="222" cy="262" r="6" fill="#38bdf8"/><circle cx="244" cy="262" r="6" fill="#22c55e"/></g>
    <g fill="#334155" stroke="#475569" stroke-width="2"><rect x="300" y="250" width="248" height="34" rx="4"/><rect x="300" y="296" width="248" height="34" rx="4"/></g>
    <g stroke="#94a3b8" stroke-width="4" stroke-linecap="round"><path d="M510 267 H536"/><path d="M510 313 H536"/></g>
    <text x="196" y="334" font-family="${FONT}" font-size="16" font-weight="700" letter-spacing="3" fill="#94a3b8">VANTAGE</text>`,
  accessory: `${shadow(428, 170)}
    <rect x="226" y="126" width="96" height="290" rx="14" fill="url(#body)"/>
    <g fill="#94a3b8"><circle cx="274" cy="160" r="8"/><circle cx="274" cy="384" r="8"/></g>
    <path d="M320 230 H474 Q526 230 526 282 V322 H474 V292 Q474 280 462 280 H320 Z" fill="url(#body)" stroke="#cbd5e1" stroke-width="2"/>
    <ellipse cx="500" cy="334" rx="86" ry="20" fill="#cbd5e1"/>
    <ellipse cx="500" cy="328" rx="86" ry="20" fill="#f1f5f9"/>
    <g fill="#94a3b8"><circle cx="448" cy="328" r="5"/><circle cx="552" cy="328" r="5"/><circle cx="500" cy="316" r="5"/></g>`,
};

function stars(seed: string, count: number, width: number, height: number): string {
  const random = createRandom(seedFrom(seed));
  let out = "";
  for (let index = 0; index < count; index++) {
    const x = random.int(0, width);
    const y = random.int(0, Math.round(height * 0.8));
    out += `<circle cx="${x}" cy="${y}" r="${random.int(1, 2)}" fill="#e2e8f0" opacity="${(0.3 + random.next() * 0.6).toFixed(2)}"/>`;
  }
  return out;
}

/** What a thermal camera shows: cold background, a warm person and a car with a hot engine. */
function thermalScene(): string {
  return `
    <rect width="800" height="600" fill="#1e1b4b"/>
    <rect y="330" width="800" height="270" fill="#312e81"/>
    <path d="M0 330 H800" stroke="#4c1d95" stroke-width="4"/>
    <g opacity="0.9"><rect x="470" y="300" width="230" height="80" rx="30" fill="#7c2d12"/>
      <rect x="505" y="262" width="150" height="56" rx="22" fill="#9a3412"/>
      <ellipse cx="690" cy="330" rx="30" ry="22" fill="url(#hot)"/>
      <circle cx="520" cy="384" r="26" fill="#451a03"/><circle cx="650" cy="384" r="26" fill="#451a03"/></g>
    <g><circle cx="250" cy="196" r="30" fill="url(#hot)"/>
      <rect x="212" y="230" width="76" height="132" rx="30" fill="url(#hot)"/>
      <rect x="218" y="350" width="26" height="96" rx="12" fill="url(#hot)"/><rect x="256" y="350" width="26" height="96" rx="12" fill="url(#hot)"/></g>
    <rect x="190" y="152" width="120" height="306" fill="none" stroke="#4ade80" stroke-width="4"/>
    <rect x="190" y="122" width="150" height="30" fill="#4ade80"/>
    <text x="198" y="144" font-family="${FONT}" font-size="18" font-weight="700" fill="#052e16">PERSON 96%</text>
    <text x="600" y="240" font-family="${FONT}" font-size="22" font-weight="700" fill="#fde68a">48.6 °C</text>`;
}

function background(hue: number, view: CameraView | "front", seed: string): string {
  if (view === "night") {
    return `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="${hsl(hue, 45, 14)}"/></linearGradient>
      <rect width="800" height="600" fill="url(#bg)"/>${stars(seed, 60, 800, 600)}
      <circle cx="400" cy="280" r="300" fill="url(#ir)"/>`;
  }
  const [top, bottom] =
    view === "angle" ? [hsl(hue, 30, 88), hsl(hue, 35, 66)] : [hsl(hue, 55, 16), hsl(hue + 24, 60, 40)];
  const lines = view === "angle" ? "#0f172a" : "#ffffff";
  return `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <rect width="800" height="600" fill="url(#bg)"/>
    <g stroke="${lines}" stroke-opacity="0.08" stroke-width="2" fill="none">
      <circle cx="400" cy="270" r="230"/><circle cx="400" cy="270" r="300"/><circle cx="400" cy="270" r="370"/>
      <path d="M0 470 H800"/><path d="M0 140 H800"/>
    </g>`;
}

function viewDrawing(art: ArtKind, view: CameraView | "front"): string {
  const drawing = SILHOUETTES[art];
  switch (view) {
    case "front":
      return `${drawing}
        <g stroke="#4ade80" stroke-width="4" fill="none" opacity="0.75">
          <path d="M150 100 h40 M150 100 v40"/><path d="M650 100 h-40 M650 100 v40"/>
          <path d="M150 450 h40 M150 450 v-40"/><path d="M650 450 h-40 M650 450 v-40"/>
        </g>`;
    case "angle":
      return `<g transform="translate(410 280) rotate(-11) scale(0.9) translate(-400 -270)">${drawing}</g>`;
    case "night":
      return `<g transform="translate(400 270) scale(0.9) translate(-400 -270)">${drawing}</g>
        <rect width="800" height="600" fill="#020617" opacity="0.35"/>`;
    case "detail":
      return `<g transform="translate(400 300) scale(1.75) translate(-400 -262)">${drawing}</g>`;
    case "thermal":
      return thermalScene();
  }
}

/** The full picture of a category view, without the model name. */
function baseSvg(category: DemoCategory, view: CameraView | "front"): string {
  const caption = view === "front" ? category.name : VIEW_CAPTIONS[view];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_WIDTH}" height="${PRODUCT_HEIGHT}" viewBox="0 0 800 600">
    <defs>${DEFS}</defs>
    ${view === "thermal" ? "" : background(category.hue, view, `${category.name}:${view}`)}
    ${viewDrawing(category.art, view)}
    <text x="32" y="50" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="5" fill="#ffffff" opacity="0.9">VANTAGE</text>
    <rect y="${BAND_TOP}" width="800" height="${PRODUCT_HEIGHT - BAND_TOP}" fill="#020617" opacity="0.6"/>
    <text x="768" y="${BAND_TOP + 56}" text-anchor="end" font-family="${FONT}" font-size="20" fill="#cbd5e1">${escapeXml(caption)}</text>
  </svg>`;
}

export async function renderCategoryView(category: DemoCategory, view: CameraView | "front"): Promise<RenderedBase> {
  const { data, info } = await sharp(Buffer.from(baseSvg(category, view)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** A product picture: the category view with the model name written into its caption band. */
export async function productPicture(base: RenderedBase, model: string): Promise<Uint8Array> {
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_WIDTH}" height="${PRODUCT_HEIGHT - BAND_TOP}">
    <text x="32" y="60" font-family="${FONT}" font-size="38" font-weight="700" fill="#ffffff">${escapeXml(model)}</text>
  </svg>`;
  const jpeg = await sharp(base.data, { raw: base.info })
    .composite([{ input: Buffer.from(label), top: BAND_TOP, left: 0 }])
    .jpeg(JPEG)
    .toBuffer();
  return new Uint8Array(jpeg);
}

const CARD_SCENES: Record<CardPicture, string> = {
  "ai-detection": `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
    <rect width="800" height="600" fill="url(#bg)"/>
    <path d="M0 380 L800 340 V600 H0 Z" fill="#334155"/>
    <path d="M120 600 L360 360 M680 600 L470 352" stroke="#64748b" stroke-width="6" stroke-dasharray="30 24"/>
    <g fill="#94a3b8"><circle cx="200" cy="250" r="24"/><rect x="172" y="276" width="56" height="104" rx="22"/>
      <rect x="178" y="368" width="20" height="70" rx="9"/><rect x="202" y="368" width="20" height="70" rx="9"/></g>
    <g fill="#cbd5e1"><rect x="430" y="300" width="250" height="80" rx="28"/><rect x="470" y="262" width="160" height="56" rx="22"/>
      <circle cx="480" cy="384" r="26" fill="#0f172a"/><circle cx="630" cy="384" r="26" fill="#0f172a"/></g>
    <rect x="156" y="212" width="88" height="240" fill="none" stroke="#4ade80" stroke-width="4"/>
    <rect x="156" y="182" width="150" height="30" fill="#4ade80"/>
    <text x="164" y="204" font-family="${FONT}" font-size="18" font-weight="700" fill="#052e16">PERSON 97%</text>
    <rect x="418" y="246" width="276" height="176" fill="none" stroke="#fbbf24" stroke-width="4"/>
    <rect x="418" y="216" width="160" height="30" fill="#fbbf24"/>
    <text x="426" y="238" font-family="${FONT}" font-size="18" font-weight="700" fill="#422006">VEHICLE 94%</text>
    <text x="28" y="44" font-family="${FONT}" font-size="20" fill="#e2e8f0">2026-01-14 21:43:07</text>
    <text x="772" y="44" text-anchor="end" font-family="${FONT}" font-size="20" fill="#e2e8f0">CAM 03 · Car park</text>`,
  ndaa: `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3b6f"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient>
    <rect width="800" height="600" fill="url(#bg)"/>
    <path d="M400 90 L560 150 V290 Q560 420 400 500 Q240 420 240 290 V150 Z" fill="#f8fafc"/>
    <path d="M400 118 L534 168 V290 Q534 400 400 470 Q266 400 266 290 V168 Z" fill="#0b3b6f"/>
    <path d="M330 292 L382 344 L478 236" stroke="#4ade80" stroke-width="26" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
    <text x="400" y="550" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" letter-spacing="4" fill="#f8fafc">NDAA SECTION 889</text>`,
  night: `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient>
    <rect width="800" height="600" fill="url(#bg)"/>${stars("card:night", 70, 800, 360)}
    <circle cx="660" cy="90" r="40" fill="#fef9c3"/>
    <g fill="#0f172a"><rect x="0" y="250" width="140" height="200"/><rect x="150" y="200" width="110" height="250"/><rect x="600" y="230" width="200" height="220"/></g>
    <g fill="#fde68a" opacity="0.8"><rect x="30" y="280" width="20" height="26"/><rect x="80" y="330" width="20" height="26"/><rect x="180" y="240" width="20" height="26"/><rect x="650" y="270" width="20" height="26"/><rect x="720" y="330" width="20" height="26"/></g>
    <rect y="450" width="800" height="150" fill="#1e293b"/>
    <path d="M330 120 V450" stroke="#475569" stroke-width="10"/><path d="M330 126 H380" stroke="#475569" stroke-width="10"/>
    <path d="M380 130 L270 450 H520 Z" fill="#fde68a" opacity="0.18"/>
    <g><rect x="300" y="400" width="250" height="70" rx="26" fill="#dc2626"/><rect x="340" y="362" width="160" height="54" rx="22" fill="#b91c1c"/>
      <rect x="356" y="372" width="130" height="30" rx="10" fill="#93c5fd" opacity="0.6"/>
      <circle cx="350" cy="474" r="24" fill="#0f172a"/><circle cx="500" cy="474" r="24" fill="#0f172a"/></g>
    <text x="28" y="570" font-family="${FONT}" font-size="24" font-weight="700" fill="#f8fafc">0.0005 lux · full color</text>`,
  vms: `
    <rect width="800" height="600" fill="#0f172a"/>
    <rect width="800" height="44" fill="#1e293b"/>
    <text x="20" y="30" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" fill="#e2e8f0">VANTAGE VMS</text>
    <rect x="0" y="44" width="150" height="556" fill="#111827"/>
    <g fill="#334155"><rect x="16" y="70" width="118" height="16" rx="4"/><rect x="16" y="100" width="96" height="16" rx="4"/><rect x="16" y="130" width="110" height="16" rx="4"/><rect x="16" y="160" width="88" height="16" rx="4"/></g>
    ${Array.from({ length: 9 }, (_, index) => {
      const x = 162 + (index % 3) * 210;
      const y = 56 + Math.floor(index / 3) * 156;
      return `<rect x="${x}" y="${y}" width="200" height="146" fill="${hsl(200 + index * 17, 35, 22 + (index % 4) * 5)}"/>
        <path d="M${x} ${y + 110} L${x + 200} ${y + 96} V${y + 146} H${x} Z" fill="#020617" opacity="0.35"/>
        <text x="${x + 8}" y="${y + 20}" font-family="${FONT}" font-size="13" fill="#e2e8f0">CAM ${String(index + 1).padStart(2, "0")}</text>`;
    }).join("")}
    <rect x="150" y="530" width="650" height="70" fill="#1e293b"/>
    <rect x="170" y="560" width="610" height="8" rx="4" fill="#334155"/>
    <g fill="#38bdf8"><rect x="240" y="556" width="40" height="16" rx="3"/><rect x="420" y="556" width="24" height="16" rx="3"/><rect x="600" y="556" width="60" height="16" rx="3"/></g>`,
};

/** What each card illustration shows, words included, for its alt text. */
export const CARD_PICTURE_ALTS: Record<CardPicture, string> = {
  "ai-detection":
    "A car park seen by a camera, a person boxed and labelled PERSON 97% and a car boxed and labelled VEHICLE 94%",
  ndaa: "A white shield with a green check mark above the words NDAA SECTION 889",
  night: "A red car under a street lamp at night, seen in color, captioned 0.0005 lux · full color",
  vms: "The Vantage VMS client showing a grid of nine camera views",
};

/** What a wide picture says and shows, for its alt text. */
export function widePictureAlt(picture: WidePicture): string {
  return `${picture.headline} ${picture.tagline}, beside a row of Vantage cameras`;
}

export async function cardPicture(picture: CardPicture): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs>${DEFS}</defs>${CARD_SCENES[picture]}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer());
}

/** A wide home-page picture: headline and tagline on the left, a row of products on the right. */
export async function widePicture(picture: WidePicture): Promise<Uint8Array> {
  // Two columns on the right; a second row when there are more than two products.
  const rows = Math.ceil(picture.lineup.length / 2);
  const lineup = picture.lineup
    .map((art, index) => {
      const x = 980 + ((index % 2) + 0.5) * 290;
      const y = rows === 1 ? 300 : 170 + Math.floor(index / 2) * 260;
      return `<g transform="translate(${x} ${y}) scale(0.58) translate(-400 -270)">${SILHOUETTES[art]}</g>`;
    })
    .join("");
  // Laid out on a 1600 × 600 band, centred in the taller picture; the background fills it all.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDE_WIDTH}" height="${WIDE_HEIGHT}" viewBox="0 0 ${WIDE_WIDTH} ${WIDE_HEIGHT}">
    <defs>${DEFS}
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${hsl(picture.hue, 60, 12)}"/><stop offset="1" stop-color="${hsl(picture.hue + 20, 60, 38)}"/></linearGradient>
    </defs>
    <rect width="${WIDE_WIDTH}" height="${WIDE_HEIGHT}" fill="url(#bg)"/>
    <g transform="translate(0 ${(WIDE_HEIGHT - 600) / 2})">
    <g stroke="#fff" stroke-opacity="0.07" stroke-width="2" fill="none"><circle cx="1280" cy="300" r="260"/><circle cx="1280" cy="300" r="360"/><circle cx="1280" cy="300" r="460"/></g>
    <text x="80" y="90" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="8" fill="#ffffff" opacity="0.85">VANTAGE</text>
    <text x="80" y="290" font-family="${FONT}" font-size="58" font-weight="700" fill="#ffffff">${escapeXml(picture.headline)}</text>
    <text x="80" y="346" font-family="${FONT}" font-size="24" fill="#e2e8f0">${escapeXml(picture.tagline)}</text>
    ${lineup}
    </g>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer());
}

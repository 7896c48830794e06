// `npx tsx scripts/make-hero-images.ts`: draws the site's hero pictures as SVG and writes them to
// public/hero/ as WebP at every width the pages ask for. Nothing is fetched; the output is committed,
// so run this again only when the artwork changes. A fixed seed makes every run write the same bytes.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createRandom } from "../demo/random";
import {
  HERO_HEIGHT,
  HERO_IMAGE_NAMES,
  HERO_WIDTH,
  HERO_WIDTHS,
  heroImageUrl,
  type HeroImageName,
} from "#app/domain/hero";

const OUT_DIR = path.resolve(import.meta.dirname, "../public");
/** Each file should stay under this, so the largest picture on the home page stays cheap on a phone. */
const BUDGET_BYTES = 80_000;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const MONO = "DejaVu Sans Mono, Liberation Mono, monospace";

function svg(body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${HERO_WIDTH}" height="${HERO_HEIGHT}" viewBox="0 0 ${HERO_WIDTH} ${HERO_HEIGHT}">
    <defs>
      <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#020617" stop-opacity="0.7"/><stop offset="0.5" stop-color="#020617" stop-opacity="0"/>
      </linearGradient>
      ${defs}
    </defs>
    ${body}
    <rect width="${HERO_WIDTH}" height="${HERO_HEIGHT}" fill="url(#shade)"/>
  </svg>`;
}

/** A detection box with its label tab, as a camera's analytics overlay draws it. */
function detection(x: number, y: number, width: number, height: number, label: string, color: string, ink: string) {
  const tab = Math.round(label.length * 10.5 + 18);
  return `<g>
    <rect x="${x}" y="${y}" width="${width}" height="${height}" fill="none" stroke="${color}" stroke-width="3"/>
    <path d="M${x} ${y + 18} v-18 h18 M${x + width - 18} ${y} h18 v18 M${x} ${y + height - 18} v18 h18 M${x + width - 18} ${y + height} h18 v-18" stroke="${color}" stroke-width="7" fill="none"/>
    <rect x="${x}" y="${y - 26}" width="${tab}" height="26" fill="${color}"/>
    <text x="${x + 8}" y="${y - 8}" font-family="${FONT}" font-size="15" font-weight="700" fill="${ink}">${label}</text>
  </g>`;
}

function person(x: number, baseY: number, scale: number, fill: string, vest?: string): string {
  return `<g transform="translate(${x} ${baseY}) scale(${scale})" fill="${fill}">
    <circle cx="0" cy="-150" r="16"/>
    <rect x="-20" y="-132" width="40" height="70" rx="14"/>
    ${vest ? `<rect x="-20" y="-128" width="40" height="44" rx="10" fill="${vest}"/><rect x="-20" y="-108" width="40" height="6" fill="#e5e7eb"/>` : ""}
    <rect x="-18" y="-70" width="15" height="70" rx="7"/><rect x="3" y="-70" width="15" height="70" rx="7"/>
  </g>`;
}

/** A car seen from the side: body, cabin, windows, wheels and lights. */
function car(x: number, baseY: number, width: number, color: string, facing: "left" | "right" = "right"): string {
  const height = width * 0.3;
  const flip = facing === "left" ? `translate(${2 * x + width} 0) scale(-1 1)` : "";
  return `<g transform="${flip}">
    <path d="M${x + width * 0.2} ${baseY - height} Q${x + width * 0.3} ${baseY - height * 1.75} ${x + width * 0.45} ${baseY - height * 1.75} H${x + width * 0.68} Q${x + width * 0.78} ${baseY - height * 1.75} ${x + width * 0.86} ${baseY - height} Z" fill="${color}"/>
    <path d="M${x + width * 0.3} ${baseY - height * 1.05} Q${x + width * 0.36} ${baseY - height * 1.6} ${x + width * 0.47} ${baseY - height * 1.6} H${x + width * 0.66} Q${x + width * 0.74} ${baseY - height * 1.6} ${x + width * 0.8} ${baseY - height * 1.05} Z" fill="#94a3b8" opacity="0.55"/>
    <rect x="${x}" y="${baseY - height * 1.1}" width="${width}" height="${height * 0.85}" rx="${height * 0.3}" fill="${color}"/>
    <rect x="${x + width - 14}" y="${baseY - height * 0.9}" width="12" height="8" rx="3" fill="#fef3c7"/>
    <rect x="${x + 2}" y="${baseY - height * 0.9}" width="10" height="8" rx="3" fill="#dc2626"/>
    <circle cx="${x + width * 0.22}" cy="${baseY - height * 0.25}" r="${height * 0.32}" fill="#020617"/>
    <circle cx="${x + width * 0.78}" cy="${baseY - height * 0.25}" r="${height * 0.32}" fill="#020617"/>
    <circle cx="${x + width * 0.22}" cy="${baseY - height * 0.25}" r="${height * 0.13}" fill="#64748b"/>
    <circle cx="${x + width * 0.78}" cy="${baseY - height * 0.25}" r="${height * 0.13}" fill="#64748b"/>
  </g>`;
}

function hud(camera: string, time: string): string {
  return `<g font-family="${MONO}" font-size="17" fill="#e2e8f0">
    <circle cx="1148" cy="38" r="7" fill="#ef4444"/>
    <text x="1164" y="44">REC</text>
    <text x="1572" y="44" text-anchor="end">${time}</text>
    <text x="1572" y="70" text-anchor="end" fill="#94a3b8">${camera}</text>
  </g>`;
}

function cityNight(): string {
  const random = createRandom(7).next;
  const stars = Array.from({ length: 90 }, () => {
    const r = random() * 1.3 + 0.4;
    return `<circle cx="${(random() * 1600).toFixed(0)}" cy="${(random() * 240).toFixed(0)}" r="${r.toFixed(1)}" fill="#e2e8f0" opacity="${(0.3 + random() * 0.6).toFixed(2)}"/>`;
  }).join("");
  const skyline = (color: string, minHeight: number, maxHeight: number, lit: number) => {
    let x = -20;
    const parts: string[] = [];
    while (x < 1620) {
      const width = 50 + random() * 90;
      const height = minHeight + random() * (maxHeight - minHeight);
      const top = 470 - height;
      parts.push(
        `<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${width.toFixed(0)}" height="${height.toFixed(0)}" fill="${color}"/>`,
      );
      for (let wy = top + 14; wy < 450; wy += 22) {
        for (let wx = x + 10; wx < x + width - 14; wx += 18) {
          if (random() < lit)
            parts.push(
              `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="11" fill="#fcd34d" opacity="${(0.45 + random() * 0.5).toFixed(2)}"/>`,
            );
        }
      }
      x += width + 4;
    }
    return parts.join("");
  };
  const lamp = (x: number) => `<g>
    <path d="M${x - 90} 600 L${x + 12} 214 L${x + 110} 600 Z" fill="url(#cone)"/>
    <rect x="${x - 4}" y="200" width="8" height="300" fill="#1e293b"/>
    <path d="M${x} 204 h28" stroke="#1e293b" stroke-width="8"/>
    <rect x="${x + 20}" y="204" width="22" height="8" rx="3" fill="#fde68a"/>
  </g>`;
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#020617"/><stop offset="0.6" stop-color="#0b1a3a"/><stop offset="1" stop-color="#1e3a5f"/>
    </linearGradient>
    <linearGradient id="cone" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fde68a" stop-opacity="0.28"/><stop offset="1" stop-color="#fde68a" stop-opacity="0.02"/>
    </linearGradient>
    <radialGradient id="moon" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0.6" stop-color="#fef9c3"/><stop offset="1" stop-color="#fef9c3" stop-opacity="0"/>
    </radialGradient>`;
  return svg(
    `<rect width="1600" height="600" fill="url(#sky)"/>${stars}
    <circle cx="980" cy="104" r="50" fill="url(#moon)"/>
    ${skyline("#13233f", 120, 300, 0.12)}
    ${skyline("#0a1326", 60, 200, 0.18)}
    <rect y="470" width="1600" height="130" fill="#111827"/>
    <rect y="470" width="1600" height="14" fill="#1f2937"/>
    <path d="M0 548 H1600" stroke="#e5e7eb" stroke-width="5" stroke-dasharray="60 44" opacity="0.55"/>
    ${lamp(760)}${lamp(1240)}
    ${car(860, 585, 230, "#b91c1c")}
    ${car(1240, 530, 190, "#1d4ed8", "left")}
    ${person(1130, 500, 0.9, "#cbd5e1")}
    ${person(1185, 498, 0.85, "#94a3b8")}
    ${person(1490, 500, 0.95, "#a8b3c4")}
    ${detection(848, 478, 256, 116, "VEHICLE 96%", "#fbbf24", "#422006")}
    ${detection(1230, 438, 210, 100, "VEHICLE 93%", "#fbbf24", "#422006")}
    ${detection(1104, 340, 106, 166, "PERSON 98%", "#4ade80", "#052e16")}
    ${detection(1462, 342, 58, 162, "PERSON 97%", "#4ade80", "#052e16")}
    ${hud("CAM 07 · MAIN ST · 0.002 lux", "2026-03-14 22:41:09")}`,
    defs,
  );
}

function warehouse(): string {
  const random = createRandom(11).next;
  const boxColors = ["#b45309", "#92400e", "#a16207", "#78350f", "#ca8a04"];
  const rack = (x: number, width: number) => {
    const parts = [
      `<rect x="${x}" y="90" width="12" height="390" fill="#1d4ed8"/>`,
      `<rect x="${x + width - 12}" y="90" width="12" height="390" fill="#1d4ed8"/>`,
    ];
    for (const shelf of [160, 270, 380, 470]) {
      parts.push(`<rect x="${x}" y="${shelf}" width="${width}" height="10" fill="#ea580c"/>`);
      let bx = x + 18;
      while (bx < x + width - 60) {
        const bw = 46 + random() * 40;
        const bh = 40 + random() * 46;
        if (random() < 0.85) {
          const color = boxColors[Math.floor(random() * boxColors.length)] ?? "#b45309";
          parts.push(
            `<rect x="${bx.toFixed(0)}" y="${(shelf - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${color}"/>`,
          );
          parts.push(
            `<path d="M${(bx + bw / 2).toFixed(0)} ${(shelf - bh).toFixed(0)} v${(bh * 0.35).toFixed(0)}" stroke="#fde68a" stroke-opacity="0.4" stroke-width="4"/>`,
          );
        }
        bx += bw + 6;
      }
    }
    return parts.join("");
  };
  const light = (x: number) =>
    `<rect x="${x - 60}" y="26" width="120" height="10" rx="4" fill="#f8fafc"/><path d="M${x - 60} 36 L${x - 160} 480 H${x + 160} L${x + 60} 36 Z" fill="url(#beam)"/>`;
  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#334155"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#475569"/><stop offset="1" stop-color="#1e293b"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f8fafc" stop-opacity="0.16"/><stop offset="1" stop-color="#f8fafc" stop-opacity="0"/>
    </linearGradient>`;
  return svg(
    `<rect width="1600" height="600" fill="url(#wall)"/>
    ${rack(20, 360)}${rack(400, 360)}${rack(780, 360)}${rack(1160, 420)}
    ${light(300)}${light(800)}${light(1300)}
    <path d="M0 480 H1600 V600 H0 Z" fill="url(#floor)"/>
    <path d="M0 500 H1600" stroke="#facc15" stroke-width="6" stroke-dasharray="40 30"/>
    <path d="M1240 512 L1560 512 L1600 600 L1200 600 Z" fill="#ef4444" fill-opacity="0.18" stroke="#ef4444" stroke-width="3" stroke-dasharray="14 10"/>
    <text x="1490" y="578" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="700" fill="#fecaca">NO-GO ZONE</text>
    <g>
      <rect x="860" y="380" width="170" height="150" rx="14" fill="#f59e0b"/>
      <rect x="880" y="300" width="120" height="90" rx="8" fill="none" stroke="#1f2937" stroke-width="10"/>
      <rect x="1030" y="270" width="16" height="270" fill="#1f2937"/>
      <rect x="1046" y="500" width="90" height="12" fill="#374151"/>
      <rect x="1052" y="440" width="86" height="58" fill="#a16207"/>
      <circle cx="900" cy="540" r="30" fill="#111827"/><circle cx="1000" cy="540" r="30" fill="#111827"/>
      <circle cx="900" cy="540" r="11" fill="#6b7280"/><circle cx="1000" cy="540" r="11" fill="#6b7280"/>
      ${person(945, 400, 0.6, "#1f2937")}
    </g>
    ${person(1380, 580, 1, "#cbd5e1", "#f97316")}
    ${detection(846, 262, 308, 316, "FORKLIFT 96%", "#fbbf24", "#422006")}
    ${detection(1350, 404, 62, 184, "PERSON 99%", "#f87171", "#450a0a")}
    <g font-family="${FONT}" font-weight="700">
      <rect x="1200" y="110" width="236" height="40" rx="8" fill="#dc2626"/>
      <text x="1318" y="137" text-anchor="middle" font-size="17" fill="#fff">ALERT · PERSON IN ZONE</text>
    </g>
    ${hud("CAM 12 · AISLE 4 · DOCK B", "2026-03-15 06:18:52")}`,
    defs,
  );
}

function parkingLpr(): string {
  const stall = (x: number) =>
    `<path d="M${x} 600 L${x * 0.55 + 360} 380" stroke="#e5e7eb" stroke-width="5" opacity="0.7"/>`;
  const defs = `
    <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/><stop offset="0.65" stop-color="#7c2d12"/><stop offset="1" stop-color="#f59e0b"/>
    </linearGradient>
    <linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#374151"/><stop offset="1" stop-color="#111827"/>
    </linearGradient>`;
  return svg(
    `<rect width="1600" height="380" fill="url(#dusk)"/>
    <g fill="#0f172a"><rect x="0" y="210" width="420" height="170"/><rect x="420" y="250" width="300" height="130"/><rect x="1420" y="230" width="180" height="150"/></g>
    <g fill="#fcd34d" opacity="0.7"><rect x="40" y="240" width="60" height="16"/><rect x="140" y="240" width="60" height="16"/><rect x="40" y="290" width="60" height="16"/><rect x="240" y="290" width="60" height="16"/><rect x="480" y="280" width="50" height="14"/></g>
    <rect y="380" width="1600" height="220" fill="url(#asphalt)"/>
    ${[-300, -60, 180, 420].map(stall).join("")}
    ${car(80, 470, 220, "#334155")}${car(330, 440, 170, "#64748b")}
    <g>
      <rect x="1430" y="300" width="26" height="230" fill="#e5e7eb"/>
      <rect x="1418" y="440" width="50" height="90" rx="6" fill="#facc15"/>
      <g transform="rotate(-62 1443 450)"><rect x="1443" y="442" width="300" height="16" fill="#f8fafc"/><rect x="1493" y="442" width="40" height="16" fill="#dc2626"/><rect x="1573" y="442" width="40" height="16" fill="#dc2626"/><rect x="1653" y="442" width="40" height="16" fill="#dc2626"/></g>
      <rect x="1400" y="150" width="8" height="380" fill="#475569"/>
      <rect x="1360" y="150" width="52" height="26" rx="10" fill="#f8fafc"/><circle cx="1366" cy="163" r="8" fill="#0f172a"/>
    </g>
    <g>
      <path d="M960 330 Q980 260 1060 256 H1200 Q1280 260 1300 330 Z" fill="#0369a1"/>
      <path d="M990 326 Q1004 276 1066 272 H1194 Q1256 276 1270 326 Z" fill="#bae6fd" opacity="0.55"/>
      <rect x="930" y="320" width="400" height="150" rx="36" fill="#0284c7"/>
      <rect x="950" y="350" width="80" height="34" rx="14" fill="#fef9c3"/><rect x="1230" y="350" width="80" height="34" rx="14" fill="#fef9c3"/>
      <rect x="1050" y="404" width="160" height="46" rx="6" fill="#f8fafc" stroke="#0f172a" stroke-width="3"/>
      <text x="1130" y="438" text-anchor="middle" font-family="${MONO}" font-size="28" font-weight="700" fill="#0f172a">VNT 2026</text>
      <rect x="946" y="462" width="70" height="56" rx="14" fill="#020617"/><rect x="1244" y="462" width="70" height="56" rx="14" fill="#020617"/>
    </g>
    ${detection(1038, 394, 184, 66, "PLATE 99%", "#4ade80", "#052e16")}
    ${detection(918, 244, 424, 284, "VEHICLE 97%", "#fbbf24", "#422006")}
    <g font-family="${MONO}">
      <rect x="560" y="120" width="330" height="128" rx="10" fill="#020617" fill-opacity="0.82" stroke="#4ade80" stroke-width="2"/>
      <text x="580" y="154" font-size="16" fill="#94a3b8">PLATE READ</text>
      <text x="580" y="190" font-size="30" font-weight="700" fill="#f8fafc">VNT 2026</text>
      <text x="580" y="228" font-size="16" fill="#4ade80">ALLOW LIST · GATE OPEN</text>
      <path d="M890 184 L1038 400" stroke="#4ade80" stroke-width="2" stroke-dasharray="6 6"/>
    </g>
    ${hud("CAM 02 · ENTRY GATE · LPR", "2026-03-14 18:07:33")}`,
    defs,
  );
}

function about(): string {
  const random = createRandom(23).next;
  const traces = Array.from({ length: 34 }, () => {
    const x = random() * 1600;
    const y = random() * 600;
    const run = 60 + random() * 180;
    const turn = (random() < 0.5 ? -1 : 1) * (30 + random() * 60);
    return `<path d="M${x.toFixed(0)} ${y.toFixed(0)} h${run.toFixed(0)} l${Math.abs(turn).toFixed(0)} ${turn.toFixed(0)} h${(run / 2).toFixed(0)}" fill="none"/><circle cx="${(x + run * 1.5 + Math.abs(turn)).toFixed(0)}" cy="${(y + turn).toFixed(0)}" r="5"/>`;
  }).join("");
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="#0c4a6e"/>
    </linearGradient>
    <linearGradient id="shell" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#e2e8f0"/><stop offset="1" stop-color="#94a3b8"/>
    </linearGradient>
    <radialGradient id="lens" cx="0.4" cy="0.4" r="0.65">
      <stop offset="0" stop-color="#7dd3fc"/><stop offset="0.35" stop-color="#0369a1"/><stop offset="0.8" stop-color="#0c1a33"/><stop offset="1" stop-color="#020617"/>
    </radialGradient>`;
  return svg(
    `<rect width="1600" height="600" fill="url(#bg)"/>
    <g stroke="#38bdf8" stroke-opacity="0.22" stroke-width="3" fill="#38bdf8" fill-opacity="0.3">${traces}</g>
    <g stroke="#f8fafc" stroke-opacity="0.08" stroke-width="2" fill="none"><circle cx="1150" cy="300" r="200"/><circle cx="1150" cy="300" r="290"/><circle cx="1150" cy="300" r="380"/></g>
    <g>
      <ellipse cx="980" cy="420" rx="190" ry="22" fill="#020617" opacity="0.5"/>
      <rect x="800" y="330" width="360" height="60" rx="26" fill="url(#shell)"/>
      <path d="M826 338 A154 154 0 0 1 1134 338 Z" fill="#1e293b"/>
      <circle cx="980" cy="276" r="52" fill="#0b1120"/><circle cx="980" cy="276" r="34" fill="url(#lens)"/>
      <circle cx="968" cy="262" r="9" fill="#fff" opacity="0.55"/>
    </g>
    <g>
      <ellipse cx="1340" cy="470" rx="170" ry="18" fill="#020617" opacity="0.5"/>
      <rect x="1190" y="420" width="130" height="24" rx="8" fill="url(#shell)"/>
      <path d="M1236 422 L1246 372 H1280 L1290 422 Z" fill="#cbd5e1"/>
      <rect x="1180" y="270" width="350" height="104" rx="40" fill="url(#shell)"/>
      <path d="M1168 262 H1530 Q1556 262 1562 286 L1566 298 H1168 Z" fill="#f8fafc"/>
      <ellipse cx="1522" cy="322" rx="30" ry="52" fill="#0b1120"/><ellipse cx="1528" cy="322" rx="16" ry="29" fill="url(#lens)"/>
    </g>
    <g stroke="#4ade80" stroke-width="4" fill="none" opacity="0.8">
      <path d="M760 170 h40 M760 170 v40"/><path d="M1580 170 h-40 M1580 170 v40"/>
      <path d="M760 520 h40 M760 520 v-40"/><path d="M1580 520 h-40 M1580 520 v-40"/>
    </g>`,
    defs,
  );
}

function contact(): string {
  const cx = 1130;
  const cy = 300;
  const r = 250;
  const meridians = [-60, -30, 0, 30, 60]
    .map(
      (angle) =>
        `<ellipse cx="${cx}" cy="${cy}" rx="${Math.abs(Math.sin((angle * Math.PI) / 180) * r).toFixed(0)}" ry="${r}"/>`,
    )
    .join("");
  const parallels = [-60, -30, 0, 30, 60]
    .map((angle) => {
      const y = cy + Math.sin((angle * Math.PI) / 180) * r;
      const half = Math.cos((angle * Math.PI) / 180) * r;
      return `<ellipse cx="${cx}" cy="${y.toFixed(0)}" rx="${half.toFixed(0)}" ry="${(half * 0.18).toFixed(0)}"/>`;
    })
    .join("");
  // Roughly where offices and partners sit on a map: spread over the visible face of the globe.
  const points = [
    [-0.72, -0.38],
    [-0.5, 0.18],
    [-0.2, -0.62],
    [0.12, -0.3],
    [0.46, -0.55],
    [0.7, -0.1],
    [0.55, 0.42],
    [0.05, 0.62],
    [-0.35, 0.55],
  ].map(([dx = 0, dy = 0]) => ({ x: cx + dx * r, y: cy + dy * r }));
  const hub = { x: cx - 30, y: cy - 40 };
  const arcs = points
    .map((point) => {
      const mx = (point.x + hub.x) / 2;
      const my = Math.min(point.y, hub.y) - 70;
      return `<path d="M${hub.x.toFixed(0)} ${hub.y.toFixed(0)} Q${mx.toFixed(0)} ${my.toFixed(0)} ${point.x.toFixed(0)} ${point.y.toFixed(0)}"/>`;
    })
    .join("");
  const dots = points
    .map(
      (point) =>
        `<circle cx="${point.x.toFixed(0)}" cy="${point.y.toFixed(0)}" r="8" fill="#38bdf8"/><circle cx="${point.x.toFixed(0)}" cy="${point.y.toFixed(0)}" r="18" fill="#38bdf8" opacity="0.2"/>`,
    )
    .join("");
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#075985"/>
    </linearGradient>
    <radialGradient id="globe" cx="0.4" cy="0.35" r="0.75">
      <stop offset="0" stop-color="#0ea5e9" stop-opacity="0.45"/><stop offset="1" stop-color="#0c4a6e" stop-opacity="0.25"/>
    </radialGradient>`;
  return svg(
    `<rect width="1600" height="600" fill="url(#bg)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#globe)" stroke="#7dd3fc" stroke-opacity="0.5" stroke-width="3"/>
    <g fill="none" stroke="#7dd3fc" stroke-opacity="0.25" stroke-width="2">${meridians}${parallels}</g>
    <g fill="none" stroke="#f8fafc" stroke-opacity="0.7" stroke-width="2.5" stroke-dasharray="8 8">${arcs}</g>
    ${dots}
    <g transform="translate(${hub.x - 46} ${hub.y - 34})">
      <rect width="92" height="68" rx="10" fill="#f8fafc"/>
      <path d="M6 8 L46 40 L86 8" stroke="#0369a1" stroke-width="7" fill="none" stroke-linejoin="round"/>
    </g>`,
    defs,
  );
}

const SCENES: Record<HeroImageName, () => string> = {
  "city-night": cityNight,
  warehouse,
  "parking-lpr": parkingLpr,
  about,
  contact,
};

async function main(): Promise<void> {
  fs.mkdirSync(path.join(OUT_DIR, "hero"), { recursive: true });
  let overBudget = false;
  for (const name of HERO_IMAGE_NAMES) {
    const rendered = await sharp(Buffer.from(SCENES[name]())).png().toBuffer();
    for (const width of HERO_WIDTHS) {
      const height = Math.round((width * HERO_HEIGHT) / HERO_WIDTH);
      const bytes = await sharp(rendered)
        .resize(width, height)
        .webp({ quality: width >= 1600 ? 80 : 82, effort: 6, smartSubsample: true })
        .toBuffer();
      const file = path.join(OUT_DIR, heroImageUrl(name, width));
      fs.writeFileSync(file, bytes);
      overBudget ||= bytes.length > BUDGET_BYTES;
      console.log(
        `${path.relative(process.cwd(), file)}  ${width}x${height}  ${(bytes.length / 1000).toFixed(1)} KB${bytes.length > BUDGET_BYTES ? "  OVER BUDGET" : ""}`,
      );
    }
  }
  if (overBudget) {
    console.error(`Some files are larger than ${BUDGET_BYTES / 1000} KB: simplify the artwork or lower the quality.`);
    process.exitCode = 1;
  }
}

await main();

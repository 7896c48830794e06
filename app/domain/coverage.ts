/**
 * The coverage calculator of camera pages (docs/decisions/071-coverage-calculator.md): what a camera
 * sees at a distance, worked out from its horizontal resolution and horizontal field of view (or its
 * sensor's width and its lens's focal length), and which DORI class of IEC 62676-4 it reaches there.
 * No units table and no formatting library: the page's code loads it only when a visitor uses it.
 */
import type { CoverageRole, SpecValue } from "./spec-attributes";

/** The classes of IEC 62676-4 (2014), from the least to the most demanding, with the pixels on a metre of scene each needs. */
export const DORI_CLASSES = [
  { name: "Detection", pixelsPerMetre: 25 },
  { name: "Observation", pixelsPerMetre: 62.5 },
  { name: "Recognition", pixelsPerMetre: 125 },
  { name: "Identification", pixelsPerMetre: 250 },
] as const;

export type DoriClass = (typeof DORI_CLASSES)[number]["name"];

export const METRES_PER_FOOT = 0.3048;

/**
 * A field of view this wide or wider is taken as an arc around the camera (a fisheye lens or a
 * panorama spreads its pixels evenly over the angle); a narrower one as a flat scene square to the
 * camera (a rectilinear lens), whose width grows with the tangent of half the angle.
 */
export const PANORAMIC_FROM_DEGREES = 150;

/** One setting of the lens: a fixed lens has one, a varifocal lens is worked out at both ends. */
export interface LensSetting {
  end: "fixed" | "wide" | "tele";
  /** Millimetres, where the camera's focal length is known. */
  focalLength: number | null;
  /** Degrees, horizontal. */
  fieldOfView: number;
}

/** What the calculator needs of a camera. */
export interface CameraOptics {
  horizontalPixels: number;
  settings: LensSetting[];
}

/** A camera's typed values the calculator reads (a range's ends are a varifocal lens's). */
export interface OpticsValues {
  horizontalPixels?: number | undefined;
  fieldOfView?: number | readonly [number, number] | undefined;
  sensorWidth?: number | undefined;
  focalLength?: number | readonly [number, number] | undefined;
}

function ends(value: number | readonly [number, number]): readonly [number, number] {
  return typeof value === "number" ? [value, value] : value;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radians: number) => (radians * 180) / Math.PI;

/** The horizontal field of view of a lens of `focalLength` on a sensor `sensorWidth` wide (both in mm). */
export function fieldOfViewOf(sensorWidth: number, focalLength: number): number {
  return degrees(2 * Math.atan(sensorWidth / (2 * focalLength)));
}

/**
 * The lens settings a camera is worked out at, from its values: its field of view where it has one
 * (its widest and narrowest for a varifocal lens, the focal lengths beside them where known), else
 * the one its sensor's width and focal length give. Null when it has neither, or no resolution.
 */
export function cameraOptics(values: OpticsValues): CameraOptics | null {
  const pixels = values.horizontalPixels;
  if (pixels === undefined || !(pixels > 0)) return null;
  const focal = values.focalLength === undefined ? null : ends(values.focalLength);
  let widest: number;
  let narrowest: number;
  if (values.fieldOfView !== undefined) {
    [narrowest, widest] = ends(values.fieldOfView);
  } else if (values.sensorWidth !== undefined && values.sensorWidth > 0 && focal && focal[0] > 0) {
    widest = fieldOfViewOf(values.sensorWidth, focal[0]);
    narrowest = fieldOfViewOf(values.sensorWidth, focal[1]);
  } else {
    return null;
  }
  if (!(narrowest > 0) || widest >= 360) return null;
  if (widest === narrowest) {
    return {
      horizontalPixels: pixels,
      settings: [{ end: "fixed", focalLength: focal && focal[0] === focal[1] ? focal[0] : null, fieldOfView: widest }],
    };
  }
  return {
    horizontalPixels: pixels,
    settings: [
      { end: "wide", focalLength: focal ? focal[0] : null, fieldOfView: widest },
      { end: "tele", focalLength: focal ? focal[1] : null, fieldOfView: narrowest },
    ],
  };
}

/** The scene's width in metres at `distance` metres from the camera, at a horizontal field of view. */
export function sceneWidth(fieldOfView: number, distance: number): number {
  return fieldOfView >= PANORAMIC_FROM_DEGREES
    ? distance * radians(fieldOfView)
    : 2 * distance * Math.tan(radians(fieldOfView) / 2);
}

/** Pixels on a metre of the scene at `distance` metres. */
export function pixelDensity(horizontalPixels: number, fieldOfView: number, distance: number): number {
  return horizontalPixels / sceneWidth(fieldOfView, distance);
}

/** The farthest distance, in metres, at which the scene still has `pixelsPerMetre`. */
export function farthestDistance(horizontalPixels: number, fieldOfView: number, pixelsPerMetre: number): number {
  return horizontalPixels / (pixelsPerMetre * sceneWidth(fieldOfView, 1));
}

/** The most demanding class a pixel density reaches; null below Detection. */
export function doriClassOf(pixelsPerMetre: number): DoriClass | null {
  let reached: DoriClass | null = null;
  for (const dori of DORI_CLASSES) if (pixelsPerMetre >= dori.pixelsPerMetre) reached = dori.name;
  return reached;
}

export const DISTANCE_UNITS = ["m", "ft"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** The distances the calculator takes, in metres: from a camera's own mount to a long stretch of fence. */
export const DISTANCE_LIMITS = { least: 0.5, most: 3000 } as const;

export const COVERAGE_MESSAGES = {
  number: "Enter the distance as a number, e.g. 20",
  range: (unit: DistanceUnit) =>
    unit === "m"
      ? `Enter a distance from ${DISTANCE_LIMITS.least} to ${DISTANCE_LIMITS.most.toLocaleString("en-US")} m`
      : `Enter a distance from ${Math.ceil(DISTANCE_LIMITS.least / METRES_PER_FOOT)} to ${Math.floor(DISTANCE_LIMITS.most / METRES_PER_FOOT).toLocaleString("en-US")} ft`,
} as const;

export type DistanceReading = { ok: true; metres: number } | { ok: false; message: string };

/**
 * A typed distance in `unit`, in metres: commas between groups of three digits are thousands
 * ("2,500"), another comma is a decimal point ("7,5").
 */
export function readDistance(text: string, unit: DistanceUnit): DistanceReading {
  const written = text.trim();
  const trimmed = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(written)
    ? written.replaceAll(",", "")
    : written.replace(",", ".");
  if (!/^\d+(?:\.\d+)?$|^\.\d+$/.test(trimmed)) return { ok: false, message: COVERAGE_MESSAGES.number };
  const metres = Number(trimmed) * (unit === "ft" ? METRES_PER_FOOT : 1);
  // A little slack at the bounds: "2 ft" is the least in feet, though a hair over 0.6 m.
  if (metres < DISTANCE_LIMITS.least - 1e-9 || metres > DISTANCE_LIMITS.most + 1e-9) {
    return { ok: false, message: COVERAGE_MESSAGES.range(unit) };
  }
  return { ok: true, metres };
}

/** What one lens setting gives at a distance. */
export interface CoverageAt {
  setting: LensSetting;
  sceneWidth: number;
  pixelsPerMetre: number;
  reaches: DoriClass | null;
}

export function coverageAt(optics: CameraOptics, metres: number): CoverageAt[] {
  return optics.settings.map((setting) => {
    const density = pixelDensity(optics.horizontalPixels, setting.fieldOfView, metres);
    return {
      setting,
      sceneWidth: sceneWidth(setting.fieldOfView, metres),
      pixelsPerMetre: density,
      reaches: doriClassOf(density),
    };
  });
}

/** The farthest distance of every class, for every lens setting (metres). */
export function farthestDistances(
  optics: CameraOptics,
): { name: DoriClass; pixelsPerMetre: number; metres: number[] }[] {
  return DORI_CLASSES.map((dori) => ({
    name: dori.name,
    pixelsPerMetre: dori.pixelsPerMetre,
    metres: optics.settings.map((setting) =>
      farthestDistance(optics.horizontalPixels, setting.fieldOfView, dori.pixelsPerMetre),
    ),
  }));
}

/** Millimetres in each unit a sensor's width or a focal length may be kept in (a length). */
const MILLIMETRES: Readonly<Record<string, number>> = { mm: 1, m: 1000, in: 25.4, ft: 304.8 };

/**
 * The values of a product's attributes that have a calculator role, read for `cameraOptics`: lengths
 * in millimetres, whatever unit their attribute keeps them in.
 */
export function opticsValuesOf(
  specs: readonly { attribute: { coverageRole: CoverageRole | null; unit: string | null }; value: SpecValue }[],
): OpticsValues {
  const values: OpticsValues = {};
  for (const { attribute, value } of specs) {
    const factor =
      attribute.coverageRole === "sensor-width" || attribute.coverageRole === "focal-length"
        ? (MILLIMETRES[attribute.unit ?? ""] ?? 1)
        : 1;
    const measure =
      typeof value === "number"
        ? value * factor
        : Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "number"
          ? ([value[0] * factor, value[1] * factor] as const)
          : undefined;
    if (measure === undefined) continue;
    switch (attribute.coverageRole) {
      case "horizontal-pixels":
        if (typeof measure === "number") values.horizontalPixels = measure;
        break;
      case "horizontal-field-of-view":
        values.fieldOfView = measure;
        break;
      case "sensor-width":
        if (typeof measure === "number") values.sensorWidth = measure;
        break;
      case "focal-length":
        values.focalLength = measure;
        break;
    }
  }
  return values;
}

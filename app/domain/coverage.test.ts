import { describe, expect, it } from "vitest";
import {
  cameraOptics,
  coverageAt,
  doriClassOf,
  farthestDistance,
  farthestDistances,
  fieldOfViewOf,
  opticsValuesOf,
  pixelDensity,
  readDistance,
  sceneWidth,
} from "./coverage";
import type { CoverageRole } from "./spec-attributes";

describe("the coverage calculator's figures, worked by hand", () => {
  it("a 90° lens sees a scene twice as wide as it is far (tan 45° = 1)", () => {
    expect(sceneWidth(90, 10)).toBeCloseTo(20, 9);
    // 2,000 px over 20 m: 100 px/m, an Observation (62.5) but not a Recognition (125).
    expect(pixelDensity(2000, 90, 10)).toBeCloseTo(100, 9);
    expect(doriClassOf(100)).toBe("Observation");
    // Identification needs 250 px/m: 2,000 px cover 8 m, which a 90° lens sees at 4 m.
    expect(farthestDistance(2000, 90, 250)).toBeCloseTo(4, 9);
    expect(farthestDistance(2000, 90, 25)).toBeCloseTo(40, 9);
  });

  it("a 60° lens: width = 2 × d × tan 30° = 1.1547 d", () => {
    expect(sceneWidth(60, 30)).toBeCloseTo(34.641, 3);
    expect(pixelDensity(3840, 60, 30)).toBeCloseTo(110.85, 2);
  });

  it("a 4MP camera (2,560 px) at 103° and 20 m: 50.29 m wide, 50.9 px/m (15.5 px/ft), Detection", () => {
    // tan 51.5° = 1.25717; 2 × 20 × 1.25717 = 50.287 m; 2,560 / 50.287 = 50.908 px/m.
    const [fixed] = coverageAt(
      { horizontalPixels: 2560, settings: [{ end: "fixed", focalLength: 2.8, fieldOfView: 103 }] },
      20,
    );
    expect(fixed?.sceneWidth).toBeCloseTo(50.287, 3);
    expect(fixed?.pixelsPerMetre).toBeCloseTo(50.908, 3);
    expect((fixed?.pixelsPerMetre ?? 0) * 0.3048).toBeCloseTo(15.517, 3);
    expect(fixed?.reaches).toBe("Detection");
  });

  it("the farthest distance of each class halves as the class doubles", () => {
    const [detection, observation, recognition, identification] = farthestDistances({
      horizontalPixels: 2560,
      settings: [{ end: "fixed", focalLength: 2.8, fieldOfView: 103 }],
    });
    // 2,560 / (25 × 2.51434) = 40.73 m, then 16.29, 8.15 and 4.07.
    expect(detection?.metres[0]).toBeCloseTo(40.726, 3);
    expect(observation?.metres[0]).toBeCloseTo(16.291, 3);
    expect(recognition?.metres[0]).toBeCloseTo(8.145, 3);
    expect(identification?.metres[0]).toBeCloseTo(4.073, 3);
  });

  it("below Detection no class is reached; each threshold is reached at exactly its figure", () => {
    expect(doriClassOf(24.9)).toBeNull();
    expect(doriClassOf(25)).toBe("Detection");
    expect(doriClassOf(62.5)).toBe("Observation");
    expect(doriClassOf(125)).toBe("Recognition");
    expect(doriClassOf(250)).toBe("Identification");
    expect(doriClassOf(10_000)).toBe("Identification");
  });

  it("a field of view of 150° or more is taken as an arc around the camera", () => {
    // A 180° panorama at 10 m spans half a circle of radius 10 m: π × 10 = 31.42 m.
    expect(sceneWidth(180, 10)).toBeCloseTo(31.416, 3);
    expect(Number.isFinite(sceneWidth(180, 10))).toBe(true);
  });

  it("a sensor 5.37 mm wide behind a 4 mm lens sees 2 × atan(5.37 / 8) = 67.74°", () => {
    expect(fieldOfViewOf(5.37, 4)).toBeCloseTo(67.743, 3);
  });
});

describe("cameraOptics", () => {
  it("takes a varifocal lens at both ends, the widest view with the shortest focal length", () => {
    expect(cameraOptics({ horizontalPixels: 2560, fieldOfView: [30, 103], focalLength: [2.8, 12] })).toEqual({
      horizontalPixels: 2560,
      settings: [
        { end: "wide", focalLength: 2.8, fieldOfView: 103 },
        { end: "tele", focalLength: 12, fieldOfView: 30 },
      ],
    });
  });

  it("takes a fixed lens once, and works the view out from the sensor where no view is given", () => {
    expect(cameraOptics({ horizontalPixels: 1920, fieldOfView: [106, 106], focalLength: [2.8, 2.8] })).toEqual({
      horizontalPixels: 1920,
      settings: [{ end: "fixed", focalLength: 2.8, fieldOfView: 106 }],
    });
    const worked = cameraOptics({ horizontalPixels: 1920, sensorWidth: 5.37, focalLength: 4 });
    expect(worked?.settings[0]?.fieldOfView).toBeCloseTo(67.743, 3);
  });

  it("takes lengths in millimetres whatever unit their attribute keeps them in", () => {
    const role = (coverageRole: CoverageRole, unit: string) => ({ coverageRole, unit });
    expect(
      opticsValuesOf([
        { attribute: role("horizontal-pixels", "px"), value: 1920 },
        { attribute: role("sensor-width", "mm"), value: 5.37 },
        { attribute: role("focal-length", "m"), value: [0.0028, 0.012] },
      ]),
    ).toEqual({ horizontalPixels: 1920, sensorWidth: 5.37, focalLength: [2.8, 12] });
  });

  it("is null without a resolution, or without a view and the means to work it out", () => {
    expect(cameraOptics({ fieldOfView: 90 })).toBeNull();
    expect(cameraOptics({ horizontalPixels: 1920 })).toBeNull();
    expect(cameraOptics({ horizontalPixels: 1920, focalLength: 4 })).toBeNull();
    expect(cameraOptics({ horizontalPixels: 1920, fieldOfView: 0 })).toBeNull();
  });
});

describe("readDistance", () => {
  it("reads metres and feet, a comma as the decimal point or between thousands", () => {
    expect(readDistance("20", "m")).toEqual({ ok: true, metres: 20 });
    expect(readDistance(" 7,5 ", "m")).toEqual({ ok: true, metres: 7.5 });
    expect(readDistance("2,500", "m")).toEqual({ ok: true, metres: 2500 });
    expect(readDistance("1,000.5", "m")).toEqual({ ok: true, metres: 1000.5 });
    const feet = readDistance("100", "ft");
    expect(feet.ok && feet.metres).toBeCloseTo(30.48, 9);
  });

  it("refuses what is not a number, and distances out of bounds, saying which", () => {
    expect(readDistance("twenty", "m")).toEqual({ ok: false, message: "Enter the distance as a number, e.g. 20" });
    expect(readDistance("-5", "m")).toEqual({ ok: false, message: "Enter the distance as a number, e.g. 20" });
    expect(readDistance("0.1", "m")).toEqual({ ok: false, message: "Enter a distance from 0.5 to 3,000 m" });
    expect(readDistance("20000", "ft")).toEqual({ ok: false, message: "Enter a distance from 2 to 9,842 ft" });
    expect(readDistance("2", "ft").ok).toBe(true);
  });
});

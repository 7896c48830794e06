import { useEffect, useRef, useState } from "react";
import {
  coverageAt,
  DISTANCE_UNITS,
  farthestDistances,
  METRES_PER_FOOT,
  PANORAMIC_FROM_DEGREES,
  readDistance,
  type CameraOptics,
  type DistanceUnit,
  type LensSetting,
} from "#app/domain/coverage";

export interface CoverageCalculatorProps {
  model: string;
  optics: CameraOptics;
  /** The distance as typed (the page's address keeps it), and its unit. */
  distance: string;
  unit: DistanceUnit;
}

/** The calculator's address parameters: a GET form sends them, the live calculator keeps them current. */
export const COVERAGE_PARAMS = { distance: "distance", unit: "unit" } as const;

/**
 * Its fields' ids: fixed, not useId, because the browser renders it in a root of its own (an island),
 * whose ids would not be the server's. A page has one calculator.
 */
const FIELD_IDS = { distance: "coverage-distance", unit: "coverage-unit", error: "coverage-error" } as const;

const UNIT_NAMES: Record<DistanceUnit, string> = { m: "metres (m)", ft: "feet (ft)" };

function decimals(value: number, digits: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** "50.3 m (165.0 ft)" */
function length(metres: number): string {
  return `${decimals(metres, 1)} m (${decimals(metres / METRES_PER_FOOT, 1)} ft)`;
}

/** A distance as the visitor gave it: "20 m (65.6 ft)". */
function distanceName(metres: number): string {
  const brief = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });
  return `${brief(metres)} m (${brief(metres / METRES_PER_FOOT)} ft)`;
}

function settingName(setting: LensSetting): string {
  const focal = setting.focalLength === null ? "" : `${decimals(setting.focalLength, 1).replace(/\.0$/, "")} mm, `;
  const view = `${focal}${decimals(setting.fieldOfView, 1).replace(/\.0$/, "")}°`;
  if (setting.end === "wide") return `Wide end (${view})`;
  if (setting.end === "tele") return `Telephoto end (${view})`;
  return `Fixed lens (${view})`;
}

/** A row of figures, one a lens setting. */
function FigureRow({ name, cells, strong = false }: { name: string; cells: string[]; strong?: boolean }) {
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-700">
        {name}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className={`px-3 py-2${strong ? " font-semibold" : ""}`}>
          {cell}
        </td>
      ))}
    </tr>
  );
}

/** The address says what is shown, so a copied link reopens it; no new history entry a keystroke. */
function keepInAddress(distance: string, unit: DistanceUnit) {
  const url = new URL(window.location.href);
  if (distance.trim()) {
    url.searchParams.set(COVERAGE_PARAMS.distance, distance.trim());
    url.searchParams.set(COVERAGE_PARAMS.unit, unit);
  } else {
    url.searchParams.delete(COVERAGE_PARAMS.distance);
    url.searchParams.delete(COVERAGE_PARAMS.unit);
  }
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The coverage calculator (decision 071): the scene's width, pixel density and DORI class at a
 * distance the visitor enters, and the farthest distance of each class, at both ends of a varifocal
 * lens. A GET form without JavaScript; with it, the figures follow what is typed and the address
 * keeps the distance.
 */
export default function CoverageCalculator({
  model,
  optics,
  distance: typed,
  unit: typedUnit,
}: CoverageCalculatorProps) {
  const [distance, setDistance] = useState(typed);
  const [unit, setUnit] = useState(typedUnit);
  const figures = useRef<HTMLParagraphElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const unitField = useRef<HTMLSelectElement>(null);
  // Hydrated as the server wrote it; then what the visitor typed into that form before this code came,
  // in the address too.
  useEffect(() => {
    const distanceBefore = input.current?.value ?? typed;
    const unitValue = unitField.current?.value;
    const unitBefore = unitValue === "m" || unitValue === "ft" ? unitValue : typedUnit;
    if (distanceBefore === typed && unitBefore === typedUnit) return;
    setDistance(distanceBefore);
    setUnit(unitBefore);
    keepInAddress(distanceBefore, unitBefore);
  }, [typed, typedUnit]);
  const reading = distance.trim() ? readDistance(distance, unit) : null;
  const at = reading?.ok ? coverageAt(optics, reading.metres) : null;
  const farthest = farthestDistances(optics);
  const several = optics.settings.length > 1;
  const panoramic = optics.settings.some((setting) => setting.fieldOfView >= PANORAMIC_FROM_DEGREES);

  function change(nextDistance: string, nextUnit: DistanceUnit) {
    setDistance(nextDistance);
    setUnit(nextUnit);
    keepInAddress(nextDistance, nextUnit);
  }

  const headers = (
    <tr>
      <td />
      {optics.settings.map((setting) => (
        <th key={setting.end} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
          {settingName(setting)}
        </th>
      ))}
    </tr>
  );

  return (
    <div className="space-y-5">
      <form
        method="get"
        action="#coverage"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          // Already worked out as typed: the figures are where the visitor goes next, or the field
          // back with its message when the distance cannot be read.
          event.preventDefault();
          if (reading?.ok === false) input.current?.focus();
          else figures.current?.focus();
        }}
      >
        <div>
          <label htmlFor={FIELD_IDS.distance} className="block text-sm font-medium text-slate-800">
            Distance to the scene
          </label>
          <input
            ref={input}
            id={FIELD_IDS.distance}
            name={COVERAGE_PARAMS.distance}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={distance}
            onChange={(event) => change(event.target.value, unit)}
            aria-invalid={reading?.ok === false ? true : undefined}
            aria-describedby={reading?.ok === false ? FIELD_IDS.error : undefined}
            className="mt-1 w-28 rounded-md border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <div>
          <label htmlFor={FIELD_IDS.unit} className="block text-sm font-medium text-slate-800">
            Unit
          </label>
          <select
            ref={unitField}
            id={FIELD_IDS.unit}
            name={COVERAGE_PARAMS.unit}
            value={unit}
            onChange={(event) => change(distance, event.target.value === "ft" ? "ft" : "m")}
            className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          >
            {DISTANCE_UNITS.map((option) => (
              <option key={option} value={option}>
                {UNIT_NAMES[option]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Calculate
        </button>
        {reading?.ok === false ? (
          <p id={FIELD_IDS.error} className="w-full text-sm font-medium text-red-700">
            {reading.message}
          </p>
        ) : null}
      </form>

      <p ref={figures} tabIndex={-1} aria-live="polite" className="text-sm text-slate-800 focus:outline-none">
        {at && reading?.ok
          ? `At ${distanceName(reading.metres)}, ${model} ${at
              .map(
                (figure) =>
                  `${several ? `at its ${figure.setting.end === "wide" ? "wide" : "telephoto"} end ` : ""}sees a scene ${decimals(figure.sceneWidth, 1)} m wide with ${decimals(figure.pixelsPerMetre, 0)} px/m: ${figure.reaches ?? "no DORI class"}`,
              )
              .join("; ")}.`
          : "Enter a distance to see the scene's width and pixel density there."}
      </p>

      {at && reading?.ok ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="pb-2 text-left font-semibold text-slate-900">At {distanceName(reading.metres)}</caption>
            <thead>{headers}</thead>
            <tbody>
              <FigureRow name="Scene width" cells={at.map((figure) => length(figure.sceneWidth))} />
              <FigureRow
                name="Pixel density"
                cells={at.map(
                  (figure) =>
                    `${decimals(figure.pixelsPerMetre, 0)} px/m (${decimals(figure.pixelsPerMetre * METRES_PER_FOOT, 0)} px/ft)`,
                )}
              />
              <FigureRow
                name="DORI class reached"
                cells={at.map((figure) => figure.reaches ?? "None (under 25 px/m)")}
                strong
              />
            </tbody>
          </table>
        </div>
      ) : null}

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="pb-2 text-left font-semibold text-slate-900">
            Farthest distance for each DORI class
          </caption>
          <thead>{headers}</thead>
          <tbody>
            {farthest.map((dori) => (
              <FigureRow
                key={dori.name}
                name={`${dori.name} (${dori.pixelsPerMetre} px/m)`}
                cells={dori.metres.map(length)}
              />
            ))}
          </tbody>
        </table>
      </div>

      <div className="text-sm text-slate-700">
        <h3 className="font-semibold text-slate-900">How these figures are worked out</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>
            The camera&apos;s {optics.horizontalPixels.toLocaleString("en-US")} horizontal pixels are spread over the
            scene&apos;s width at that distance: the full picture is used (no cropping or digital zoom), in focus and in
            good light.
          </li>
          <li>
            {panoramic
              ? `A view of ${PANORAMIC_FROM_DEGREES}° or more is taken as an arc around the camera, its pixels spread evenly over the angle.`
              : "The scene is flat and square to the camera, and the lens does not distort it."}{" "}
            The distance is along the line of sight: mounting height and the angle to the target are not counted.
          </li>
          <li>
            DORI classes per IEC 62676-4: Detection 25 px/m, Observation 62.5, Recognition 125 and Identification 250
            {several ? "; a varifocal lens is worked out at both ends of its range" : ""}.
          </li>
        </ul>
      </div>
    </div>
  );
}

import { FilterBox } from "./filter-controls";
import { DISCONTINUED_INCLUDED, DISCONTINUED_PARAM } from "#app/domain/lifecycle-stages";

/**
 * The "Include discontinued" box of a catalog page's filters (decision 072): discontinued products are
 * left out of listings unless it is ticked; `count` is how many the other filters would add, and its
 * `label` says so.
 */
export function IncludeDiscontinued({ included, count, label }: { included: boolean; count: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <FilterBox
        id="include-discontinued"
        name={DISCONTINUED_PARAM}
        value={DISCONTINUED_INCLUDED}
        checked={included}
        // Ticking it would add nothing: shown, and not offered (as a feature that would leave nothing).
        disabled={!included && !count}
        className="peer h-4 w-4 rounded border-slate-400 text-brand-700 disabled:opacity-40"
      />
      <label htmlFor="include-discontinued" className="text-sm text-slate-800 peer-disabled:text-slate-400">
        {label}
      </label>
    </div>
  );
}

import { FieldErrors } from "#app/components/forms";
import { featureGroupsOf } from "#app/domain/catalog-views";

export interface FeaturesCategory {
  id: string;
  featureGroups: string[];
  features: { id: string; label: string; group: string }[];
}

/**
 * The chosen category's features as checkboxes, in the groups its filter shows them in (any group
 * alone needs no heading); another category starts with none chosen.
 */
export function FeaturesFieldset({
  category,
  chosen,
  errorId,
  errors,
}: {
  category: FeaturesCategory | undefined;
  chosen: ReadonlySet<string>;
  errorId: string;
  errors: string[] | undefined;
}) {
  const groups = category ? featureGroupsOf(category.featureGroups, category.features, "More features") : [];
  const checkboxes = (features: FeaturesCategory["features"]) => (
    <div className="grid gap-2 sm:grid-cols-2">
      {features.map((feature) => (
        <label key={feature.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="featureIds"
            value={feature.id}
            defaultChecked={chosen.has(feature.id)}
            className="h-4 w-4"
          />
          {feature.label}
        </label>
      ))}
    </div>
  );
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Features / filters</legend>
      {!category ? (
        <p className="text-sm text-slate-600">Choose a category to see its features.</p>
      ) : category.features.length === 0 ? (
        <p className="text-sm text-slate-600">This category has no features.</p>
      ) : category.featureGroups.length === 0 ? (
        <div key={category.id}>{checkboxes(category.features)}</div>
      ) : (
        <div key={category.id} className="space-y-3">
          {groups.map((group) => (
            <fieldset key={group.name}>
              <legend className="mb-1 text-sm font-medium text-slate-700">{group.name}</legend>
              {checkboxes(group.features)}
            </fieldset>
          ))}
        </div>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

import { FieldErrors } from "#app/components/forms";

/** The chosen category's features as checkboxes; another category starts with none chosen. */
export function FeaturesFieldset({
  category,
  chosen,
  errorId,
  errors,
}: {
  category: { id: string; features: { id: string; label: string }[] } | undefined;
  chosen: ReadonlySet<string>;
  errorId: string;
  errors: string[] | undefined;
}) {
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Features / filters</legend>
      {!category ? (
        <p className="text-sm text-slate-600">Choose a category to see its features.</p>
      ) : category.features.length === 0 ? (
        <p className="text-sm text-slate-600">This category has no features.</p>
      ) : (
        <div key={category.id} className="grid gap-2 sm:grid-cols-2">
          {category.features.map((feature) => (
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
      )}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

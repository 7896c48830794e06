import { useId, useRef, useState, type ReactNode } from "react";
import { INPUT_CLASS } from "#app/components/forms";
import { ResponsiveImage } from "#app/components/responsive-image";
import { useCombobox } from "#app/components/use-combobox";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { productModelsUrl, type ProductModelMatch, type ProductModelMatches } from "#app/domain/product-models";
import { Button } from "#app/components/ui";

/** What the picker is for: a product's accessories or replacements, or the products a firmware release belongs to. */
const PICKS = {
  accessories: {
    field: "accessoryIds",
    legend: "Accessories / related products",
    show: "Add accessories",
    hide: "Hide accessories",
    chosen: "Chosen accessories",
    add: "Add accessory",
    none: ADMIN_MESSAGES.noAccessoriesChosen,
    added: ADMIN_MESSAGES.accessoryAdded,
    removed: ADMIN_MESSAGES.accessoryRemoved,
    matches: "Matching products",
    summary: "accessory-summary",
    alone: ADMIN_MESSAGES.noOtherProducts,
  },
  replacements: {
    field: "replacementIds",
    legend: "Recommended replacements",
    show: "Choose replacements",
    hide: "Hide replacements",
    chosen: "Chosen replacements",
    add: "Add replacement",
    none: "No replacements chosen.",
    added: (model: string) => `${model} added to the replacements.`,
    removed: (model: string) => `${model} removed from the replacements.`,
    matches: "Matching replacements",
    summary: "replacement-summary",
    alone: "No other product in the catalog can replace it yet.",
  },
  affected: {
    field: "products",
    legend: "Affected products",
    show: "Choose products",
    hide: "Hide products",
    chosen: "Affected products",
    add: "Add product",
    none: "No products chosen.",
    added: (model: string) => `${model} added to the affected products.`,
    removed: (model: string) => `${model} removed from the affected products.`,
    matches: "Matching products",
    summary: "affected-summary",
    alone: ADMIN_MESSAGES.noOtherProducts,
  },
  products: {
    field: "productIds",
    legend: "Products",
    show: "Choose products",
    hide: "Hide products",
    chosen: "Chosen products",
    add: "Add product",
    none: "No products chosen.",
    added: (model: string) => `${model} added to the products.`,
    removed: (model: string) => `${model} removed from the products.`,
    matches: "Matching products",
    summary: "accessory-summary",
    alone: ADMIN_MESSAGES.noOtherProducts,
  },
} as const;

export interface ProductPickerProps {
  /** Accessories (the default) or the products a firmware release belongs to. */
  picks?: keyof typeof PICKS;
  /** The product being edited: never offered as its own accessory. */
  productId?: string;
  /** The accessories the product has. */
  initial: ProductModelMatch[];
  /** Whether the catalog holds any product but this one. */
  hasOtherProducts: boolean;
  /** What the form's check said of the choice (at least one product), and the id it is shown under. */
  errors?: string[];
  errorId?: string;
  /**
   * Fields of each chosen product's own (an advisory's affected versions and fix), under its line: each
   * product is then the list item `{field}[index]`, its id `{field}[index].productId`.
   */
  details?: (product: ProductModelMatch, name: string) => ReactNode;
}

/**
 * Products chosen by model: a product's accessories, or the products a firmware release belongs to.
 * The chosen ones are a list (each submits as a field of its own and can be removed) and a combobox
 * searches the catalog by model as the admin types, so a catalog of thousands never has to be on the
 * page. A product's accessories are revealed by a button, as the original form did.
 */
export function ProductPicker({
  picks = "accessories",
  productId,
  initial,
  hasOtherProducts,
  errors,
  errorId,
  details,
}: ProductPickerProps) {
  const texts = PICKS[picks];
  const [chosen, setChosen] = useState(initial);
  const [shown, setShown] = useState(initial.length > 0 || picks !== "accessories");
  const [announcement, setAnnouncement] = useState("");
  const regionId = useId();
  const inputId = `${useId()}-accessory`;
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);

  const chosenIds = new Set(chosen.map((item) => item.id));
  const excluded = productId ? [productId, ...chosenIds] : [...chosenIds];
  const combobox = useCombobox<ProductModelMatches, ProductModelMatch>({
    id: inputId,
    urlFor: (term) => productModelsUrl(term, excluded),
    // An answer asked for before the latest choice may still hold it.
    optionsOf: (answer) => answer.products.filter((product) => !chosenIds.has(product.id)),
    keyOf: (product) => product.id,
    onPick: (product) => {
      setChosen((current) => (current.some((item) => item.id === product.id) ? current : [...current, product]));
      setAnnouncement(texts.added(product.model));
      combobox.clear();
    },
    // Enter in this field never submits the whole product form.
    onEnterWithoutOption: (event) => event.preventDefault(),
  });
  const { data: answer, expanded, options } = combobox;

  function remove(product: ProductModelMatch) {
    setChosen((current) => current.filter((item) => item.id !== product.id));
    setAnnouncement(texts.removed(product.model));
    // Its button is gone: the field to add another is where the admin most likely goes next.
    input.current?.focus();
  }

  const resultLine = answer && expanded ? ADMIN_MESSAGES.accessoryMatches(options.length, answer.total) : "";

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{texts.legend}</legend>
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <Button
        type="button"
        variant="link"
        aria-expanded={shown}
        aria-controls={regionId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? texts.hide : texts.show}
      </Button>
      {/* Hidden, not removed: the chosen accessories stay in the form while the list is folded away. */}
      <div id={regionId} hidden={!shown} className="space-y-3">
        {chosen.length > 0 ? (
          <ul aria-label={texts.chosen} className="divide-y divide-slate-100 rounded border border-slate-200">
            {chosen.map((item, index) => (
              <li key={item.id} className="space-y-2 px-3 py-2">
                <div className="flex items-center gap-3">
                  <input
                    type="hidden"
                    name={details ? `${texts.field}[${index}].productId` : texts.field}
                    value={item.id}
                  />
                  <Thumbnail image={item.image} />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{item.model}</span>
                  <Button type="button" variant="link" aria-label={`Remove ${item.model}`} onClick={() => remove(item)}>
                    Remove
                  </Button>
                </div>
                {details ? details(item, `${texts.field}[${index}]`) : null}
              </li>
            ))}
          </ul>
        ) : hasOtherProducts ? (
          <p className="text-sm text-slate-600">{texts.none}</p>
        ) : null}

        {hasOtherProducts ? (
          <div {...combobox.containerProps} className="relative space-y-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              {texts.add}
            </label>
            <p id={hintId} className="text-xs text-slate-600">
              Type part of a model, then choose a product with the arrow keys and Enter, or click it.
            </p>
            <input
              ref={input}
              {...combobox.inputProps}
              onChange={(event) => {
                setAnnouncement("");
                combobox.inputProps.onChange(event);
              }}
              type="text"
              aria-describedby={errors?.length && errorId ? `${hintId} ${errorId}` : hintId}
              aria-invalid={errors?.length ? true : undefined}
              className={INPUT_CLASS}
            />
            {/* A live region, but not role="status": the page's own status messages keep that role to themselves. */}
            <p aria-live="polite" aria-atomic="true" className="sr-only">
              {resultLine || announcement}
            </p>
            <div
              hidden={!expanded}
              className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white pb-1 shadow-lg"
            >
              {/* The button also keeps the scrolling list reachable from the keyboard (Tab), as axe asks. */}
              <div className="sticky top-0 flex items-baseline justify-between gap-3 border-b border-slate-100 bg-white px-3 py-2 text-sm">
                <p aria-hidden="true" data-testid={texts.summary} className="font-medium text-slate-700">
                  {resultLine}
                </p>
                <Button
                  type="button"
                  variant="link"
                  onClick={() => {
                    combobox.close();
                    input.current?.focus();
                  }}
                >
                  Close list
                </Button>
              </div>
              <div id={combobox.listboxId} role="listbox" aria-label={texts.matches} aria-busy={combobox.loading}>
                {options.map((option, index) => (
                  <div
                    key={option.id}
                    {...combobox.optionProps(index)}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-1.5 ${index === combobox.activeIndex ? "bg-brand-50" : ""}`}
                  >
                    <Thumbnail image={option.image} />
                    <span className="truncate text-sm font-semibold text-slate-900">{option.model}</span>
                  </div>
                ))}
              </div>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{texts.alone}</p>
        )}
      </div>
    </fieldset>
  );
}

/** A product's picture beside its model, which names it: decoration. */
function Thumbnail({ image }: { image: ProductModelMatch["image"] }) {
  return (
    <ResponsiveImage
      image={image}
      alt=""
      sizes="48px"
      className="h-9 w-12 shrink-0 rounded bg-slate-100 object-cover"
    />
  );
}

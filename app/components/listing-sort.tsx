import { Form, useSubmit } from "react-router";
import { SORT_PARAM, type ListingSort } from "#app/domain/catalog-views";
import type { PartMessages } from "#app/messages/en";
import { useStateFollowing } from "./filter-controls";
import { Button } from "./ui";

/** Each order's name among the words of a listing. */
const LABELS = { relevance: "sortRelevance", model: "sortModel", newest: "sortNewest" } as const satisfies Record<
  ListingSort,
  keyof PartMessages<"listing">
>;

/**
 * "Sort by" for a list of products: a form of its own that keeps the view's other parameters (its
 * filters) and starts again at the first page. Submitted as soon as it changes; without JavaScript,
 * by its button.
 */
export function ListingSortSelect({
  sort,
  offered,
  more = [],
  keep,
  text,
}: {
  /** The order shown: one of `offered`, or of `more`. */
  sort: string;
  /** The orders to choose from, the default first. */
  offered: readonly ListingSort[];
  /** Orders by a specification value ("IR range, highest first"), after those. */
  more?: readonly { value: string; label: string }[];
  keep: readonly (readonly [string, string])[];
  /** The listing's words, in the page's language. */
  text: PartMessages<"listing">;
}) {
  const submit = useSubmit();
  // The choice is the page's order, and follows it when that changes (Back, a link): one element all
  // along, so that focus stays on it when the order is changed from it.
  const [chosen, setChosen] = useStateFollowing(sort);
  return (
    <Form
      method="get"
      className="flex items-center gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {keep.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="listing-sort" className="text-sm text-slate-700">
        {text.sortBy}
      </label>
      <select
        id="listing-sort"
        name={SORT_PARAM}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className="rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {offered.map((value) => (
          <option key={value} value={value}>
            {text[LABELS[value]]}
          </option>
        ))}
        {more.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" size="sm" variant="secondary">
          {text.sort}
        </Button>
      </noscript>
    </Form>
  );
}

import { useCallback } from "react";
import { useHref, useNavigate } from "react-router";
import { COMPARE_PARAM, comparePath, MAX_COMPARED, type CompareBarWords } from "#app/domain/compare";
import { readCompareSelection, storeCompareSelection, useCompareSelection } from "./compare-store";
import { Button } from "./ui";
import { useHydrated } from "./use-hydrated";

/** The form the cards' "Compare" boxes belong to (they sit in the cards, the form after the grid). */
const COMPARE_FORM_ID = "compare-selection";

/**
 * A card's "Compare" box. Without scripts it is a plain checkbox of the form after the grid; with
 * them it keeps the tab's selection across pages, at most MAX_COMPARED.
 */
export function CompareCheckbox({ id, model, label }: { id: string; model: string; label: string }) {
  const selection = useCompareSelection();
  const checked = selection.includes(id);
  const toggle = useCallback(() => {
    const current = readCompareSelection();
    storeCompareSelection(current.includes(id) ? current.filter((other) => other !== id) : [...current, id]);
  }, [id]);
  const inputId = `compare-${id}`;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <input
        id={inputId}
        type="checkbox"
        name={COMPARE_PARAM}
        value={id}
        form={COMPARE_FORM_ID}
        checked={checked}
        disabled={!checked && selection.length >= MAX_COMPARED}
        onChange={toggle}
        className="h-4 w-4 rounded border-slate-400 text-brand-700"
      />
      <label htmlFor={inputId}>
        {label}
        <span className="sr-only"> {model}</span>
      </label>
    </div>
  );
}

/**
 * The form the "Compare" boxes submit: without scripts, to /compare with the ticked products of this
 * page, after the grid; with them, with every product ticked in this tab, kept in view at the foot of
 * the screen while something is chosen and out of the way while nothing is (on a phone it would
 * cover a card for nothing).
 */
export function CompareBar({ words }: { words: CompareBarWords }) {
  const selection = useCompareSelection();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Under the page's language prefix, as the router's own forms are (decision 086).
  const action = useHref("/compare");
  const chosen = selection.length > 0;
  return (
    <form
      id={COMPARE_FORM_ID}
      action={action}
      method="get"
      // The boxes name this form, so it stays in the page, hidden, while nothing is chosen.
      hidden={hydrated && !chosen}
      lang={words.lang}
      dir={words.dir}
      className={`${chosen ? "sticky bottom-4 z-10" : ""} mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-sm print:hidden`}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(comparePath(selection));
      }}
    >
      <Button type="submit" disabled={hydrated && selection.length === 0}>
        {selection.length ? words.count[selection.length] : words.selected}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {selection.length ? words.chosen[selection.length] : words.tick}
      </span>
      {selection.length ? (
        <Button type="button" variant="link" onClick={() => storeCompareSelection([])}>
          {words.clear}
        </Button>
      ) : null}
    </form>
  );
}

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
} from "react";
import { useFetcher } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "#app/domain/search";

/** What a fetcher for `Source` holds: a loader's serialized data, or `Source` itself when it is plain data. */
export type Fetched<Source> = NonNullable<ReturnType<typeof useFetcher<Source>>["data"]>;

export interface ComboboxSettings<Source, Option> {
  /** The input's id: the listbox's and the options' ids are made from it. */
  id: string;
  /** What to load for a term (trimmed, never empty). */
  urlFor: (term: string) => string;
  /** The options an answer offers, in the order the arrow keys go through them. */
  optionsOf: (data: Fetched<Source>) => Option[];
  /** What tells an option from the others, from one answer to the next. */
  keyOf: (option: Option) => string;
  /** An option chosen by Enter or a click. */
  onPick: (option: Option) => void;
  /**
   * Enter with no option highlighted: left alone (so a form submits) unless this handles it.
   */
  onEnterWithoutOption?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The list belongs to this (the page's location key, say): when it changes, the list closes. */
  scope?: string;
  /** Text already in the field when the combobox takes it over. */
  initialQuery?: string;
}

/**
 * The state and keyboard handling of an autocomplete combobox with a list of server results (the ARIA
 * pattern with `aria-activedescendant`): typing asks the server once it pauses, arrow keys move the
 * highlight through the options and wrap, Enter picks the highlighted one, Escape, a press outside
 * `containerRef` or focus leaving it closes the list. An empty field clears the results.
 */
export function useCombobox<Source, Option>({
  id,
  urlFor,
  optionsOf,
  keyOf,
  onPick,
  onEnterWithoutOption,
  scope = "",
  initialQuery = "",
}: ComboboxSettings<Source, Option>) {
  const fetcher = useFetcher<Source>();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastRequested = useRef("");

  const [query, setQuery] = useState(initialQuery);
  const [openIn, setOpenIn] = useState<string | null>(initialQuery.trim() ? scope : null);
  // The highlighted option, by key: an answer that arrives after the highlight was made keeps it when
  // the option is still among its results, so a key pressed while results refresh is never lost.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const data: Fetched<Source> | null = fetcher.data ?? null;
  const options = data === null ? [] : optionsOf(data);
  const expanded = openIn === scope && query.trim() !== "" && data !== null;
  const activeIndex = expanded && activeKey !== null ? options.findIndex((option) => keyOf(option) === activeKey) : -1;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!expanded) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenIn(null);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [expanded]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const fetchResults = fetcher.load;
  // The newest `urlFor` (it may close over what changes, such as the ids to leave out), read when asking.
  const urlForTerm = useRef(urlFor);
  useLayoutEffect(() => {
    urlForTerm.current = urlFor;
  });
  /** Asks at once for `term` (trimmed, not empty), without waiting for typing to pause. */
  const loadNow = useCallback(
    (term: string) => {
      clearTimeout(timer.current);
      lastRequested.current = term;
      void fetchResults(urlForTerm.current(term));
    },
    [fetchResults],
  );

  function close() {
    setOpenIn(null);
    setActiveKey(null);
  }

  /** Closes the list and drops a request still waiting for typing to pause. */
  function dismiss() {
    clearTimeout(timer.current);
    close();
  }

  /** Back to an empty field with no results, including an answer still on its way. */
  function clear() {
    clearTimeout(timer.current);
    lastRequested.current = "";
    setQuery("");
    fetcher.reset();
    close();
  }

  function onQueryChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    const term = value.trim();
    if (!term) {
      lastRequested.current = "";
      fetcher.reset();
      close();
      return;
    }
    setOpenIn(scope);
    if (term === lastRequested.current) return;
    timer.current = setTimeout(() => loadNow(term), SEARCH_DEBOUNCE_MS);
  }

  function pick(option: Option) {
    dismiss();
    onPick(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0 || !query.trim()) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        const from = expanded ? activeIndex : -1;
        const next = down ? (from + 1) % count : from <= 0 ? count - 1 : from - 1;
        setOpenIn(scope);
        const nextOption = options[next];
        setActiveKey(nextOption === undefined ? null : keyOf(nextOption));
        return;
      }
      case "Enter": {
        const option = options[activeIndex];
        if (!option) {
          onEnterWithoutOption?.(event);
          return;
        }
        event.preventDefault();
        pick(option);
        return;
      }
      case "Escape":
        if (!expanded) return; // A second Escape is the field's own (a search field clears).
        event.preventDefault();
        close();
        return;
    }
  }

  /** What the text field needs besides its id, label and looks. */
  const inputProps = {
    id,
    value: query,
    autoComplete: "off",
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": listboxId,
    "aria-activedescendant": activeId,
    onChange: (event: { target: { value: string } }) => onQueryChange(event.target.value),
    onKeyDown,
    onFocus: () => {
      if (query.trim() && data !== null) setOpenIn(scope);
    },
  } as const;

  /** What the element around the field and its list needs: focus leaving it closes the list. */
  const containerProps = {
    ref: containerRef,
    onBlur: (event: { currentTarget: HTMLElement; relatedTarget: EventTarget | null }) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
    },
  };

  /** What the option at `index` needs: its id, role, selection state and pointer handling. */
  function optionProps(index: number): HTMLAttributes<HTMLElement> & { id: string } {
    const option = options[index];
    const selected = index === activeIndex;
    const choose = () => {
      if (option !== undefined) pick(option);
    };
    return {
      id: optionId(index),
      role: "option",
      "aria-selected": selected,
      tabIndex: -1,
      // Keeps focus in the field, so pressing an option does not close the list before the click.
      onMouseDown: (event) => event.preventDefault(),
      onClick: choose,
      onKeyDown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose();
        }
      },
      onPointerMove: () => {
        if (!selected && option !== undefined) setActiveKey(keyOf(option));
      },
    };
  }

  return {
    query,
    data,
    loading: fetcher.state === "loading",
    options,
    expanded,
    activeIndex,
    listboxId,
    inputProps,
    containerProps,
    optionProps,
    loadNow,
    close,
    dismiss,
    clear,
  };
}

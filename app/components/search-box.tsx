import { useId, useState, type ComponentType } from "react";
import { Form } from "react-router";
import type { SearchComboboxProps } from "./search-combobox";
import { SEARCH_FIELD_CLASS, SEARCH_FIELD_LABEL, SEARCH_FORM_PROPS } from "./search-field";

function loadCombobox() {
  return import("./search-combobox");
}

/**
 * The header's search box. It arrives as a plain GET form to /search, which is all a page without
 * JavaScript needs. The combobox that lists matches as you type is loaded only when a visitor comes to
 * the box (pointer over it, or focus), so pages that nobody searches from do not download it.
 */
export function SearchBox() {
  const inputId = `${useId()}-search`;
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);

  if (Combobox) return <Combobox inputId={inputId} />;

  function enhance() {
    void loadCombobox().then((module) => setCombobox(() => module.SearchCombobox));
  }

  return (
    <Form {...SEARCH_FORM_PROPS} onPointerEnter={enhance} onFocus={enhance}>
      <label htmlFor={inputId} className="sr-only">
        {SEARCH_FIELD_LABEL}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        placeholder="Search"
        autoComplete="off"
        className={SEARCH_FIELD_CLASS}
      />
    </Form>
  );
}

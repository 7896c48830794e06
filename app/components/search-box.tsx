import { useId, useState, type ComponentType } from "react";
import { Form } from "react-router";
import type { SearchComboboxProps } from "./search-combobox";
import { SEARCH_FIELD_CLASS, SEARCH_FORM_PROPS } from "./search-field";
import type { ShellMessages } from "#app/messages/en";

function loadCombobox() {
  return import("./search-combobox");
}

/**
 * The header's search box. It arrives as a plain GET form to /search, which is all a page without
 * JavaScript needs. The combobox that lists matches as you type is loaded only when a visitor comes to
 * the box (pointer over it, or focus), so pages that nobody searches from do not download it.
 */
export function SearchBox({ messages }: { messages: ShellMessages }) {
  const inputId = `${useId()}-search`;
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);

  if (Combobox) return <Combobox inputId={inputId} messages={messages} />;

  function enhance() {
    void loadCombobox().then((module) => setCombobox(() => module.SearchCombobox));
  }

  return (
    <Form {...SEARCH_FORM_PROPS} aria-label={messages.searchRegion} onPointerEnter={enhance} onFocus={enhance}>
      <label htmlFor={inputId} className="sr-only">
        {messages.searchLabel}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        placeholder={messages.searchPlaceholder}
        autoComplete="off"
        className={SEARCH_FIELD_CLASS}
      />
    </Form>
  );
}

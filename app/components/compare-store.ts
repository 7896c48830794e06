import { useSyncExternalStore } from "react";
import { MAX_COMPARED } from "#app/domain/compare";

/** The products a visitor ticked to compare, kept for the tab while they browse the catalog's pages. */
const STORAGE_KEY = "vantage:compare";
const CHANGED = "vantage:compare-changed";
const NONE: string[] = [];

let cached: { raw: string | null; ids: string[] } = { raw: null, ids: NONE };

/** The selection as stored now (outside React: an event handler). */
export function readCompareSelection(): string[] {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's settings): the selection lives on this page only.
  }
  if (raw !== cached.raw) {
    let ids: string[] = NONE;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (Array.isArray(parsed))
        ids = parsed.filter((id): id is string => typeof id === "string").slice(0, MAX_COMPARED);
    } catch {
      ids = NONE;
    }
    cached = { raw, ids };
  }
  return cached.ids;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Saves the selection for this tab and tells every part of the page. */
export function storeCompareSelection(ids: readonly string[]): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ids.slice(0, MAX_COMPARED)));
  } catch {
    cached = { raw: null, ids: ids.slice(0, MAX_COMPARED) };
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The ticked products (none in the server's HTML: the selection lives in the visitor's tab). */
export function useCompareSelection(): string[] {
  return useSyncExternalStore(subscribe, readCompareSelection, () => NONE);
}

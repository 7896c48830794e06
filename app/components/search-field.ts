/** The header search field's look, the same before and after its script has loaded. */
export const SEARCH_FIELD_CLASS =
  "w-36 rounded-md border-0 bg-white/10 px-3 py-1.5 text-sm text-white placeholder:text-slate-400 focus:bg-white focus:text-slate-900 sm:w-56";

/** The header's search form, the same before and after its script loads: a plain GET without JavaScript. */
export const SEARCH_FORM_PROPS = {
  method: "get",
  action: "/search",
  role: "search",
  className: "relative",
} as const;

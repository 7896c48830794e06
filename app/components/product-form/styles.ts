/** The form's small actions (add, remove, move): buttons that read as links. */
export const BUTTON_LINK =
  "text-sm font-semibold text-brand-700 underline disabled:text-slate-400 disabled:no-underline";

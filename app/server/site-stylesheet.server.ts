import stylesheet from "../app.css?inline";

/** Tailwind's output for the whole site, inlined into every page (app/components/site-stylesheet.tsx). */
export const siteStylesheet: string = stylesheet;

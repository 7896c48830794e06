import { createContext, useContext } from "react";

/**
 * What the server render puts in the stylesheet's element: the stylesheet itself, or the placeholder
 * the document's stream replaces with its bytes (app/entry.server.tsx). Null in the browser.
 */
export const SiteStylesheetContext = createContext<string | null>(null);

/** The browser keeps what the server sent: React does not compare raw HTML when it hydrates. */
const KEEP_SERVER_TEXT = { __html: "" };

/**
 * The stylesheet inline in the document's head instead of a linked file: a first visit paints as soon as
 * the HTML is in, one round trip sooner (decision 009). The same object on every client render, so React
 * never rewrites the element's text.
 */
export function SiteStylesheet() {
  const stylesheet = useContext(SiteStylesheetContext);
  return <style dangerouslySetInnerHTML={stylesheet === null ? KEEP_SERVER_TEXT : { __html: stylesheet }} />;
}

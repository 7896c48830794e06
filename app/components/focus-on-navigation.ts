import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new page's main heading, as a
 * page load would put a screen reader at its start (and the heading, read out, says where it is):
 * otherwise focus stays on the menu link or search result that was chosen, or falls to the document.
 * Only a new path counts (a filter or a page of results keeps focus where the visitor is), and a page
 * that has put focus somewhere of its own (a message, a field) keeps it.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    const leftBehind = !active || active === document.body || active.closest("header, nav, [role=dialog]") !== null;
    if (!leftBehind) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) focusAsTarget(heading);
  }, [pathname]);
}

/**
 * After a form's save or refusal (a submission the router carried out), focus moves to the message it
 * left in the page, so a screen reader says it and the keyboard goes on from there: unless a page put
 * focus in a field of its own (a confirmation's password, the first field in error).
 */
export function useFocusAfterSubmission(): void {
  const { state } = useNavigation();
  // The messages shown when the form was sent: the one to focus is one that came after.
  const before = useRef<Set<Element> | null>(null);
  useEffect(() => {
    if (state === "submitting") before.current = new Set(document.querySelectorAll(MESSAGES));
    if (state !== "idle" || !before.current) return;
    const shown = before.current;
    before.current = null;
    const active = document.activeElement;
    if (
      active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement
    )
      return;
    const message = [...document.querySelectorAll<HTMLElement>(MESSAGES)].find((element) => !shown.has(element));
    if (message) focusAsTarget(message);
  }, [state]);
}

const MESSAGES = "main [role=status], main [role=alert]";

/** Moves focus to an element that is no control (a heading, a message), as a skip link's target takes it. */
function focusAsTarget(element: HTMLElement): void {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}

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
 * left in the page, so a screen reader says it and the keyboard goes on from there; when fields were
 * refused, to the first of them instead (the refusal, an alert, is said as it appears, and the field
 * says what is wrong with it), where the correction starts. Unless a page put focus in a field of its
 * own (a confirmation's password).
 */
export function useFocusAfterSubmission(): void {
  const { state } = useNavigation();
  // The form sent last: its button, which had focus, may be disabled while it is sent, and lose it.
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const note = (event: SubmitEvent) => {
      form.current = event.target instanceof HTMLFormElement ? event.target : null;
    };
    document.addEventListener("submit", note, true);
    return () => document.removeEventListener("submit", note, true);
  }, []);
  // The messages shown when the form was sent (the one to focus is one that came after), what had focus, and the form.
  const sent = useRef<{ messages: Element[]; active: Element | null; form: HTMLFormElement | null } | null>(null);
  useEffect(() => {
    if (state === "submitting") {
      sent.current = {
        messages: [...document.querySelectorAll(MESSAGES)],
        active: document.activeElement,
        form: form.current,
      };
    }
    const was = sent.current;
    if (state !== "idle" || !was) return;
    sent.current = null;
    const active = document.activeElement;
    const inField = active?.matches(FIELDS) ?? false;
    // A field the page chose since (Enter in a field sends its form, and it keeps focus meanwhile).
    if (inField && active !== was.active) return;
    // Only the sent form's own fields: another form's old error is not this submission's answer.
    const refused = was.form?.isConnected
      ? was.form.querySelector<HTMLElement>(`:is(${FIELDS}):not([type=hidden], :disabled)[aria-invalid=true]`)
      : null;
    refused?.focus();
    if (refused && document.activeElement === refused) return;
    if (!inField) {
      const message = [...document.querySelectorAll<HTMLElement>(MESSAGES)].find(
        (element) => !was.messages.includes(element),
      );
      if (message) focusAsTarget(message);
    }
  }, [state]);
}

const MESSAGES = "main [role=status], main [role=alert]";
const FIELDS = "input, textarea, select";

/** Moves focus to an element that is no control (a heading, a message), as a skip link's target takes it. */
function focusAsTarget(element: HTMLElement): void {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}

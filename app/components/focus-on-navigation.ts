import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

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
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [pathname]);
}

import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { Link, NavLink } from "./links";
import { SearchBox } from "./search-box";
import type { ShellMessages } from "#app/messages/en";
import type { NavigationLink } from "#app/domain/site";
import type { LanguageAttributes } from "#app/domain/languages";

/** requirements §9: the sidebar closes once the window is this wide. */
export const SIDEBAR_BREAKPOINT_PX = 1000;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white"
  }`;
}

function sideNavClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}

export function SiteHeader({
  companyName,
  signOut,
  links,
  messages,
  messagesLanguage,
}: {
  companyName: string;
  /** The words of its Sign Out button, when an editor is signed in. */
  signOut: string | undefined;
  /** The navigation's links, in the page's language. */
  links: readonly NavigationLink[];
  messages: ShellMessages;
  /** The language of `messages` when it is not the page's. */
  messagesLanguage: LanguageAttributes | undefined;
}) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
    const closeWhenWide = () => {
      if (wide.matches) setOpenOn(null);
    };
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Hiding the panel would drop focus that sits inside it to the top of the page.
      if (menuPanel.current?.contains(document.activeElement)) menuButton.current?.focus();
      setOpenOn(null);
    };
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 bg-ink text-white shadow print:hidden" {...messagesLanguage}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <button
          ref={menuButton}
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 min-[1000px]:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? messages.closeMenu : messages.openMenu}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {companyName}
        </Link>
        <nav aria-label={messages.mainNavigation} className="ms-4 hidden items-center gap-1 min-[1000px]:flex">
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <SearchBox messages={messages} />
          {signOut ? (
            <Form method="post" action="/logout" className="hidden min-[1000px]:block">
              <button
                type="submit"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
              >
                {signOut}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <div
        ref={menuPanel}
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-white/10 bg-white text-slate-900 shadow-lg min-[1000px]:hidden"
      >
        <nav aria-label={messages.menuNavigation} className="mx-auto max-w-7xl space-y-1 px-4 py-3">
          {/* A link to the page already shown leaves the pathname as it is, so close explicitly. */}
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={sideNavClass} onClick={() => setOpenOn(null)}>
              {item.label}
            </NavLink>
          ))}
          {signOut ? (
            <Form method="post" action="/logout" onSubmit={() => setOpenOn(null)}>
              <button
                type="submit"
                className="block w-full rounded-md px-3 py-2 text-start text-base font-medium text-slate-700 hover:bg-slate-100"
              >
                {signOut}
              </button>
            </Form>
          ) : null}
        </nav>
      </div>
    </header>
  );
}

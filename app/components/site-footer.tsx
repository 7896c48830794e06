import { useLocation } from "react-router";
import { Link } from "./links";
import { rememberLanguage } from "./language-notice";
import type { LanguageAttributes, OfferedLanguage } from "#app/domain/languages";
import type { ShellMessages } from "#app/messages/en";
import type { LayoutSettings, NavigationLink } from "#app/domain/site";

export function SiteFooter({
  settings,
  links,
  languages,
  language,
  messages,
  messagesLanguage,
  contentLanguage,
}: {
  settings: LayoutSettings;
  /** The footer's links to the site's pages, in the page's language. */
  links: readonly NavigationLink[];
  /** The site's languages (none when English is its only one), for the visitor to read this page in another. */
  languages: readonly OfferedLanguage[];
  language: string;
  messages: ShellMessages;
  /** The language of `messages` when it is not the page's. */
  messagesLanguage: LanguageAttributes | undefined;
  /** The language of the site's own texts (its settings') when it is not the page's. */
  contentLanguage: LanguageAttributes | undefined;
}) {
  const { pathname, search } = useLocation();
  return (
    // Centred: pages set their content in columns of different widths, and a footer spread to the
    // window's edges lines up with none of them.
    <footer className="mt-16 bg-ink text-slate-300 print:hidden" {...messagesLanguage}>
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-10 text-center">
        <nav
          aria-label={messages.footerNavigation}
          className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
        >
          {settings.socialLinks.map((link) => (
            <a
              key={link.url}
              href={link.url}
              rel="noopener noreferrer"
              target="_blank"
              className="hover:text-white"
              {...contentLanguage}
            >
              {link.label}
            </a>
          ))}
          {links.map(({ to, label }) => (
            <Link key={to} to={to} className="hover:text-white">
              {label}
            </Link>
          ))}
        </nav>
        {languages.length > 0 ? (
          <nav aria-label={messages.languages}>
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
              {languages.map(({ tag, name, base }) => (
                <li key={tag}>
                  {/* Another language is another app's addresses: a whole page load, the same page. */}
                  <a
                    href={base + pathname + search}
                    hrefLang={tag}
                    lang={tag}
                    aria-current={tag === language ? "true" : undefined}
                    onClick={() => rememberLanguage(tag)}
                    className="hover:text-white aria-[current]:font-semibold aria-[current]:text-white"
                  >
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="text-sm text-slate-300" {...contentLanguage}>
          © {new Date().getFullYear()} {settings.copyrightHolder}.{settings.footerNote ? ` ${settings.footerNote}` : ""}
        </p>
      </div>
    </footer>
  );
}

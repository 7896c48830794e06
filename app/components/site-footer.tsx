import { useLocation } from "react-router";
import { Link } from "./links";
import { rememberLanguage } from "./language-notice";
import type { OfferedLanguage } from "#app/domain/languages";
import type { LayoutSettings } from "#app/domain/site";
import { ACCESSIBILITY_PATH, NEWS_PATH, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";

export function SiteFooter({
  settings,
  signedIn,
  languages = [],
  language,
}: {
  settings: LayoutSettings;
  signedIn: boolean;
  /** The site's languages (none when English is its only one), for the visitor to read this page in another. */
  languages?: readonly OfferedLanguage[];
  language?: string;
}) {
  const { pathname, search } = useLocation();
  return (
    // Centred: pages set their content in columns of different widths, and a footer spread to the
    // window's edges lines up with none of them.
    <footer className="mt-16 bg-ink text-slate-300 print:hidden">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-10 text-center">
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
          {settings.socialLinks.map((link) => (
            <a key={link.url} href={link.url} rel="noopener noreferrer" target="_blank" className="hover:text-white">
              {link.label}
            </a>
          ))}
          <Link to={NEWS_PATH} className="hover:text-white">
            News
          </Link>
          <Link to={SUPPORT_FIRMWARE_PATH} className="hover:text-white">
            Firmware
          </Link>
          <Link to="/privacy" className="hover:text-white">
            Privacy
          </Link>
          <Link to={ACCESSIBILITY_PATH} className="hover:text-white">
            Accessibility
          </Link>
          <Link to={signedIn ? "/dashboard" : "/login"} className="hover:text-white">
            Admin
          </Link>
        </nav>
        {languages.length > 0 ? (
          <nav aria-label="Language">
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
        <p className="text-sm text-slate-300">
          © {new Date().getFullYear()} {settings.copyrightHolder}.{settings.footerNote ? ` ${settings.footerNote}` : ""}
        </p>
      </div>
    </footer>
  );
}

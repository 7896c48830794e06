import { Link } from "./links";
import type { LayoutSettings } from "#app/domain/site";
import { ACCESSIBILITY_PATH, NEWS_PATH, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";

export function SiteFooter({ settings, signedIn }: { settings: LayoutSettings; signedIn: boolean }) {
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
        <p className="text-sm text-slate-300">
          © {new Date().getFullYear()} {settings.copyrightHolder}.{settings.footerNote ? ` ${settings.footerNote}` : ""}
        </p>
      </div>
    </footer>
  );
}

import { ACCESSIBILITY_PATH, NEWS_PATH, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";
import type { SiteNavigation } from "#app/domain/site";
import type { ShellMessages } from "#app/messages/en";
import { partMessages } from "./messages.server";

type ShellKey = keyof ShellMessages;

const HEADER: readonly { to: string; label: ShellKey; end?: true }[] = [
  { to: "/", label: "home", end: true },
  { to: "/catalog", label: "products" },
  { to: "/about", label: "about" },
  { to: "/contact", label: "contact" },
  // Its own page, firmware, is a link of its own: Support is lit on /support alone.
  { to: "/support", label: "support", end: true },
  { to: SUPPORT_FIRMWARE_PATH, label: "firmware" },
];

const FOOTER: readonly { to: string; label: ShellKey }[] = [
  { to: NEWS_PATH, label: "news" },
  { to: SUPPORT_FIRMWARE_PATH, label: "firmware" },
  { to: "/privacy", label: "privacy" },
  { to: ACCESSIBILITY_PATH, label: "accessibility" },
];

/** Made once for each language's messages, signed in and not. */
const made = new WeakMap<ShellMessages, Record<"visitor" | "editor", SiteNavigation>>();

/**
 * The header's and the footer's links in the words of `messages` (in `language`): sent with the
 * root's data rather than written into the shell's script, whose first-load budget binds (decision
 * 087). A signed-in editor's header also leads to the dashboard and signs out, and the footer's Admin
 * leads to the dashboard rather than to sign-in; an anonymous visitor's page has none of their words.
 */
export function siteNavigation(messages: ShellMessages, language: string, signedIn: boolean): SiteNavigation {
  let both = made.get(messages);
  if (!both) {
    const editorWords = partMessages("editor", [language]).text;
    const linksOf = (editor: boolean): SiteNavigation => ({
      header: [
        ...HEADER.map(({ label, ...link }) => ({ ...link, label: messages[label] })),
        ...(editor ? [{ to: "/dashboard", label: editorWords.dashboard }] : []),
      ],
      footer: [
        ...FOOTER.map(({ label, ...link }) => ({ ...link, label: messages[label] })),
        { to: editor ? "/dashboard" : "/login", label: messages.admin },
      ],
      ...(editor ? { signOut: editorWords.signOut } : {}),
    });
    both = { visitor: linksOf(false), editor: linksOf(true) };
    made.set(messages, both);
  }
  return both[signedIn ? "editor" : "visitor"];
}

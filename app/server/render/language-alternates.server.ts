import type { OfferedLanguage } from "#app/domain/languages";
import type { AfterCanonical } from "./document-head.server";

/** What of the root's data the alternates are made from: app/root.tsx's loader. */
interface RootLanguages {
  publicUrl: string;
  base: string;
  languages: OfferedLanguage[];
}

function isRootLanguages(data: unknown): data is RootLanguages {
  return (
    typeof data === "object" &&
    data !== null &&
    "publicUrl" in data &&
    typeof data.publicUrl === "string" &&
    "base" in data &&
    typeof data.base === "string" &&
    "languages" in data &&
    Array.isArray(data.languages)
  );
}

function attribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/**
 * The page in each of the site's languages, and English as the one for every other (`x-default`), as
 * links after its canonical one (decision 086): made on the server from the canonical address, so that
 * no page's script carries them. None when English is the site's only language.
 */
export function languageAlternates(rootData: unknown): AfterCanonical | undefined {
  if (!isRootLanguages(rootData) || rootData.languages.length === 0) return undefined;
  const { base, languages } = rootData;
  const site = rootData.publicUrl.replace(/\/+$/, "");
  const own = site + base;
  return (canonical) => {
    if (!canonical.startsWith(`${own}/`)) return "";
    const path = canonical.slice(own.length);
    const link = (hreflang: string, href: string) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${attribute(href)}"/>`;
    return [
      ...languages.map((language) => link(language.tag, site + language.base + path)),
      link("x-default", site + path),
    ].join("");
  };
}

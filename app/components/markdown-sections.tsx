import { useId } from "react";
import type { Sectioned } from "#app/domain/markdown";
import { inline, Markdown } from "./firmware-release";

/**
 * The sections of an owner's text (`sectionsOf`), each a region named by its heading, an h2 under the
 * page's title. A module of its own: only the pages that show such a text load it.
 */
export function MarkdownSections({ sections, className }: { sections: Sectioned["sections"]; className: string }) {
  const id = useId();
  return sections.map((section, index) => (
    <section key={index} aria-labelledby={`${id}-${index}`} className={className}>
      <h2 id={`${id}-${index}`} className="text-xl font-semibold tracking-tight text-slate-900">
        {inline(section.heading)}
      </h2>
      <Markdown blocks={section.blocks} headingLevel={2} className="space-y-4 [&_li]:mt-2 [&_ul]:pl-6" />
    </section>
  ));
}

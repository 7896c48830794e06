import { Fragment, type ReactNode } from "react";
import { Link } from "./links";
import type { Block, Inline } from "#app/domain/markdown";
import { catalogProductPath } from "#app/domain/paths";
import type { FirmwareReleaseWords, ListedFirmwareRelease } from "#app/domain/firmware";
import { DayTime } from "./day-time";
import { FileName } from "./file-name";

/**
 * One release as visitors read it: version, channel, day, products, notes and the file with its
 * SHA-256, in its words' language; what its record says marked as the language it is in.
 */
export function FirmwareReleaseEntry({
  release,
  words,
  headingLevel,
  showProducts = true,
}: {
  release: ListedFirmwareRelease;
  words: FirmwareReleaseWords;
  headingLevel: 2 | 3;
  showProducts?: boolean;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const { content, separator } = words;
  return (
    <article id={`release-${release.id}`} className="scroll-mt-24 space-y-2" lang={words.lang} dir={words.dir}>
      <Heading className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        {words.heading[0]}
        {release.releaseVersion}
        {words.heading[1]}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            release.channel === "beta" ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"
          }`}
        >
          {words.channels[release.channel]}
        </span>
      </Heading>
      <p className="text-sm text-slate-600">
        {words.released[0]}
        <DayTime day={release.released} />
        {words.released[1]}
        {showProducts && release.products.length ? (
          <>
            {words.forProducts[0]}
            {release.products.map((product, index) => (
              <span key={product.id}>
                {index > 0 ? separator : ""}
                <Link to={catalogProductPath(product)} className="text-brand-700 underline">
                  {product.model}
                </Link>
              </span>
            ))}
            {words.forProducts[1]}
          </>
        ) : null}
      </p>
      {release.fixes?.length ? (
        <p className="text-sm text-slate-800">
          {words.fixes[0]}
          {release.fixes.map((advisory, index) => (
            <span key={advisory.id}>
              {index > 0 ? separator : ""}
              <Link to={advisory.path} className="text-brand-700 underline">
                {advisory.id}
              </Link>
            </span>
          ))}
          {words.fixes[1]}
        </p>
      ) : null}
      {release.notes.length ? (
        <div {...content}>
          <Markdown blocks={release.notes} headingLevel={headingLevel === 2 ? 3 : 4} />
        </div>
      ) : null}
      <p className="text-sm">
        <a href={release.file.url} className="font-semibold text-brand-700 underline">
          {words.download[0]}
          <FileName name={release.file.name} />
          {words.download[1]}
        </a>{" "}
        <span className="text-slate-600">({release.size})</span>
      </p>
      <p className="font-mono text-xs break-all text-slate-600">
        {words.checksum[0]}
        {release.file.sha256}
        {words.checksum[1]}
      </p>
      {release.sbom ? (
        <p className="text-sm">
          <a href={release.sbom.url} className="text-brand-700 underline">
            {words.sbom}
            <span className="sr-only">
              {words.sbomOf[0]}
              {release.file.name}
              {words.sbomOf[1]}
            </span>
          </a>{" "}
          <span className="text-slate-600">
            {words.sbomFormat[0]}
            {release.sbom.format}
            {words.sbomFormat[1]}
          </span>
        </p>
      ) : null}
    </article>
  );
}

export function inline(pieces: Inline[]): ReactNode[] {
  return pieces.map((piece, index) => {
    switch (piece.kind) {
      case "text":
        return <Fragment key={index}>{piece.text}</Fragment>;
      case "strong":
        return <strong key={index}>{inline(piece.children)}</strong>;
      case "emphasis":
        return <em key={index}>{inline(piece.children)}</em>;
      case "code":
        return (
          <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {piece.text}
          </code>
        );
      case "link":
        return (
          <a key={index} href={piece.href} rel="nofollow noopener noreferrer" className="text-brand-700 underline">
            {inline(piece.children)}
          </a>
        );
      case "break":
        return <br key={index} />;
    }
  });
}

/**
 * Release notes written in Markdown, read on the server (parseMarkdown: the parser stays out of the
 * page's scripts), as elements: whatever the text says, it is never HTML, and a link only ever opens
 * an http(s) address.
 */
export function Markdown({
  blocks,
  headingLevel = 3,
  className = "space-y-2 text-sm text-slate-800",
}: {
  blocks: Block[];
  headingLevel?: 2 | 3 | 4;
  /** The text's size and spacing: release notes' small print unless a page says otherwise. */
  className?: string;
}) {
  return (
    <div className={className}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "heading": {
            // The parser keeps the outline without gaps, its highest heading at level 1.
            const level = Math.min(6, headingLevel + block.level - 1);
            const Heading = `h${level}` as "h2" | "h3" | "h4" | "h5" | "h6";
            return (
              <Heading key={index} className="font-semibold text-slate-900">
                {inline(block.children)}
              </Heading>
            );
          }
          case "paragraph":
            return <p key={index}>{inline(block.children)}</p>;
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={index} className={`space-y-1 pl-5 ${block.ordered ? "list-decimal" : "list-disc"}`}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

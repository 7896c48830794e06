import { Link } from "./links";
import { CompareCheckbox } from "./compare-selection";
import { NdaaIcon } from "./ndaa";
import type { ImageView } from "#app/domain/catalog-views";
import { ResponsiveImage } from "./responsive-image";
import { catalogProductPath } from "#app/domain/paths";
import type { LifecycleStage } from "#app/domain/lifecycle-stages";
import { LifecycleBadge } from "./lifecycle-badge";
import { withValue, type LanguageAttributes, type PageWords } from "#app/domain/languages";

export interface ProductCardData {
  id: string;
  slug: string;
  model: string;
  /** "" for none. */
  name: string;
  description: string;
  ndaa: boolean;
  /** `alt`: the main image's description, "" for none. */
  image: Pick<ImageView, "fileId" | "url" | "width" | "height" | "alt">;
  /** Its first few typed values ("2.8–12 mm", "30 m (98 ft)"). */
  keySpecs?: string[];
  /** Which of `keySpecs` are written in the page's language, in another language than English (`ProductSummary`). */
  keySpecsInPageLanguage?: boolean[];
  /** Absent: active; the card says the others. */
  lifecycle?: Exclude<LifecycleStage, "active">;
  /** The language of its name and description where not the list's (`ProductSummary`); absent in English. */
  marks?: { name?: LanguageAttributes; description?: LanguageAttributes };
}

/**
 * A product summary (requirements §2 /catalog): model, NDAA icon when compliant, image, description,
 * 'View Details', in the words of the page's language (`words`); what the product's record says is
 * marked as the language it is in.
 */
export function ProductCard({
  product,
  priority = false,
  words: { text, content },
}: {
  product: ProductCardData;
  priority?: boolean;
  words: PageWords<"listing">;
}) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ResponsiveImage
        image={product.image}
        alt={product.image.alt || product.model}
        priority={priority}
        sizes="(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
        {...content}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span {...content}>{product.model}</span>
            {product.ndaa ? <NdaaIcon label={text.ndaa} /> : null}
          </h2>
          {product.name ? (
            <p className="text-sm font-medium text-slate-600" {...product.marks?.name}>
              {product.name}
            </p>
          ) : null}
          <LifecycleBadge stage={product.lifecycle} text={text} />
        </div>
        {product.keySpecs?.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={withValue(text.keySpecifications, product.model)}>
            {product.keySpecs.map((value, index) => (
              <li
                key={index}
                className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                // A choice's label is its record's English; numbers, Yes and No the page's (decision 087).
                {...(product.keySpecsInPageLanguage?.[index] ? undefined : content)}
              >
                {value}
              </li>
            ))}
          </ul>
        ) : null}
        {/* Not stretched itself: a clamped paragraph taller than its three lines would show the rest. */}
        <p className="line-clamp-3 text-sm text-slate-700" {...product.marks?.description}>
          {product.description}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <Link
            to={catalogProductPath(product)}
            className="inline-flex w-fit rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
            aria-label={withValue(text.viewDetailsLabel, product.model)}
          >
            {text.viewDetails}
          </Link>
          <CompareCheckbox id={product.id} model={product.model} label={text.compare} />
        </div>
      </div>
    </article>
  );
}

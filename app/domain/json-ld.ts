import { productTitle, type ProductLifecycle } from "./catalog-views";
import { LIFECYCLE_STAGE_NAMES } from "./lifecycle-stages";
import { absoluteUrl } from "./seo";
import { DEFAULT_SITE } from "./site";
import { catalogProductPath } from "./paths";
import { formatSpecValue, isRange, type ProductSpec } from "./spec-attributes";
import { unitInfo } from "./units";

// Structured data for product pages, apart from seo.ts: every page's meta needs seo.ts on first load,
// only a product page needs these.

export type JsonLdObject = { [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

export interface ProductForJsonLd {
  id: string;
  slug: string;
  model: string;
  /** "" for none. */
  name: string;
  description: string;
  category: { id: string; name: string };
  /** `alt`: the image's description, "" or absent for none. */
  image: { url: string; alt?: string };
  additionalImages?: readonly { url: string; alt?: string }[];
}

/**
 * schema.org `Product` for a product page. No offers, prices or ratings: the site sells nothing
 * directly, and made-up ones are worse for search than none.
 */
export function productJsonLd(
  product: ProductForJsonLd,
  publicUrl: string,
  brand: string = DEFAULT_SITE.companyName,
  /** Its typed values as `PropertyValue`s (`specPropertiesJsonLd`), made where the units are at hand. */
  properties: readonly JsonLdObject[] = [],
  /** The prefix of the page's language (`/de`): its address is the page's, its pictures have one. */
  base = "",
): JsonLdObject {
  // A described image goes as an ImageObject carrying its description; the rest as plain URLs, which
  // is all a search engine needs of them.
  const images = [product.image, ...(product.additionalImages ?? [])].map((image): JsonLdValue => {
    const url = absoluteUrl(publicUrl, image.url);
    return image.alt ? { "@type": "ImageObject", url, contentUrl: url, description: image.alt } : url;
  });
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    // Shoppers and search engines read both: the model they search by and what the product is.
    name: productTitle(product),
    model: product.model,
    description: product.description,
    sku: product.model,
    mpn: product.model,
    brand: { "@type": "Brand", name: brand },
    category: product.category.name,
    image: images,
    url: absoluteUrl(publicUrl, base + catalogProductPath(product)),
    ...(properties.length ? { additionalProperty: [...properties] } : {}),
  };
}

/**
 * A product's typed values (decision 070) as schema.org `PropertyValue`s: a number as its value, a
 * range as its minimum and maximum, each with its unit's UN/CEFACT code where it has one (and the
 * symbol as text), a choice as its labels, yes/no as true or false.
 */
export function specPropertiesJsonLd(specs: readonly ProductSpec[]): JsonLdObject[] {
  return specs.map(({ attribute, value }): JsonLdObject => {
    const property: JsonLdObject = { "@type": "PropertyValue", name: attribute.name };
    const unit = attribute.unit ? unitInfo(attribute.unit) : undefined;
    const units: JsonLdObject = unit ? { ...(unit.code ? { unitCode: unit.code } : {}), unitText: unit.symbol } : {};
    if (typeof value === "number") return { ...property, value, ...units };
    if (isRange(value)) {
      return value[0] === value[1]
        ? { ...property, value: value[0], ...units }
        : { ...property, minValue: value[0], maxValue: value[1], ...units };
    }
    if (typeof value === "boolean") return { ...property, value };
    return { ...property, value: formatSpecValue(attribute, value) };
  });
}

export interface Breadcrumb {
  name: string;
  path: string;
}

/** schema.org `BreadcrumbList`: the trail from the home page to this one, in order. */
export function breadcrumbJsonLd(items: readonly Breadcrumb[], publicUrl: string, base = ""): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, base + item.path),
    })),
  };
}

/**
 * JSON for inside a `<script>` element: `<`, `>` and `&` escaped so text such as `</script>` or
 * `<!--` in the data cannot end the element, and U+2028/U+2029 escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A retiring product's lifecycle (decision 072) as `PropertyValue`s: its stage, its days (ISO dates)
 * and its replacements' models; none for an active product.
 */
export function lifecyclePropertiesJsonLd(lifecycle: ProductLifecycle): JsonLdObject[] {
  if (lifecycle.stage === "active") return [];
  const property = (name: string, value: string | null): JsonLdObject[] =>
    value ? [{ "@type": "PropertyValue", name, value }] : [];
  return [
    ...property("Lifecycle", LIFECYCLE_STAGE_NAMES[lifecycle.stage]),
    ...property("End of sale", lifecycle.endOfSaleOn),
    ...property("Discontinued", lifecycle.discontinuedOn),
    ...property("Firmware updates until", lifecycle.firmwareUntil),
    ...property("Repairs until", lifecycle.repairsUntil),
    ...property("Replaced by", lifecycle.replacements.map((replacement) => replacement.model).join(", ") || null),
  ];
}

import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE } from "#app/domain/site";
import { serializeJsonLd, type JsonLdObject } from "#app/domain/json-ld";
import { rootSeoData } from "#app/domain/seo";

/**
 * Structured data for search engines: `<script type="application/ld+json">` carrying the page's CSP
 * nonce, with the JSON escaped so nothing in it can close the element.
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  const root = useRouteLoaderData<{ nonce?: string }>("root");
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce}
      // Browsers hide a nonce from the DOM once the page has loaded, so hydration sees it empty.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/**
 * `PUBLIC_URL` and the company name for building structured data in a component. Without root data
 * (an error page) links stay relative rather than wrong.
 */
export function useSeoContext(): { publicUrl: string; siteName: string } {
  const { publicUrl, siteName } = rootSeoData(useRouteLoaderData("root"));
  return { publicUrl: publicUrl ?? "", siteName: siteName ?? DEFAULT_SITE.companyName };
}

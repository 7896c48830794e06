import { useRouteLoaderData } from "react-router";

/**
 * Structured data for search engines: `<script type="application/ld+json">` carrying the page's CSP
 * nonce. `json` comes serialized from the loader (`serializeJsonLd`, which escapes it so nothing in it
 * can close the element): the code that builds it stays out of the page's scripts.
 */
export function JsonLd({ json }: { json: string }) {
  const root = useRouteLoaderData<{ nonce?: string }>("root");
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce}
      // Browsers hide a nonce from the DOM once the page has loaded, so hydration sees it empty.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "#app/domain/json-ld";
import { JsonLd } from "./json-ld";

function renderInRoot(element: () => React.ReactElement, rootData: unknown): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => null, Component: element }]);
  return renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { root: rootData } } }));
}

describe("JsonLd", () => {
  it("renders a JSON-LD script with the page's nonce, its data unable to close the element", () => {
    const data = { "@type": "Product", name: "</script><script>alert(1)</script>" };
    const html = renderInRoot(() => createElement(JsonLd, { json: serializeJsonLd(data) }), { nonce: "n0nce" });
    const match = /^<script type="application\/ld\+json" nonce="n0nce">(.*)<\/script>$/s.exec(html);
    expect(match, html).not.toBeNull();
    expect(match?.[1]).not.toContain("<");
    expect(JSON.parse(match?.[1] ?? "")).toEqual(data);
  });
});

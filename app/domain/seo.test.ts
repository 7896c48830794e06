import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from "./json-ld";
import { absoluteUrl, robotsTxt, seoContext, seoMeta, sitemapXml, summarize } from "./seo";

const PUBLIC_URL = "https://cams.example";
const PRODUCT_ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const CATEGORY_ID = "0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10";

describe("absoluteUrl", () => {
  it("joins the public URL and a path with exactly one slash", () => {
    expect(absoluteUrl(PUBLIC_URL, "/catalog")).toBe("https://cams.example/catalog");
    expect(absoluteUrl(`${PUBLIC_URL}/`, "catalog")).toBe("https://cams.example/catalog");
    expect(absoluteUrl(PUBLIC_URL, "/")).toBe("https://cams.example/");
  });

  it("leaves URLs that are absolute already alone", () => {
    expect(absoluteUrl(PUBLIC_URL, "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });
});

describe("summarize", () => {
  it("keeps short text, with its white space collapsed", () => {
    expect(summarize("  A dome\n camera.  ")).toBe("A dome camera.");
  });

  it("cuts long text at a word boundary within the limit and marks the cut", () => {
    const text = `${"Starlight sensor with AI detection ".repeat(10)}end`;
    const summary = summarize(text);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith("…")).toBe(true);
    expect(text.startsWith(summary.slice(0, -1))).toBe(true);
    expect(text.charAt(summary.length - 1)).toBe(" ");
  });
});

describe("seoMeta", () => {
  it("gives title, description, canonical link and Open Graph and Twitter tags with absolute URLs", () => {
    const meta = seoMeta({
      title: "VNT-D4M-AI28",
      description: "A 4 MP dome camera.",
      path: `/catalog/products/${PRODUCT_ID}`,
      image: `/files/${PRODUCT_ID}/front.jpg`,
      imageAlt: "VNT-D4M-AI28",
      type: "product",
      publicUrl: PUBLIC_URL,
      siteName: "Vantage",
    });
    const url = `${PUBLIC_URL}/catalog/products/${PRODUCT_ID}`;
    expect(meta).toEqual([
      { title: "VNT-D4M-AI28 | Vantage" },
      { name: "description", content: "A 4 MP dome camera." },
      { property: "og:site_name", content: "Vantage" },
      { property: "og:type", content: "product" },
      { property: "og:title", content: "VNT-D4M-AI28" },
      { property: "og:description", content: "A 4 MP dome camera." },
      { name: "twitter:card", content: "summary_large_image" },
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
      { property: "og:image", content: `${PUBLIC_URL}/files/${PRODUCT_ID}/front.jpg` },
      { property: "og:image:alt", content: "VNT-D4M-AI28" },
    ]);
  });

  it("defaults to a website with the built-in site name and a small card when there is no image", () => {
    const meta = seoMeta({ title: "About", description: "Who we are.", path: "/about", publicUrl: PUBLIC_URL });
    expect(meta).toContainEqual({ title: "About | Vantage" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${PUBLIC_URL}/about` });
    expect(meta.some((descriptor) => "property" in descriptor && descriptor.property === "og:image")).toBe(false);
  });

  it("keeps a filtered view out of search results, its canonical link naming the page itself", () => {
    const input = { title: "Support", description: "Files.", path: "/support", publicUrl: PUBLIC_URL };
    const filtered = seoMeta({ ...input, noindex: true });
    expect(filtered).toContainEqual({ name: "robots", content: "noindex" });
    expect(filtered).toContainEqual({ tagName: "link", rel: "canonical", href: `${PUBLIC_URL}/support` });
    expect(JSON.stringify(seoMeta(input))).not.toContain("robots");
  });

  it("shortens a long description to what search engines show", () => {
    const meta = seoMeta({ title: "X", description: "word ".repeat(100), path: "/x", publicUrl: PUBLIC_URL });
    const description = meta.find((descriptor) => "name" in descriptor && descriptor.name === "description");
    expect(String((description as { content: string }).content).length).toBeLessThanOrEqual(160);
  });

  it("leaves out the tags that need absolute URLs when the public URL is unknown", () => {
    const meta = seoMeta({ title: "X", description: "Y", path: "/x", image: "/a.png", publicUrl: undefined });
    expect(JSON.stringify(meta)).not.toMatch(/canonical|og:url|og:image/);
    expect(meta).toContainEqual({ title: "X | Vantage" });
  });
});

describe("seoContext", () => {
  it("reads the public URL and company name from the root match", () => {
    const matches = [
      { id: "root", loaderData: { publicUrl: PUBLIC_URL, settings: { companyName: "Acme Vision" }, nonce: "n" } },
      { id: "routes/about", loaderData: undefined },
    ];
    expect(seoContext(matches)).toEqual({ publicUrl: PUBLIC_URL, siteName: "Acme Vision" });
  });

  it("gives nothing when the root has no data (an error page)", () => {
    expect(seoContext([{ id: "root", loaderData: undefined }, undefined])).toEqual({
      publicUrl: undefined,
      siteName: undefined,
    });
  });
});

describe("productJsonLd", () => {
  it("describes the product with absolute image URLs and no invented offers or ratings", () => {
    const data = productJsonLd(
      {
        id: PRODUCT_ID,
        slug: "vnt-d4m-ai28",
        model: "VNT-D4M-AI28",
        name: "4MP Starlight AI Dome Camera",
        description: "A 4 MP dome camera.",
        category: { id: CATEGORY_ID, name: "Dome Cameras" },
        image: { url: "/files/a/front.jpg" },
        additionalImages: [{ url: "/files/b/night.jpg" }],
      },
      PUBLIC_URL,
      "Vantage",
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "VNT-D4M-AI28 4MP Starlight AI Dome Camera",
      model: "VNT-D4M-AI28",
      description: "A 4 MP dome camera.",
      sku: "VNT-D4M-AI28",
      mpn: "VNT-D4M-AI28",
      brand: { "@type": "Brand", name: "Vantage" },
      category: "Dome Cameras",
      image: [`${PUBLIC_URL}/files/a/front.jpg`, `${PUBLIC_URL}/files/b/night.jpg`],
      url: `${PUBLIC_URL}/catalog/products/vnt-d4m-ai28`,
    });
  });

  it("gives a described image as an ImageObject with its description", () => {
    const data = productJsonLd(
      {
        id: PRODUCT_ID,
        slug: "vnt-d4m-ai28",
        model: "VNT-D4M-AI28",
        name: "",
        description: "A 4 MP dome camera.",
        category: { id: CATEGORY_ID, name: "Dome Cameras" },
        image: { url: "/files/a/front.jpg", alt: "White dome camera seen from the front" },
        additionalImages: [{ url: "/files/b/night.jpg", alt: "" }],
      },
      PUBLIC_URL,
    );
    // Without a name, the model is all it is called.
    expect(data.name).toBe("VNT-D4M-AI28");
    expect(data.image).toEqual([
      {
        "@type": "ImageObject",
        url: `${PUBLIC_URL}/files/a/front.jpg`,
        contentUrl: `${PUBLIC_URL}/files/a/front.jpg`,
        description: "White dome camera seen from the front",
      },
      `${PUBLIC_URL}/files/b/night.jpg`,
    ]);
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the trail from 1 with absolute URLs", () => {
    const data = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Dome Cameras", path: `/catalog/categories/${CATEGORY_ID}` },
        { name: "VNT-D4M-AI28", path: `/catalog/products/${PRODUCT_ID}` },
      ],
      PUBLIC_URL,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${PUBLIC_URL}/` },
        {
          "@type": "ListItem",
          position: 2,
          name: "Dome Cameras",
          item: `${PUBLIC_URL}/catalog/categories/${CATEGORY_ID}`,
        },
        {
          "@type": "ListItem",
          position: 3,
          name: "VNT-D4M-AI28",
          item: `${PUBLIC_URL}/catalog/products/${PRODUCT_ID}`,
        },
      ],
    });
  });
});

describe("serializeJsonLd", () => {
  it("escapes what could end a script element, and still parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script>", note: "<!-- & \u2028 \u2029 >" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("robotsTxt", () => {
  it("allows the public site, keeps crawlers out of admin and per-visitor pages, and names the sitemap", () => {
    const lines = robotsTxt(PUBLIC_URL).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dashboard", "/login", "/forgot", "/reset-password", "/search", "/uploads", "/events"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("keeps crawlers out of the same pages under every other language's prefix", () => {
    const lines = robotsTxt(PUBLIC_URL, ["/de", "/de-ch"]).split("\n");
    for (const path of ["/dashboard", "/login", "/search"]) {
      for (const base of ["", "/de", "/de-ch"]) expect(lines).toContain(`Disallow: ${base}${path}`);
    }
    expect(lines).not.toContain("Disallow: /de/catalog");
  });
});

describe("sitemapXml", () => {
  it("lists absolute, XML-escaped URLs with their last change", () => {
    const xml = sitemapXml(
      [{ path: "/" }, { path: "/search?q=a&b=<c>" }, { path: "/x", lastModified: new Date("2026-03-01T10:00:00Z") }],
      PUBLIC_URL,
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/</loc></url>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/search?q=a&amp;b=&lt;c&gt;</loc>`);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/x</loc><lastmod>2026-03-01T10:00:00.000Z</lastmod></url>`);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });
});

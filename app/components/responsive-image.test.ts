import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "./responsive-image";

const FILE_ID = "0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10";
const URL = `/files/${FILE_ID}/front.jpg`;

/** The `<img>` element's attributes, names in lower case as HTML treats them. */
function render(props: Parameters<typeof ResponsiveImage>[0]): Record<string, string> {
  const html = renderToStaticMarkup(createElement(ResponsiveImage, props));
  const img = /<img [^>]*>/.exec(html)?.[0] ?? "";
  const attributes: Record<string, string> = {};
  for (const match of img.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g))
    attributes[(match[1] ?? "").toLowerCase()] = match[2] ?? "";
  return attributes;
}

describe("ResponsiveImage", () => {
  it("offers WebP variants up to the original's width, keeps the original as src and sets its size", () => {
    const attributes = render({
      image: { fileId: FILE_ID, url: URL, width: 800, height: 600 },
      alt: "VNT-D4M-AI28",
      sizes: "(min-width: 640px) 45vw, 100vw",
    });
    expect(attributes).toMatchObject({
      src: URL,
      srcset: [320, 480, 640]
        .map((width) => `/images/${FILE_ID}/${width}.webp ${width}w`)
        .concat(`/images/${FILE_ID}/960.webp 800w`)
        .join(", "),
      sizes: "(min-width: 640px) 45vw, 100vw",
      width: "800",
      height: "600",
      alt: "VNT-D4M-AI28",
      loading: "lazy",
      decoding: "async",
    });
  });

  it("loads an image above the fold at once and with high priority", () => {
    const image = { fileId: FILE_ID, url: URL, width: 800, height: 600 };
    const attributes = render({ image, alt: "", priority: true });
    expect(attributes).toMatchObject({ loading: "eager", fetchpriority: "high", sizes: "100vw" });
    // React hoists a preload of the same candidates into the head, so the download starts early.
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { image, alt: "", priority: true }));
    expect(html).toContain(`<link rel="preload" as="image" imageSrcSet="${attributes.srcset}"`);
  });

  it("shows only the original when no variant can be made of it", () => {
    const attributes = render({ image: { fileId: FILE_ID, url: URL, width: null, height: null }, alt: "x" });
    expect(attributes.src).toBe(URL);
    expect(attributes.srcset).toBeUndefined();
    expect(attributes.sizes).toBeUndefined();
    expect(attributes.width).toBeUndefined();
  });

  it("serves a slot of a fixed shape its cut variants, declares the cut's size and falls back to the largest cut", () => {
    const attributes = render({
      image: { fileId: FILE_ID, url: URL, width: 900, height: 1200 },
      alt: "",
      crop: "16x9",
    });
    expect(attributes).toMatchObject({
      src: `/images/${FILE_ID}/16x9/960.webp`,
      srcset: [320, 480, 640]
        .map((width) => `/images/${FILE_ID}/16x9/${width}.webp ${width}w`)
        .concat(`/images/${FILE_ID}/16x9/960.webp 900w`)
        .join(", "),
      width: "900",
      height: "506",
    });
  });

  it("still declares the slot's shape for an original too large to cut on the server", () => {
    const attributes = render({
      image: { fileId: FILE_ID, url: URL, width: 8000, height: 8000 },
      alt: "",
      crop: "4x3",
    });
    expect(attributes).toMatchObject({ src: URL, width: "8000", height: "6000" });
    expect(attributes.srcset).toBeUndefined();
  });
});

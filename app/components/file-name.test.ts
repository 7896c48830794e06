import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FileName } from "./file-name";

describe("FileName", () => {
  it("puts a <wbr>, hidden from assistive technology, at each wrap point and escapes the name", () => {
    expect(renderToStaticMarkup(createElement(FileName, { name: "VmsClient_<Setup>.exe" }))).toBe(
      '<span class="wrap-anywhere">Vms<wbr aria-hidden="true"/>Client_<wbr aria-hidden="true"/>&lt;Setup&gt;.exe</span>',
    );
  });

  it("renders a name without wrap points as it is", () => {
    expect(renderToStaticMarkup(createElement(FileName, { name: "README", className: "font-mono" }))).toBe(
      '<span class="wrap-anywhere font-mono">README</span>',
    );
  });
});

import { plainSlug } from "../support/addresses";
import { PDFParse } from "pdf-parse";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { openDemoProduct } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "datasheet", serverEnv: { DEMO_DATA: "1" } });

/** The words of a PDF, read back with a PDF text extractor (pdf.js). */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test("a product's datasheet is a PDF made from its data, made again when the product changes", async ({
  page,
  login,
  site,
}) => {
  await login();
  const model = DEMO_KNOWN_MODELS.withSpecsTable;
  const id = await openDemoProduct(page, model);
  await page.goto(`/catalog/products/${id}`);
  await hydrated(page);
  // A value of the specifications table, as the product page shows it.
  const specValue = (
    await page
      .getByRole("table", { name: `${model} specification table` })
      .locator("tbody tr")
      .first()
      .locator("td")
      .first()
      .innerText()
  ).trim();
  expect(specValue).not.toBe("");
  const link = page.getByRole("link", { name: `Download datasheet of ${model} (PDF)` });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toBe(`/catalog/products/${plainSlug(model)}/datasheet.pdf`);

  const response = await fetch(`${site.url}${href}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toContain(`${model}-datasheet.pdf`);
  const etag = response.headers.get("etag") ?? "";
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(bytes);
  expect(text).toContain(model);
  expect(text).toContain(specValue);
  expect(text).toContain("NDAA");
  expect(text).toContain("info@vantage.example");

  // Unchanged: the same datasheet, not made again.
  const again = await fetch(`${site.url}${href}`, { headers: { "If-None-Match": etag } });
  expect(again.status).toBe(304);

  // The product changes: the next datasheet says so.
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await page.getByLabel("Description", { exact: true }).first().fill("Now with a datasheet made from this very text.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  const changed = await fetch(`${site.url}${href}`, { headers: { "If-None-Match": etag } });
  expect(changed.status).toBe(200);
  expect(changed.headers.get("etag")).not.toBe(etag);
  expect(await pdfText(Buffer.from(await changed.arrayBuffer()))).toContain(
    "Now with a datasheet made from this very text.",
  );

  // A product visitors cannot see has none.
  expect((await fetch(`${site.url}/catalog/products/00000000-0000-4000-8000-000000000000/datasheet.pdf`)).status).toBe(
    404,
  );
});

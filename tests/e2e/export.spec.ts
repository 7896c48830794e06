import fs from "node:fs";
import * as XLSX from "xlsx";
import { CATALOG_COLUMNS as EXPORT_COLUMNS } from "../../app/domain/catalog-sheet";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "export", serverEnv: { DEMO_DATA: "1" } });

test("the product list exports every product as CSV and Excel; visitors get neither", async ({ page, login, site }) => {
  await login();
  // The summary counts every product.
  const counts = await page.getByTestId("catalog-counts").innerText();
  const total = Number(/(\d+) products?/.exec(counts)?.[1]);
  expect(total).toBeGreaterThan(20);
  await page.goto("/dashboard/products/");
  await hydrated(page);

  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export all as CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^vantage-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await csvDownload.path()) ?? "", "utf8");
  // The fixed columns, then one a specification attribute, its unit in its header.
  expect(csv.startsWith(`\uFEFF${EXPORT_COLUMNS.join(",")},`)).toBe(true);
  expect(csv).toContain(DEMO_KNOWN_MODELS.dome);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export all as Excel" }).click(),
  ]);
  const book = XLSX.read(fs.readFileSync((await xlsxDownload.path()) ?? ""), { type: "buffer" });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Products ?? {}, { header: 1, raw: false, defval: "" });
  const header = rows[0] ?? [];
  expect(header.slice(0, EXPORT_COLUMNS.length)).toEqual([...EXPORT_COLUMNS]);
  expect(header.slice(EXPORT_COLUMNS.length)).toEqual(expect.arrayContaining(["Focal length (mm)", "IP rating"]));
  const varifocal = rows.find((row) => row[0] === "VNT-D4M-AIZ");
  expect(varifocal?.[header.indexOf("Focal length (mm)")]).toBe("2.8\u201312");
  expect(rows).toHaveLength(total + 1);
  const withTable = rows.find((row) => row[0] === DEMO_KNOWN_MODELS.withSpecsTable);
  expect(withTable?.[EXPORT_COLUMNS.indexOf("Specifications table")]).toContain(" | ");

  for (const path of ["/dashboard/products/export.csv", "/dashboard/products/export.xlsx"]) {
    const anonymous = await fetch(`${site.url}${path}`, { redirect: "manual" });
    expect([302, 303], path).toContain(anonymous.status);
    expect(anonymous.headers.get("location") ?? "", path).toMatch(/^\/login\b/);
  }
});

import fs from "node:fs";
import { CATALOG_COLUMNS, IMPORT_MESSAGES } from "../../app/domain/catalog-sheet";
import { csvLine, parseCsv } from "../../app/server/platform/csv.server";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "import", serverEnv: { DEMO_DATA: "1" } });

const column = (name: (typeof CATALOG_COLUMNS)[number]) => CATALOG_COLUMNS.indexOf(name);

/** A sheet in the test's own output folder, which Playwright empties at the start of each run. */
function writeSheet(rows: string[][], name: string): string {
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, rows.map((row) => csvLine(row)).join(""));
  return file;
}

test("export, edit three rows, check shows exactly those updates, apply shows them on the site", async ({
  page,
  login,
  browser,
  site,
}) => {
  await login();
  const exported = await page.request.get("/dashboard/products/export.csv");
  const rows = parseCsv(await exported.text(), 10_001);
  const edits = new Map<string, { column: (typeof CATALOG_COLUMNS)[number]; value: string }>([
    [DEMO_KNOWN_MODELS.dome, { column: "Description", value: "Edited in a spreadsheet: the sharpest dome we make." }],
    [DEMO_KNOWN_MODELS.bullet, { column: "Description", value: "Edited in a spreadsheet: a bullet for long drives." }],
    [DEMO_KNOWN_MODELS.notNdaa, { column: "NDAA compliant", value: "Yes" }],
  ]);
  for (const row of rows) {
    const edit = edits.get(row[0] ?? "");
    if (edit) row[column(edit.column)] = edit.value;
  }
  const unchanged = rows.length - 1 - edits.size;

  await page.goto("/dashboard/products/");
  await page.getByRole("link", { name: "Import from a spreadsheet" }).click();
  await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Spreadsheet (.csv, .xlsx or .xls)").setInputFiles(writeSheet(rows, "catalog.csv"));
  await expect(page.getByText("catalog.csv uploaded")).toBeAttached();
  await page.getByRole("button", { name: "Check file" }).click();

  const preview = page.getByRole("region", { name: "Preview" });
  await expect(
    preview.getByText(`0 to create, 3 to update, ${unchanged} unchanged, 0 rows with errors.`),
  ).toBeVisible();
  const listed = preview.getByRole("table").getByRole("row");
  await expect(listed).toHaveCount(4);
  await expect(preview.locator('tr[data-outcome="update"]')).toHaveCount(3);
  for (const [model, edit] of edits) {
    const row = preview.getByRole("row").filter({ hasText: model });
    await expect(row).toContainText("Update");
    await expect(row).toContainText(`Changes: ${edit.column}`);
  }
  await expectNoA11yViolations(page);

  const posted = await capturePost(page, () => page.getByRole("button", { name: "Apply: 3 products" }).click());
  await expect(page.getByText(`Imported: 0 created, 3 updated, ${unchanged} unchanged.`)).toBeVisible();
  // The files have served: the controls are empty for the next import.
  await expect(page.getByText("catalog.csv uploaded")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Check file" })).toBeDisabled();
  await expectAnonymousReplayRefused(site.url, posted);

  const visitor = await (await browser.newContext({ baseURL: site.url })).newPage();
  for (const model of [DEMO_KNOWN_MODELS.dome, DEMO_KNOWN_MODELS.bullet]) {
    await visitor.goto(`/search?q=${encodeURIComponent(model)}`);
    await visitor
      .getByRole("link", { name: new RegExp(model) })
      .first()
      .click();
    await expect(visitor.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect(visitor.getByText(edits.get(model)?.value ?? "")).toBeVisible();
  }
  await visitor.goto(`/search?q=${encodeURIComponent(DEMO_KNOWN_MODELS.notNdaa)}`);
  await visitor
    .getByRole("link", { name: new RegExp(DEMO_KNOWN_MODELS.notNdaa) })
    .first()
    .click();
  await expect(visitor.getByRole("heading", { level: 1, name: DEMO_KNOWN_MODELS.notNdaa })).toBeVisible();
  await expect(visitor.getByText("NDAA-compliant").first()).toBeVisible();
  await visitor.context().close();
});

test("a sheet with bad rows lists each reason and offers no Apply; a file that is no sheet is refused", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/dashboard/products/import");
  await hydrated(page);
  const header = ["Model", "Category", "Features"];
  await page
    .getByLabel("Spreadsheet (.csv, .xlsx or .xls)")
    .setInputFiles(
      writeSheet([header, [DEMO_KNOWN_MODELS.dome, "Turrets", ""], [DEMO_KNOWN_MODELS.bullet, "", "Laser"]], "bad.csv"),
    );
  await expect(page.getByText("bad.csv uploaded")).toBeAttached();
  await page.getByRole("button", { name: "Check file" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("alert").filter({ hasText: IMPORT_MESSAGES.hasErrors })).toBeVisible();
  await expect(preview.getByRole("row").filter({ hasText: DEMO_KNOWN_MODELS.dome })).toContainText(
    IMPORT_MESSAGES.unknownCategory("Turrets"),
  );
  await expect(preview.getByRole("row").filter({ hasText: DEMO_KNOWN_MODELS.bullet })).toContainText(
    /has no feature "Laser"/,
  );
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);

  await page
    .getByLabel("Spreadsheet (.csv, .xlsx or .xls)")
    .setInputFiles(writeSheet([["Colour"], ["Red"]], "odd.csv"));
  await expect(page.getByText("odd.csv uploaded")).toBeAttached();
  await expect(preview).toHaveCount(0);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByText(IMPORT_MESSAGES.unknownColumn("Colour"))).toBeVisible();
});

test("an old export over newer edits: the changed row waits for the admin's word, never reverts it unasked", async ({
  page,
  login,
}) => {
  await login();
  const model = DEMO_KNOWN_MODELS.fisheye;
  const oldExport = parseCsv(await (await page.request.get("/dashboard/products/export.csv")).text(), 10_001);
  const rowOf = (rows: string[][]) => rows.find((row) => row[0] === model) ?? [];
  const importSheet = async (rows: string[][], name: string) => {
    await page.goto("/dashboard/products/import");
    await hydrated(page);
    await page.getByLabel("Spreadsheet (.csv, .xlsx or .xls)").setInputFiles(writeSheet(rows, name));
    await expect(page.getByText(`${name} uploaded`)).toBeAttached();
    await page.getByRole("button", { name: "Check file" }).click();
    return page.getByRole("region", { name: "Preview" });
  };

  // Someone saves a newer description after the export was taken.
  const newer = parseCsv(await (await page.request.get("/dashboard/products/export.csv")).text(), 10_001);
  rowOf(newer)[column("Description")] = "The newer description, saved after the export.";
  await (await importSheet(newer, "newer.csv")).getByRole("button", { name: "Apply: 1 product" }).click();
  await expect(page.getByText("Imported: 0 created, 1 updated,")).toBeVisible();

  // The old export comes back with an edit of its own to that product.
  const ndaa = rowOf(oldExport)[column("NDAA compliant")];
  rowOf(oldExport)[column("NDAA compliant")] = ndaa === "Yes" ? "No" : "Yes";
  const preview = await importSheet(oldExport, "old.csv");
  const unchanged = oldExport.length - 2;
  await expect(
    preview.getByText(
      `0 to create, 0 to update, ${unchanged} unchanged, 1 changed since the export, 0 rows with errors.`,
    ),
  ).toBeVisible();
  const row = preview.getByRole("row").filter({ hasText: model });
  await expect(row).toContainText("Changed since the export");
  await expect(row).toContainText("applying this row would undo those changes");
  await expect(row).toContainText("The file would change: Description, NDAA compliant");
  await expect(preview.getByText(IMPORT_MESSAGES.hasConflicts)).toBeVisible();
  await expectNoA11yViolations(page);

  // Apply asks for a choice first: the browser will not send the form without one.
  const keep = row.getByRole("radio", { name: "Keep the catalog's version" });
  await preview.getByRole("button", { name: "Apply the choices" }).click();
  expect(await keep.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page.getByText(/^Imported:/)).toHaveCount(0);

  await keep.check();
  await preview.getByRole("button", { name: "Apply the choices" }).click();
  await expect(page.getByText(`Imported: 0 created, 0 updated, ${unchanged + 1} unchanged.`)).toBeVisible();
  const after = parseCsv(await (await page.request.get("/dashboard/products/export.csv")).text(), 10_001);
  expect(rowOf(after)[column("Description")]).toBe("The newer description, saved after the export.");
  expect(rowOf(after)[column("NDAA compliant")]).toBe(ndaa);
});

import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, liveConnected, test, productCards } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "attributes" });

test("an editor builds the library of specification attributes: each type, a history, a delete undone", async ({
  page,
  login,
  site,
}) => {
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Specifications" }).click();
  await expect(page.getByRole("heading", { name: "Specification attributes" })).toBeVisible();
  await expect(page.getByText("No specification attributes yet.")).toBeVisible();

  // A range in millimetres.
  await page.getByRole("link", { name: "New attribute" }).click();
  await hydrated(page);
  await page.getByLabel("Name").fill("Focal length");
  await page.getByLabel("Group").fill("Lens");
  await page.getByLabel("Type").selectOption({ label: "Range (from\u2013to)" });
  await page.getByLabel("Unit").selectOption("mm");
  await page.getByLabel("Decimals").fill("1");
  // What the coverage calculator reads from it: a resolution is no range of millimetres.
  await page.getByLabel("Coverage calculator").selectOption({ label: "Horizontal resolution" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Horizontal resolution is read from a number in px")).toBeVisible();
  await page.getByLabel("Coverage calculator").selectOption({ label: "Focal length" });
  await expectNoA11yViolations(page);
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expect(
    page.getByRole("status").filter({ hasText: "Attribute Focal length created successfully." }),
  ).toBeVisible();
  await expectAnonymousReplayRefused(site.url, posted);

  // A choice of several values: the values' list appears with the type, and an empty one is refused.
  await page.getByRole("link", { name: "Add another attribute" }).click();
  await hydrated(page);
  await page.getByLabel("Name").fill("Video compression");
  await page.getByLabel("Group").fill("Video");
  await page.getByLabel("Type").selectOption({ label: "Choice" });
  await expect(page.getByLabel("Unit")).toHaveCount(0);
  await page.getByRole("button", { name: "Add value" }).click();
  await expect(page.getByRole("textbox", { name: "Value 1" })).toBeFocused();
  await page.getByRole("textbox", { name: "Value 1" }).fill("H.264");
  await page.getByRole("button", { name: "Add value" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("No empty values")).toBeVisible();
  await page.getByRole("textbox", { name: "Value 2" }).fill("H.265");
  await page.getByLabel("A product can have several of these values").check();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Attribute Video compression created successfully." }),
  ).toBeVisible();

  // The list groups them, Lens before Video, each saying what its values are.
  await page.goto("/dashboard/attributes");
  const lens = page.getByRole("region", { name: "Lens" });
  await expect(lens.getByRole("listitem")).toHaveText(["Focal lengthRange (from\u2013to) in mm"]);
  await expect(page.getByRole("region", { name: "Video" }).getByRole("listitem")).toHaveText([
    "Video compressionSeveral of H.264, H.265",
  ]);
  await expectNoA11yViolations(page);

  // A second name in another letter case is refused beside the field.
  await page.goto("/dashboard/attributes/new");
  await hydrated(page);
  await page.getByLabel("Name").fill("FOCAL LENGTH");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText('An attribute named "FOCAL LENGTH" already exists')).toBeVisible();

  // An edit, its History, and a delete undone.
  await page.goto("/dashboard/attributes");
  await page.getByRole("link", { name: "Focal length" }).click();
  await hydrated(page);
  await page.getByLabel("Name").fill("Focal range");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Attribute Focal range saved." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit Focal range" })).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByText("Focal length", { exact: true }).first()).toBeVisible();
  await page.goBack();
  await hydrated(page);
  await page.getByRole("button", { name: "Delete Focal range" }).click();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page.getByRole("heading", { name: "Specification attribute deleted" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Attribute restored." })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Focal range");
  await page.goto("/dashboard/attributes");
  await expect(page.getByRole("link", { name: "Focal range" })).toBeVisible();
});

/** Fills in and saves the new-product form for a camera of "Thermal cameras" with a picture. */
async function newThermalCamera(page: Page, model: string, background: string, values: Record<string, string>) {
  await page.goto("/dashboard/products/new");
  await hydrated(page);
  await page.getByLabel("Category").selectOption({ label: "Thermal cameras" });
  await page.getByLabel("Model").fill(model);
  await page.getByLabel("Description", { exact: true }).fill(`The ${model}`);
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: `${model}.png`, mimeType: "image/png", buffer: picture });
  await expect(
    page.locator("[data-upload-state]").filter({ has: page.getByLabel("Image", { exact: true }) }),
  ).toHaveAttribute("data-upload-state", "done");
  const fields = page.getByRole("group", { name: "Specification values" });
  for (const [label, value] of Object.entries(values)) await fields.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Submit" }).click();
  return fields;
}

test("a category takes attributes, the product form asks for their values, and the product's page shows them", async ({
  page,
  login,
}) => {
  await login();
  // A number in metres beside the library's range and choice.
  await page.goto("/dashboard/attributes/new");
  await hydrated(page);
  await page.getByLabel("Name").fill("IR range");
  await page.getByLabel("Group").fill("Image");
  await page.getByLabel("Unit").selectOption("m");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Attribute IR range created successfully." })).toBeVisible();

  // The category chooses them, in its order: the focal range required, the IR range a filter.
  await page.goto("/dashboard/categories/new");
  await hydrated(page);
  await page.getByLabel("Name").fill("Thermal cameras");
  const attributes = page.getByRole("group", { name: "Specification attributes" });
  await attributes.getByLabel("Attribute to add").selectOption({ label: "IR range (Image)" });
  await attributes.getByRole("button", { name: "Add attribute" }).click();
  await attributes.getByLabel("Attribute to add").selectOption({ label: "Focal range (Lens)" });
  await attributes.getByRole("button", { name: "Add attribute" }).click();
  await attributes.getByRole("button", { name: "Move up Focal range" }).click();
  await attributes.getByLabel("Required (Focal range)").check();
  await attributes.getByLabel("Filter (IR range)").check();
  await expect(attributes.getByRole("listitem")).toHaveText([/^Focal range/, /^IR range/]);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page.getByRole("list", { name: "Specification attributes" }).getByRole("listitem")).toHaveText([
    "Focal range (required)",
    "IR range (filter)",
  ]);

  // The product form shows a field an attribute; the required one missing and a wrong unit are refused.
  const values = await newThermalCamera(page, "VNT-T1", "#336699", { "IR range (m)": "30 kg" });
  // Each group of values is a group of the form's, named by it.
  await expect(values.getByRole("group", { name: "Lens" }).getByLabel("Focal range (mm) (required)")).toBeVisible();
  await expect(values.getByRole("group", { name: "Image" })).toBeVisible();
  await expect(values.getByText("Focal range required")).toBeVisible();
  await expect(values.getByText("Enter a number in m (or mm, ft, in)")).toBeVisible();
  await expect(values.getByLabel("IR range (m)")).toHaveAttribute("aria-invalid", "true");
  await values.getByLabel("Focal range (mm) (required)").fill("2.8-12 mm");
  await values.getByLabel("IR range (m)").fill("98 ft");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "created successfully." })).toBeVisible();

  // Its page: the values in their groups, feet beside metres.
  await page.goto("/catalog/products/vnt-t1");
  const table = page.getByRole("table", { name: "VNT-T1 specifications" });
  await expect(table.getByRole("row")).toHaveText([
    "Lens",
    "Focal range2.8\u201312 mm",
    "Image",
    "IR range30 m (98 ft)",
  ]);
  // Search engines read them too, with their units' codes.
  const structured = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "[]",
  );
  const product = (Array.isArray(structured) ? structured : [structured]).find((item) => item["@type"] === "Product");
  expect(product?.additionalProperty).toEqual([
    { "@type": "PropertyValue", name: "Focal range", minValue: 2.8, maxValue: 12, unitCode: "MMT", unitText: "mm" },
    { "@type": "PropertyValue", name: "IR range", value: 30, unitCode: "MTR", unitText: "m" },
  ]);
  await expectNoA11yViolations(page);
});

test("a category page filters and sorts by values, without scripts too, and offers a new filter live", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  // A second camera, with a shorter IR range and a fixed lens.
  await newThermalCamera(page, "VNT-T2", "#663399", { "Focal range (mm) (required)": "4", "IR range (m)": "10" });
  await expect(page.getByRole("status").filter({ hasText: "created successfully." })).toBeVisible();

  // The visitor's page: the IR range filter with what the products hold; cards with their values.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/catalog/categories/thermal-cameras");
  await hydrated(visitor);
  await liveConnected(visitor);
  const filters = visitor.getByRole("form", { name: "Filters" });
  const ir = filters.getByRole("group", { name: "IR range (m)" });
  await expect(ir.getByText("Values 10\u201330 m (33\u201398 ft)")).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Key specifications of VNT-T2" })).toHaveText("4 mm10 m (33 ft)");
  await ir.getByLabel("From (IR range)").fill("20");
  await ir.getByLabel("From (IR range)").press("Enter");
  await expect(visitor).toHaveURL(/ir-range-min=20/);
  await expect(visitor.getByRole("status")).toHaveText("1 product");
  await expect(productCards(visitor)).toHaveText([/^VNT-T1/]);
  await expect(visitor.getByRole("link", { name: /IR range \u2265 20 m/ })).toBeVisible();
  await expectNoA11yViolations(visitor);
  // Sorted by the value, highest first, the filter cleared.
  await visitor.getByRole("link", { name: "Clear all" }).click();
  await expect(visitor.getByRole("status")).toHaveText("2 products");
  await visitor.getByLabel("Sort by").selectOption({ label: "IR range, lowest first" });
  await expect(visitor).toHaveURL(/sort=ir-range-asc/);
  await expect(productCards(visitor)).toHaveText([/^VNT-T2/, /^VNT-T1/]);

  // The editor makes the focal range a filter: the open page offers it without a reload.
  await page.goto("/dashboard/categories/");
  await page.getByRole("link", { name: /Thermal cameras/ }).click();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await hydrated(page);
  await page.getByLabel("Filter (Focal range)").check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thermal cameras" })).toBeVisible();
  const focal = filters.getByRole("group", { name: "Focal range (mm)" });
  await expect(focal).toBeVisible();
  // "Includes 6 mm": the zoom does, the fixed 4 mm does not.
  await focal.getByLabel("From (Focal range)").fill("6");
  await focal.getByLabel("To (Focal range)").fill("6");
  await focal.getByLabel("To (Focal range)").blur();
  await expect(visitor).toHaveURL(/focal-range-min=6&focal-range-max=6/);
  await expect(productCards(visitor)).toHaveText([/^VNT-T1/]);
  await visitorContext.close();

  // Compared, their values line up by attribute in their groups, the differences marked.
  await page.goto("/compare?add=VNT-T1");
  await page.goto(`${page.url()}&add=VNT-T2`);
  const comparison = page.getByRole("table");
  await expect(comparison.getByRole("rowheader", { name: "Lens", exact: true })).toBeVisible();
  await expect(comparison.getByRole("row", { name: /^Focal range/ })).toHaveText(
    /Focal range\s*\(differs\)\s*2\.8\u201312 mm\s*4 mm/,
  );
  await expect(comparison.getByRole("row", { name: /^IR range/ })).toHaveAttribute("data-differs", "true");
  await expectNoA11yViolations(page);

  // Without scripts the filters are a plain form: the same address, the same answer.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto("/catalog/categories/thermal-cameras?ir-range-min=20");
  await expect(productCards(noScript)).toHaveText([/^VNT-T1/]);
  await noScript.getByLabel("From (IR range)").fill("");
  await noScript.getByLabel("To (IR range)").fill("15");
  await noScript.getByRole("button", { name: "Apply filters" }).click();
  await expect(noScript).toHaveURL(/ir-range-max=15/);
  await expect(productCards(noScript)).toHaveText([/^VNT-T2/]);
  await plain.close();
});

import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "values", serverEnv: { DEMO_DATA: "1" } });

test("an editor reads a new attribute's values out of a category's specifications, previewed, then all at once", async ({
  page,
  login,
  site,
}) => {
  await login();
  // A new attribute the demo's datasheets already state: "Frame Rate: 30 fps @ 2560 × 1440".
  await page.goto("/dashboard/attributes/new");
  await hydrated(page);
  await page.getByLabel("Name").fill("Frame rate");
  await page.getByLabel("Group").fill("Video");
  await page.getByLabel("Unit").selectOption("fps");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Attribute Frame rate created successfully." }),
  ).toBeVisible();

  await page.goto("/dashboard/categories/");
  await page.getByRole("link", { name: "Dome Cameras", exact: true }).click();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await hydrated(page);
  const attributes = page.getByRole("group", { name: "Specification attributes" });
  await attributes.getByLabel("Attribute to add").selectOption({ label: "Frame rate (Video)" });
  await attributes.getByRole("button", { name: "Add attribute" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("list", { name: "Specification attributes" })).toContainText("Frame rate");

  await page.getByRole("link", { name: "Read values from specifications" }).click();
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Read values from specifications: Dome Cameras");
  // Its own name is where it is looked for first: "Frame Rate" is that line, whatever the letter case.
  await expect(page.getByRole("textbox", { name: "Frame rate" })).toHaveValue("Frame rate");
  const table = page.getByRole("table", { name: "What each product’s specifications give" });
  const varifocal = table.getByRole("row", { name: /^VNT-D4M-AIZ/ });
  await expect(varifocal.getByRole("cell").last()).toHaveText("30 fpsNew, from “Frame Rate: 30 fps @ 2560 × 1440”");
  // The demo's datasheets name no line "Resolution" (theirs is "Effective Pixels"): its value stays.
  await expect(varifocal.getByRole("cell").first()).toHaveText("4 MPNo line: kept");
  const write = page.getByRole("button", { name: /^Write \d+ values to \d+ products$/ });
  const label = (await write.textContent()) ?? "";
  const [, values, products] = /^Write (\d+) values to (\d+) products$/.exec(label) ?? [];
  expect(Number(values)).toBeGreaterThan(3);
  expect(values).toBe(products);
  await expectNoA11yViolations(page);

  // A wrong line name finds nothing; the preview says so before anything is written.
  await page.getByRole("textbox", { name: "Frame rate" }).fill("Frames");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/lines-/);
  await expect(varifocal.getByRole("cell").last()).toHaveText("No line");
  await expect(page.getByRole("button", { name: "Write 0 values to 0 products" })).toBeDisabled();
  await page.goBack();
  await expect(page.getByRole("button", { name: label })).toBeEnabled();

  const posted = await capturePost(page, () => page.getByRole("button", { name: label }).click());
  const done = page.getByRole("status").filter({ hasText: `Wrote ${values} values to ${products} products.` });
  await expect(done).toBeVisible();
  await expect(varifocal.getByRole("cell").last()).toHaveText("30 fpsHas it already");
  await expect(page.getByRole("button", { name: "Write 0 values to 0 products" })).toBeDisabled();
  await expectAnonymousReplayRefused(site.url, posted);

  await page.goto("/catalog/products/vnt-d4m-aiz");
  await expect(
    page.getByRole("table", { name: "VNT-D4M-AIZ specifications" }).getByRole("row", { name: /^Frame rate/ }),
  ).toHaveText("Frame rate30 fps");
});

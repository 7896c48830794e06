import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test, productCards } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

const DOMES_FROM_4MP_AT_6MM = "/catalog/categories/dome-cameras?resolution-min=4&focal-length-min=6&focal-length-max=6";

test("a demo category narrows by a minimum resolution and a focal length its lens includes, and reopens", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/catalog/categories/dome-cameras");
  await hydrated(page);
  // One of its seven domes is discontinued (decision 072): listed only when asked for.
  await expect(page.getByRole("status")).toHaveText("6 products");
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("From (Resolution)").fill("4");
  await filters.getByLabel("From (Resolution)").press("Enter");
  await expect(page).toHaveURL(/resolution-min=4/);
  await expect(page.getByRole("status")).toHaveText("6 products");
  // "Includes 6 mm": the two varifocal domes, not the fixed 2.8 and 4 mm lenses.
  await filters.getByLabel("From (Focal length)").fill("6");
  await filters.getByLabel("To (Focal length)").fill("6");
  await filters.getByLabel("To (Focal length)").blur();
  await expect(page).toHaveURL(/resolution-min=4&focal-length-min=6&focal-length-max=6/);
  await expect(productCards(page)).toHaveText([/^VNT-D4M-AIZ/, /^VNT-D8M-AIZ/]);
  await expect(page.getByRole("list", { name: "Key specifications of VNT-D8M-AIZ" })).toContainText("2.7\u201313.5 mm");

  // The address is the selection: opened again, and without scripts, the same two.
  await page.goto(DOMES_FROM_4MP_AT_6MM);
  await expect(productCards(page)).toHaveText([/^VNT-D4M-AIZ/, /^VNT-D8M-AIZ/]);
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const noScript = await plain.newPage();
    await noScript.goto(DOMES_FROM_4MP_AT_6MM);
    await expect(productCards(noScript)).toHaveText([/^VNT-D4M-AIZ/, /^VNT-D8M-AIZ/]);
  } finally {
    await plain.close();
  }
});

test("the product selector filters every camera category by the values they share, and sorts by one", async ({
  page,
}) => {
  await page.goto("/catalog");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Product selector" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product selector");
  await expect(page).toHaveURL(/\/catalog\/selector$/);
  // The six camera categories, not the recorders or the accessories, which have no such values.
  await expect(
    page.getByText(/^Every product of Bullet Cameras, Dome Cameras, .*Turret Cameras, filtered/),
  ).toBeVisible();
  const filters = page.getByRole("form", { name: "Filters" });
  await expect(filters.getByRole("group")).toHaveText([
    /^Resolution/,
    /^Focal length/,
    /^IR range/,
    /^IP rating/,
    /^Power draw/,
    /^Lifecycle/,
  ]);

  await filters.getByLabel("From (Resolution)").fill("8");
  await filters.getByLabel("From (Resolution)").press("Enter");
  await expect(page.getByRole("status")).toHaveText("10 products");
  await page.getByLabel("Sort by").selectOption({ label: "Resolution, highest first" });
  await expect(page).toHaveURL(/resolution-min=8.*sort=resolution-desc|sort=resolution-desc.*resolution-min=8/);
  // Across categories: the multi-sensor cameras first, then domes, bullets, turrets and a PTZ of 8 MP.
  await expect(productCards(page).first()).toHaveText(/^VNT-M32M-4X8/);
  await expect(productCards(page)).toContainText([/^VNT-B8M-AI12/, /^VNT-D8M-AI28/, /^VNT-P8M-42X/, /^VNT-T8M-AI28/]);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
});

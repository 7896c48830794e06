import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "compare", serverEnv: { DEMO_DATA: "1" } });

/** The page of the category the demo dome camera belongs to: several products with the same category. */
async function domeCategoryPath(page: Page): Promise<string> {
  await page.goto(`/search?q=${DEMO_KNOWN_MODELS.dome}`);
  await page
    .getByRole("link", { name: new RegExp(DEMO_KNOWN_MODELS.dome) })
    .first()
    .click();
  const href = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").nth(1).getAttribute("href");
  expect(href).toMatch(/^\/catalog\/categories\//);
  return href ?? "";
}

const table = (page: Page) => page.getByRole("table");
const columnModels = (page: Page) => table(page).locator("thead th").getByRole("link", { name: /^VNT-/ });
/** The comparison's rows' names (a typed values' group's heading is no row of its own). */
const rowNames = (page: Page) => table(page).locator('tbody th[scope="row"]');

/** Ticks "Compare" on the first `count` products of the grid; returns their models. */
async function tickFirst(page: Page, count: number): Promise<string[]> {
  const cards = page.locator("main article");
  const models: string[] = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    const label = await card.getByRole("link", { name: /^View Details: / }).getAttribute("aria-label");
    models.push(label?.replace("View Details: ", "") ?? "");
    await card.getByRole("checkbox", { name: /^Compare/ }).check();
  }
  return models;
}

test("three products compared with scripts: aligned rows, only differences, a URL that reopens it", async ({
  page,
}) => {
  const categoryPath = await domeCategoryPath(page);
  await page.goto(categoryPath);
  await hydrated(page);
  const models = await tickFirst(page, 3);
  // The choice is kept while the visitor moves on: the bar counts it.
  await expect(page.getByRole("button", { name: "Compare 3 selected" })).toBeEnabled();
  await page.getByRole("button", { name: "Compare 3 selected" }).click();
  await expect(page).toHaveURL(/\/compare\?p=[0-9a-f-]{36},[0-9a-f-]{36},[0-9a-f-]{36}$/);
  await expect(columnModels(page)).toHaveText(models);
  // Each column names what the product is under its model.
  await expect(table(page).locator("thead th")).toContainText(
    models.map((model) => DEMO_PRODUCTS.find((product) => product.model === model)?.name ?? "-"),
  );
  await hydrated(page);
  await expectNoA11yViolations(page);

  const allRows = await rowNames(page).count();
  expect(allRows).toBeGreaterThan(3);
  // The same category: not a difference. The rows that differ are marked.
  await expect(table(page).getByRole("row", { name: /^Category/ })).not.toHaveAttribute("data-differs", "true");
  const differing = await table(page).locator('tbody tr[data-differs="true"]').count();
  expect(differing).toBeGreaterThan(0);
  expect(differing).toBeLessThan(allRows);

  await page.getByLabel("Only differences").check();
  await expect(page).toHaveURL(/&only=1$/);
  await expect(rowNames(page)).toHaveCount(differing);
  await expect(table(page).getByRole("row", { name: /^Category/ })).toHaveCount(0);
  await page.getByLabel("Only differences").uncheck();
  await expect(rowNames(page)).toHaveCount(allRows);

  // The URL is the comparison: opened afresh, it shows the same.
  const url = page.url();
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error("no browser");
  await other.goto(url);
  await expect(columnModels(other)).toHaveText(models);
  await other.close();

  // Remove one; add it back by its model.
  await page.getByRole("link", { name: `Remove ${models[1]} from the comparison` }).click();
  await expect(columnModels(page)).toHaveText([models[0] ?? "", models[2] ?? ""]);
  await page.getByLabel("Add a product by its model").fill(models[1]?.toLowerCase() ?? "");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(columnModels(page)).toHaveText([models[0] ?? "", models[2] ?? "", models[1] ?? ""]);
  await page.getByLabel("Add a product by its model").fill("NO-SUCH-MODEL");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("No product has the model “NO-SUCH-MODEL”.");

  // From a product page: "Compare" takes the tab's choice along with the product.
  await page.goto(categoryPath);
  await page
    .locator("main article")
    .nth(3)
    .getByRole("link", { name: /^View Details/ })
    .click();
  const fourth = (
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").last().innerText()
  ).trim();
  await hydrated(page);
  await page.getByRole("link", { name: `Compare ${fourth} with other products` }).click();
  await expect(columnModels(page)).toHaveText([models[0] ?? "", models[2] ?? "", models[1] ?? "", fourth]);
  // Four is the most: adding is refused with the reason.
  await expect(page.getByText("Up to 4 products can be compared: remove one to add another.")).toBeVisible();
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the catalog's boxes and the comparison's controls are plain forms", async ({ page }) => {
    const categoryPath = await domeCategoryPath(page);
    await page.goto(categoryPath);
    const models = await tickFirst(page, 3);
    await page.getByRole("button", { name: "Compare selected" }).click();
    // The form's p=a&p=b&p=c lands on the comparison's one URL.
    await expect(page).toHaveURL(/\/compare\?p=[0-9a-f-]{36},[0-9a-f-]{36},[0-9a-f-]{36}$/);
    await expect(columnModels(page)).toHaveText(models);
    const allRows = await rowNames(page).count();

    await page.getByLabel("Only differences").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/&only=1$/);
    const differing = await rowNames(page).count();
    expect(differing).toBeLessThan(allRows);
    await expect(table(page).locator('tbody tr:has(th[scope="row"]):not([data-differs])')).toHaveCount(0);

    await page.getByRole("link", { name: `Remove ${models[0]} from the comparison` }).click();
    await expect(columnModels(page)).toHaveText(models.slice(1));
    await page.getByLabel("Add a product by its model").fill(models[0] ?? "");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(columnModels(page)).toHaveText([...models.slice(1), models[0] ?? ""]);
  });
});

test("on a 390 px phone the bar shows once something is chosen, and the table scrolls inside itself", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const categoryPath = await domeCategoryPath(page);
  await page.goto(categoryPath);
  await hydrated(page);
  // Nothing chosen: no bar covers the cards.
  await expect(page.getByRole("button", { name: /^Compare.*selected$/ })).toBeHidden();
  const models = await tickFirst(page, 3);
  await expect(page.getByRole("button", { name: "Compare 3 selected" })).toBeVisible();
  await page.getByRole("button", { name: "Compare 3 selected" }).click();
  await expect(columnModels(page)).toHaveText(models);

  // Nothing but the table scrolls sideways, and its first column stays in view while it does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const scroller = table(page).locator("xpath=..");
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const firstRowName = rowNames(page).first();
  const before = await firstRowName.boundingBox();
  await scroller.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const after = await firstRowName.boundingBox();
  expect(after?.x).toBe(before?.x);
  // The last product's column has come into view beside it.
  await expect(columnModels(page).last()).toBeInViewport();
  await expectNoA11yViolations(page);
});

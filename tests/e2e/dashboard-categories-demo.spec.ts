import type { Page } from "@playwright/test";
import { compareIgnoringCase } from "../../app/domain/format";
import { DEMO_CATEGORY_NAMES, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

// The category pages on the demo catalog (a worker-scoped server option cannot change per describe,
// so the empty-site flows are in dashboard-categories.spec.ts).
test.use({ serverEnv: { DEMO_DATA: "1" } });
test.describe.configure({ mode: "serial" });
test.use({ ownServer: "dashboard-categories-demo" });

function categoryList(page: Page) {
  return page.getByRole("list", { name: "Categories" }).getByRole("listitem");
}

async function categoryIdByName(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/categories/");
  const href = await page
    .getByRole("list", { name: "Categories" })
    .getByRole("link", { name, exact: true })
    .getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error(`No category named ${name}`);
  return id;
}

const productCount = (name: string) => DEMO_PRODUCTS.filter((product) => product.category === name).length;

test("the list shows every category in name order with its product count", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard/categories/");
  const expected = [...DEMO_CATEGORY_NAMES]
    .sort(compareIgnoringCase)
    .map((name) => `${name} (${productCount(name)} product(s))`);
  await expect(categoryList(page)).toHaveText(expected);
  await expect(categoryList(page).filter({ hasText: "Dome Cameras" })).toHaveText(
    `Dome Cameras (${productCount("Dome Cameras")} product(s))`,
  );
  await expectNoA11yViolations(page);
});

test("a category in use says at once that it cannot be deleted, and lists its products", async ({
  page,
  login,
  site,
}) => {
  await login();
  const id = await categoryIdByName(page, "Dome Cameras");
  await page.goto(`/dashboard/categories/${id}`);
  await hydrated(page);
  const models = DEMO_PRODUCTS.filter((product) => product.category === "Dome Cameras")
    .map((product) => product.model)
    .sort(compareIgnoringCase);
  await expect(page.getByRole("list", { name: "Products", exact: true }).getByRole("link")).toHaveText(models);
  await expectNoA11yViolations(page);

  // No "Are you sure?" for a delete that would be refused: the reason comes instead.
  await page.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByRole("button", { name: "Confirm Delete" })).toHaveCount(0);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(
    `Cannot delete category: contains ${models.length} product(s). Products are listed for removal`,
  );
  const links = alert.getByRole("list", { name: "Products in this category" }).getByRole("link");
  await expect(links).toHaveText(models);
  await expect(links.first()).toHaveAttribute("href", /^\/dashboard\/products\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole("button", { name: "Delete category" })).toBeFocused();
  await expectNoA11yViolations(page);

  // The server refuses on its own too (a page may not know of a product added since it loaded).
  const editPage = await page.request.get(`/dashboard/categories/${id}/edit`);
  const categoryVersion = /name="version" value="(\d+)"/.exec(await editPage.text())?.[1] ?? "";
  expect(categoryVersion).toMatch(/^\d+$/);
  const refused = await page.request.post(`/dashboard/categories/${id}`, {
    form: { intent: "delete", version: categoryVersion },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(
    `Cannot delete category: contains ${models.length} product(s). Products are listed for removal`,
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dome Cameras" })).toBeVisible();
});

test("renaming a feature keeps products' selections; removing one takes it off products", async ({ page, login }) => {
  const product = DEMO_PRODUCTS.find(
    (candidate) => candidate.category === "Dome Cameras" && candidate.features.includes("Starlight"),
  );
  if (!product) throw new Error("No demo dome camera with Starlight");
  await login();
  const id = await categoryIdByName(page, "Dome Cameras");
  await page.goto(`/dashboard/categories/${id}`);
  const productHref = await page
    .getByRole("list", { name: "Products", exact: true })
    .getByRole("link", { name: product.model, exact: true })
    .getAttribute("href");
  const productId = productHref?.split("/").filter(Boolean).pop();
  if (!productId) throw new Error("No product link");
  const features = page.getByTestId("features");

  await page.goto(`/dashboard/categories/${id}/edit`);
  await hydrated(page);
  await page.locator('input[value="Starlight"]').fill("Starlight Colour");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/dashboard/categories/${id}`);
  await expect(page.getByRole("list", { name: "Features / filters" })).toContainText("Starlight Colour");

  await page.goto(`/catalog/products/${productId}`);
  await expect(features).toContainText("Starlight Colour");

  // Remove it: the product no longer lists it.
  await page.goto(`/dashboard/categories/${id}/edit`);
  await hydrated(page);
  const item = page.getByRole("listitem").filter({ has: page.locator('input[value="Starlight Colour"]') });
  await item.getByRole("button", { name: /^Remove feature/ }).click();
  await expect(page.locator('input[value="Starlight Colour"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/dashboard/categories/${id}`);
  await expect(page.getByRole("list", { name: "Features / filters" })).not.toContainText("Starlight");

  await page.goto(`/catalog/products/${productId}`);
  await expect(features).not.toContainText("Starlight");
  for (const label of product.features.filter((feature) => feature !== "Starlight")) {
    await expect(features).toContainText(label);
  }
});

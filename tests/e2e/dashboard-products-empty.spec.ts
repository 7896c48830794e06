import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

// An empty site (no demo data): the empty states of the product list and form.
test("no products: the list says so and the form has no accessories to offer", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard/products/");
  await expect(page.getByText("No products found")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "New Product", exact: true }).first().click();
  await expect(page).toHaveURL("/dashboard/products/new");
  await hydrated(page);
  await page.getByRole("button", { name: "Add accessories" }).click();
  await expect(page.getByText("No other products in catalog. Add some!")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Add accessory" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Hide accessories" })).toHaveAttribute("aria-expanded", "true");
});

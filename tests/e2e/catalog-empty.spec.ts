import { expectNoA11yViolations } from "../support/a11y";
import { expect, test } from "./fixtures";

test("an empty catalog says so", async ({ page }) => {
  await page.goto("/catalog");
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(page.getByText("No categories found").first()).toBeAttached();
  await expect(page.getByText("No products found in this category")).toBeVisible();
  await expectNoA11yViolations(page);
});

import { expectNoA11yViolations } from "../support/a11y";
import { ADMIN, expect, test } from "./fixtures";

const OPTIONS = [
  ["Summary", "/dashboard"],
  ["New Category", "/dashboard/categories/new"],
  ["Edit Category", "/dashboard/categories/"],
  ["New Product", "/dashboard/products/new"],
  ["Edit Product", "/dashboard/products/"],
  ["New Download", "/dashboard/downloads/new"],
  ["Edit Download", "/dashboard/downloads/"],
  ["Specifications", "/dashboard/attributes/"],
  ["Recently deleted", "/dashboard/recently-deleted"],
  ["Firmware releases", "/dashboard/firmware/"],
  ["Security advisories", "/dashboard/advisories/"],
  ["Inbox", "/dashboard/inbox/"],
  ["Your account", "/dashboard/account"],
  ["Site Settings", "/dashboard/settings"],
  ["Search Synonyms", "/dashboard/search-synonyms"],
  ["People", "/dashboard/people"],
  ["Audit log", "/dashboard/audit"],
] as const;

test("an anonymous visitor is sent to sign in, and comes back to the dashboard afterwards", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Fsettings");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible();
});

test.describe("on an empty site", () => {
  test("the summary says 'No products or categories'; the options menu lists every option", async ({ page, login }) => {
    await login();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page).toHaveTitle("Dashboard | Vantage");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.goto("/dashboard/categories/new");
    await expect(page).toHaveTitle("New Category | Dashboard | Vantage");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.goto("/dashboard");
    await expect(page.getByText("No products or categories", { exact: true })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link")).toHaveText(OPTIONS.map(([label]) => label));
    for (const [label, href] of OPTIONS) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);
  });
});

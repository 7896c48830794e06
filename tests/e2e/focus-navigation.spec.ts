import { expect, hydrated, test } from "./fixtures";

test("choosing a dashboard menu link by keyboard puts focus on the new page's heading", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard");
  await hydrated(page);
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await menu.getByRole("link", { name: "Inbox" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/inbox\/?$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(/Inbox/);
  // The next Tab goes on from the page's own content, not back through the menu.
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Inbox" })).not.toBeFocused();
});

test("on the public site too", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Products", exact: true }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("a new order of the same page keeps focus on the order's choice", async ({ page }) => {
  await page.goto("/catalog");
  await hydrated(page);
  const sort = page.getByLabel("Sort by");
  await sort.focus();
  await sort.selectOption({ label: "Newest" });
  await expect(page).toHaveURL(/sort=newest/);
  await expect(sort).toBeFocused();
  await expect(sort).toHaveValue("newest");
  // Back to the first order: the choice follows the page.
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(sort).not.toHaveValue("newest");
});

test("after a save, focus goes to the message that says so", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard/search-synonyms");
  await hydrated(page);
  await page.getByLabel("Synonyms, one set a line").focus();
  // From the field to its form's button, and press it.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save synonyms" })).toBeFocused();
  await page.keyboard.press("Enter");
  const saved = page.getByRole("status");
  await expect(saved).toHaveText("Synonyms saved.");
  await expect(saved).toBeFocused();
});

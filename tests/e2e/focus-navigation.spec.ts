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

import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, openDemoProduct, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "history", serverEnv: { DEMO_DATA: "1" } });

async function edit(page: Page, id: string, change: (page: Page) => Promise<void>) {
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await change(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
}

const revisionsList = (page: Page) => page.getByRole("list", { name: "Revisions, newest first" });
const revision = (page: Page, number: number) =>
  revisionsList(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^Revision ${number}:`) }) });

test("three edits of a product are three revisions with their differences; restoring the first shows it again", async ({
  page,
  browser,
  login,
  site,
}) => {
  await login();
  const model = DEMO_KNOWN_MODELS.dome;
  const id = await openDemoProduct(page, model);
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto(`/catalog/products/${id}`);
  await hydrated(visitor);
  await edit(page, id, async (form) => {
    await form.getByLabel("Description", { exact: true }).first().fill("First edit: a dome for entrances.");
  });
  await edit(page, id, async (form) => {
    await form.getByLabel("NDAA compliant").uncheck();
  });
  await edit(page, id, async (form) => {
    await form.getByLabel("Model").fill(`${model}-R2`);
  });

  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `History of ${model}-R2` })).toBeVisible();
  await hydrated(page);
  await expectNoA11yViolations(page);
  // Three saves, and the product as it was before them (the demo catalog was loaded, not saved).
  await expect(revisionsList(page).getByRole("heading")).toHaveText([
    /^Revision 4: Saved by admin@vantage\.test$/,
    /^Revision 3: Saved by admin@vantage\.test$/,
    /^Revision 2: Saved by admin@vantage\.test$/,
    "Revision 1: Created (as it was before history was kept)",
  ]);
  await expect(revision(page, 4)).toContainText(`Model: ${model} → ${model}-R2`);
  await expect(revision(page, 3)).toContainText("NDAA compliant: Yes → No");
  await expect(revision(page, 2)).toContainText("Description:");
  await expect(revision(page, 2)).toContainText("→ First edit: a dome for entrances.");
  for (const number of [2, 3, 4]) await expect(revision(page, number).getByRole("listitem")).toHaveCount(1);
  await expect(revision(page, 4).getByRole("button", { name: /^Restore/ })).toHaveCount(0);

  const restored = await capturePost(page, () =>
    revision(page, 2).getByRole("button", { name: "Restore revision 2" }).click(),
  );
  await expect(
    page.getByRole("status").filter({ hasText: "Revision 2 restored: it is now the newest revision." }),
  ).toBeVisible();
  await expect(revisionsList(page).getByRole("heading").first()).toHaveText(
    /^Revision 5: Restored by admin@vantage\.test$/,
  );
  await expect(revisionsList(page).getByRole("heading")).toHaveCount(5);
  await expect(revision(page, 5)).toContainText(`Model: ${model}-R2 → ${model}`);
  await expect(revision(page, 5)).toContainText("NDAA compliant: No → Yes");

  // The visitor's open product page follows without a reload.
  await expect(visitor.getByRole("heading", { level: 1, name: model, exact: true })).toBeVisible();
  await expect(visitor.getByText("First edit: a dome for entrances.")).toBeVisible();

  // Replayed without a session: refused, and no sixth revision.
  await expectAnonymousReplayRefused(site.url, restored);
  await page.reload();
  await expect(revisionsList(page).getByRole("heading")).toHaveCount(5);
  await visitor.close();
});

test("a deleted product comes back whole from Recently deleted, with its downloads and accessories", async ({
  page,
  login,
  site,
}) => {
  await login();
  const model = DEMO_KNOWN_MODELS.bullet;
  const id = await openDemoProduct(page, model);
  await page.goto(`/catalog/products/${id}`);
  const fileLinks = await page
    .locator('main a[href^="/files/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(fileLinks.length).toBeGreaterThan(0);
  const accessoryLinks = () =>
    page
      .getByRole("region", { name: "Accessories and related products" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const accessories = await accessoryLinks();
  expect(accessories.length).toBeGreaterThan(0);

  await page.goto(`/dashboard/products/${id}/`);
  await hydrated(page);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page.getByRole("heading", { name: "Product Deleted" })).toBeVisible();
  expect((await fetch(`${site.url}/catalog/products/${id}`)).status).toBe(404);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Recently deleted" }).click();
  await expect(page).toHaveURL("/dashboard/recently-deleted");
  await hydrated(page);
  await expectNoA11yViolations(page);
  const entry = page.getByRole("list", { name: "Deleted records, most recent first" }).getByRole("listitem").first();
  await expect(entry).toContainText(`Product: ${model}, deleted by admin@vantage.test`);
  const posted = await capturePost(page, () => entry.getByRole("button", { name: `Restore ${model}` }).click());
  await expect(page).toHaveURL(`/dashboard/products/${id}/?restored=1`);
  await expect(page.getByRole("status").filter({ hasText: "Product restored." })).toBeVisible();
  await expectAnonymousReplayRefused(site.url, posted);

  await page.goto(`/catalog/products/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  expect(
    await page
      .locator('main a[href^="/files/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")),
  ).toEqual(fileLinks);
  expect(await accessoryLinks()).toEqual(accessories);
  for (const link of fileLinks) expect((await fetch(`${site.url}${link}`)).status, link).toBe(200);

  await page.goto("/dashboard/recently-deleted");
  await expect(page.getByText("Nothing was deleted in the last 30 days.")).toBeVisible();
});

test("a deleted home page item comes back from Recently deleted, and the dashboard says so", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/dashboard");
  await hydrated(page);
  const group = page.getByRole("group", { name: /^Admin controls: / }).first();
  const label = ((await group.getAttribute("aria-label")) ?? "").replace(/^Admin controls: /, "");
  expect(label).not.toBe("");
  await group.getByRole("button", { name: "Delete" }).click();
  await group.getByRole("button", { name: "CONFIRM DELETE" }).click();
  await expect(page.getByRole("group", { name: `Admin controls: ${label}` })).toHaveCount(0);

  await page.goto("/dashboard/recently-deleted");
  await hydrated(page);
  const entry = page.getByRole("list", { name: "Deleted records, most recent first" }).getByRole("listitem").first();
  // The controls' name and the record's are shortened apiece: their beginning is the same.
  const start = label.slice(0, 30);
  await expect(entry).toContainText(`Home page item: ${start}`);
  await entry.getByRole("button", { name: `Restore ${start}` }).click();
  await expect(page).toHaveURL("/dashboard?restored=1");
  await expect(page.getByRole("status").filter({ hasText: "Home page item restored." })).toBeVisible();
  await expect(page.getByRole("group", { name: `Admin controls: ${label}` })).toBeVisible();
});

import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused, openDemoProduct } from "./admin";
import { expect, hydrated, liveConnected, test, productCards } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ serverEnv: { DEMO_DATA: "1" }, ownServer: "lifecycle" });

test("a discontinued camera leaves the default list, comes back with the filter, and its page names its replacements", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/catalog/categories/dome-cameras");
  await hydrated(page);
  await expect(page.getByRole("status")).toHaveText("6 products");
  await expect(productCards(page).filter({ hasText: "VNT-D2M-V28" })).toHaveCount(0);
  const include = page.getByRole("form", { name: "Filters" }).getByLabel("Include discontinued (1)");
  await include.check();
  await expect(page).toHaveURL(/discontinued=include/);
  await expect(page.getByRole("status")).toHaveText("7 products");
  const discontinued = page.getByRole("article").filter({ hasText: "VNT-D2M-V28" });
  await expect(discontinued.getByText("Discontinued", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The page says it first, and leads to what replaces it.
  await discontinued.getByRole("link", { name: "View Details: VNT-D2M-V28" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "VNT-D2M-V28" })).toBeVisible();
  await expect(page.getByText(/^Discontinued on 1 Mar 2026/)).toHaveText(
    "Discontinued on 1 Mar 2026 — replaced by VNT-D4M-AI28, VNT-D4M-MINI; firmware updates until 1 Mar 2031, repairs until 1 Mar 2032.",
  );
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "VNT-D4M-MINI", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "VNT-D4M-MINI" })).toBeVisible();

  // The whole catalog too, and without scripts: the box and its button.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const noScript = await plain.newPage();
    await noScript.goto("/catalog");
    await expect(noScript.getByRole("article").filter({ hasText: "VNT-B2M-V36" })).toHaveCount(0);
    await noScript.getByLabel("Include discontinued (2)").check();
    await noScript.getByRole("button", { name: "Apply" }).click();
    await expect(noScript).toHaveURL(/\/catalog\?discontinued=include/);
    await expect(noScript.getByRole("article").filter({ hasText: "VNT-B2M-V36" })).toBeVisible();
  } finally {
    await plain.close();
  }
});

test("/support/lifecycle lists every product not sold as usual, filtered and sorted by its days", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/support");
    await page.getByRole("link", { name: /Product lifecycle/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Product lifecycle" })).toBeVisible();
    await hydrated(page);
    await expectNoA11yViolations(page);
  }
  const rows = page.getByRole("table").getByRole("rowheader");
  await expect(page.getByRole("status")).toHaveText("3 products");
  await expect(rows).toHaveText([/^VNT-B2M-V36/, /^VNT-D2M-V28/, /^VNT-T2M-V28/]);
  await page.getByLabel("Sort by").selectOption({ label: "Repairs, longest first" });
  await expect(page).toHaveURL(/sort=repairs/);
  await expect(rows).toHaveText([/^VNT-T2M-V28/, /^VNT-D2M-V28/, /^VNT-B2M-V36/]);
  await page.getByLabel("Stage").selectOption({ label: "Discontinued" });
  await expect(page.getByRole("status")).toHaveText("2 products");
  await expect(rows).toHaveText([/^VNT-D2M-V28/, /^VNT-B2M-V36/]);
  const row = page.getByRole("row").filter({ hasText: "VNT-B2M-V36" });
  // Months as the site writes them ("Sep", or "Sept" in newer locale data).
  await expect(row.getByRole("cell")).toHaveText([
    "Discontinued",
    "—None stated",
    /^15 Sept? 2025$/,
    /^15 Sept? 2030$/,
    /^15 Sept? 2031$/,
    "VNT-B4M-AI28",
  ]);
});

test("an editor discontinues a camera in its form: History says so and an open category page drops it live", async ({
  page,
  browser,
  baseURL,
  login,
  site,
}) => {
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto("/catalog/categories/turret-cameras");
  await hydrated(visitor);
  await liveConnected(visitor);
  await expect(productCards(visitor).filter({ hasText: "VNT-T4M-FC28" })).toHaveCount(1);

  await login();
  await openDemoProduct(page, "VNT-T4M-FC28");
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await hydrated(page);
  await page.getByLabel("Lifecycle stage").selectOption({ label: "Discontinued" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter the date it was discontinued")).toBeVisible();
  await page.getByLabel("Discontinued on").fill("2026-11-30");
  await page.getByLabel("Firmware updates until").fill("2026-01-01");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("Firmware updates cannot end before the product's end of sale or discontinuation"),
  ).toBeVisible();
  await page.getByLabel("Firmware updates until").fill("2031-11-30");
  await page.getByRole("combobox", { name: "Add replacement" }).fill("T8M-AI");
  await page
    .getByRole("listbox", { name: "Matching replacements" })
    .getByRole("option", { name: "VNT-T8M-AI28" })
    .click();
  await expect(page.getByRole("list", { name: "Chosen replacements" })).toContainText("VNT-T8M-AI28");
  await expectNoA11yViolations(page);
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Save changes" }).click());
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await expectAnonymousReplayRefused(site.url, posted);
  const lifecycle = page.getByRole("heading", { level: 2, name: "Lifecycle", exact: true }).locator("..");
  await expect(lifecycle).toContainText("Discontinued on 30 Nov 2026; firmware updates until 30 Nov 2031");
  await expect(lifecycle.getByRole("link", { name: "VNT-T8M-AI28" })).toBeVisible();

  // The visitor's open page follows without a reload.
  await expect(productCards(visitor).filter({ hasText: "VNT-T4M-FC28" })).toHaveCount(0);
  await expect(visitor.getByLabel("Include discontinued (1)")).toBeVisible();

  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByText("Discontinued on 30 Nov 2026; firmware updates until 30 Nov 2031")).toBeVisible();
});

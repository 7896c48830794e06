import { expect as expectValue } from "@playwright/test";
import { expectDistinctControlNames } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

// The demo catalog, so that every page holds many records' controls side by side.
test.use({ serverEnv: { DEMO_DATA: "1" }, ownServer: "control-names" });

test("the check fails when two controls share a name but act on different things, and passes when they do the same", async ({
  page,
}) => {
  await page.setContent(`
    <a href="/a">Edit</a> <a href="/b">Edit</a>
    <a href="/same">Next page</a> <a href="/same">Next page</a>
    <button type="button" class="sr-only-free">Delete</button>`);
  await expectValue(expectDistinctControlNames(page)).rejects.toThrow(/Edit[^|]*link \/a \| link \/b/);
  await page.setContent(`
    <form method="post" action="/x"><input type="hidden" name="id" value="1"><button>Delete</button></form>
    <form method="post" action="/x"><input type="hidden" name="id" value="2"><button>Delete</button></form>`);
  await expectValue(expectDistinctControlNames(page)).rejects.toThrow(/Delete[^|]*form post/);
  await page.setContent(`
    <a href="/same">Next page</a> <a href="/same">Next page</a>
    <button type="button">Delete<span style="position:absolute;width:1px;height:1px;overflow:hidden"> card 1</span></button>
    <button type="button">Delete<span style="position:absolute;width:1px;height:1px;overflow:hidden"> card 2</span></button>`);
  await expectDistinctControlNames(page);
});

const PAGES = [
  "/",
  "/catalog",
  "/support",
  "/support/firmware",
  "/search?q=dome",
  "/dashboard",
  "/dashboard/products/",
  "/dashboard/categories/",
  "/dashboard/downloads/",
  "/dashboard/firmware/",
  "/dashboard/people",
  "/dashboard/account",
  "/dashboard/settings",
];

for (const path of PAGES) {
  test(`no two controls of ${path} share a name but act on different things`, async ({ page, login }) => {
    if (path.startsWith("/dashboard")) await login();
    await page.goto(path);
    await hydrated(page);
    await expectDistinctControlNames(page);
  });
}

test("nor on a product's page, nor on its category's", async ({ page }) => {
  await page.goto("/catalog");
  const product = page.locator("main a[href^='/catalog/products/']").first();
  await expect(product).toBeVisible();
  await page.goto((await product.getAttribute("href")) ?? "/");
  await hydrated(page);
  await expectDistinctControlNames(page);
  const category = page.locator("main a[href^='/catalog/categories/']").first();
  await page.goto((await category.getAttribute("href")) ?? "/catalog");
  await hydrated(page);
  await expectDistinctControlNames(page);
});

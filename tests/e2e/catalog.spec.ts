import type { Page } from "@playwright/test";
import { compareIgnoringCase, naturalCompare } from "../../app/domain/format";
import { DEMO_CATALOG, DEMO_CATEGORY_NAMES, DEMO_LISTED_PRODUCTS, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

const PAGE_SIZE = 24;
const dome = DEMO_CATALOG.categories.find((category) => category.name === "Dome Cameras");
if (!dome) throw new Error("The demo catalog has no Dome Cameras category");
const domeProducts = DEMO_LISTED_PRODUCTS.filter((product) => product.category === dome.name);

function desktopMenu(page: Page) {
  return page.getByRole("navigation", { name: "Categories" }).filter({ has: page.locator("h2") });
}

async function openCategory(page: Page, name: string) {
  await page.goto("/catalog");
  await hydrated(page);
  await desktopMenu(page).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

function cardModels(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();
}

test("/catalog lists every product by model, a page at a time, with the categories menu sorted by name", async ({
  page,
}) => {
  await page.goto("/catalog");
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(page.getByText("Explore our entire catalog.")).toBeVisible();

  const menuLinks = await desktopMenu(page).getByRole("link").allInnerTexts();
  // The product selector after All Products: the demo's camera categories share filters.
  expect(menuLinks).toEqual([
    "All Products",
    "Product selector",
    ...[...DEMO_CATEGORY_NAMES].sort(compareIgnoringCase),
  ]);

  const expectedModels = DEMO_LISTED_PRODUCTS.map((product) => product.model).sort(compareIgnoringCase);
  const seen: string[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    // A heading reads "MODEL" or "MODEL NDAA compliant"; models have no spaces.
    const models = (await cardModels(page)).map((text) => text.trim().split(/\s/)[0] ?? "");
    expect(models.length).toBeLessThanOrEqual(PAGE_SIZE);
    seen.push(...models);
    const next = page.getByRole("link", { name: "Next" });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${pageNumber + 1}`));
    // The address changes as the navigation starts; the cards are the next page's once this line is.
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(`Page ${pageNumber + 1} of`);
  }
  expect(seen).toEqual(expectedModels);
});

test("a product summary shows model, name, NDAA icon only when compliant, image, description and View Details", async ({
  page,
}) => {
  const slug = await categorySlug(page, dome.name);
  // Its page is at an address made of its name.
  expect(slug).toBe("dome-cameras");
  // The demo's one camera that is not compliant is discontinued: listed when asked for.
  await page.goto(`/catalog/categories/${slug}?discontinued=include`);
  const compliant = page.getByRole("article").filter({ hasText: DEMO_KNOWN_MODELS.dome });
  const named = DEMO_PRODUCTS.find((product) => product.model === DEMO_KNOWN_MODELS.dome)?.name ?? "-";
  await expect(compliant.getByText(named, { exact: true })).toBeVisible();
  await expect(compliant.getByText("NDAA compliant")).toHaveCount(1);
  await expect(compliant.getByRole("img", { name: DEMO_KNOWN_MODELS.dome })).toBeVisible();
  const notCompliant = page.getByRole("article").filter({ hasText: DEMO_KNOWN_MODELS.notNdaa });
  await expect(notCompliant).toBeVisible();
  await expect(notCompliant.getByText("NDAA compliant")).toHaveCount(0);
  await compliant.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_KNOWN_MODELS.dome })).toBeVisible();
});

/** The address of the category's page, as the catalog's menu links it. */
async function categorySlug(page: Page, name: string): Promise<string> {
  await page.goto("/catalog");
  const href = await desktopMenu(page).getByRole("link", { name, exact: true }).getAttribute("href");
  const slug = href?.split("/").pop();
  if (!slug) throw new Error(`No link to ${name}`);
  return slug;
}

test("a category page shows its title, description and its features in their groups with match counts", async ({
  page,
}) => {
  await openCategory(page, dome.name);
  await expect(page.getByText(dome.description)).toBeVisible();
  const filters = page.getByRole("form", { name: "Filters" });
  const grouped = new Set(dome.groups.flatMap(([, labels]) => labels));
  const expectedGroups = [
    ...dome.groups.map(([name, labels]) => ({ name, labels })),
    { name: "More features", labels: dome.features.filter((label) => !grouped.has(label)) },
  ];
  const legends = await filters.locator("legend").allInnerTexts();
  // The features' groups, then the typed values a dome camera is filtered by (decision 070).
  expect(legends).toEqual([
    ...expectedGroups.map((group) => group.name),
    "Resolution (MP)",
    "Focal length (mm)",
    "IR range (m)",
    "IP rating",
    "Power draw (W)",
    "Lifecycle",
  ]);
  for (const group of expectedGroups) {
    const labels = await filters.getByRole("group", { name: group.name, exact: true }).locator("label").allInnerTexts();
    expect(
      labels.map((label) => label.replace(/\s*\(\d+\)$/, "")),
      group.name,
    ).toEqual([...group.labels].sort(naturalCompare));
    // Nothing ticked: each count is how many products have it.
    const counts = labels.map((label) => Number(/\((\d+)\)$/.exec(label)?.[1]));
    const expected = [...group.labels]
      .sort(naturalCompare)
      .map((feature) => domeProducts.filter((product) => product.features.includes(feature)).length);
    expect(counts, group.name).toEqual(expected);
  }
  await expect(page.getByRole("status").filter({ hasText: /products?$/ })).toHaveText(
    `${domeProducts.length} products`,
  );
  expect((await cardModels(page)).length).toBe(Math.min(PAGE_SIZE, domeProducts.length));
});

test("checking features keeps the products that have all of them, in the URL, and Back undoes it", async ({ page }) => {
  await openCategory(page, dome.name);
  const categoryUrl = page.url();
  await page.getByLabel(/^4MP \(/).check();
  await expect(page).toHaveURL(/feature=/);
  const with4mp = domeProducts.filter((product) => product.features.includes("4MP"));
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(with4mp.length);

  await page.getByLabel(/^Starlight \(/).check();
  const both = with4mp.filter((product) => product.features.includes("Starlight"));
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(both.length);
  await expect(page.getByText(`${both.length} product`)).toBeVisible();

  // A filtered view is a link anyone can open.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByLabel(/^4MP \(/)).toBeChecked();
  await expect(shared.getByLabel(/^Starlight \(/)).toBeChecked();
  await expect(shared.getByRole("main").getByRole("article")).toHaveCount(both.length);
  await shared.close();

  await page.goBack();
  await expect(page.getByLabel(/^Starlight \(/)).not.toBeChecked();
  await expect(page.getByLabel(/^4MP \(/)).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(categoryUrl);
  await expect(page.getByLabel(/^4MP \(/)).not.toBeChecked();
});

test("choices within a group widen, groups narrow, and no choice offered ever leaves nothing", async ({ page }) => {
  const bullet = DEMO_CATALOG.categories.find((category) => category.name === "Bullet Cameras");
  if (!bullet) throw new Error("The demo catalog has no Bullet Cameras category");
  const bullets = DEMO_LISTED_PRODUCTS.filter((product) => product.category === bullet.name);
  await openCategory(page, bullet.name);
  const filters = page.getByRole("form", { name: "Filters" });
  const option = (label: string) => filters.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")} \\(`));
  const shown = () => page.getByRole("status").filter({ hasText: /products?$/ });

  // The old dead end: 2.8mm, then 2MP. Now 2MP says what it would leave, and if that is nothing it is not offered.
  await option("2.8mm").check();
  const with28 = bullets.filter((product) => product.features.includes("2.8mm"));
  await expect(shown()).toHaveText(`${with28.length} product${with28.length === 1 ? "" : "s"}`);
  const with28And2mp = with28.filter((product) => product.features.includes("2MP"));
  expect(with28And2mp).toHaveLength(0);
  await expect(option("2MP")).toBeDisabled();
  await expect(filters.getByText(/^2MP \(0\)$/)).toBeVisible();

  // "4MP or 5MP": a second resolution widens what the first chose.
  await option("2.8mm").uncheck();
  await option("4MP").check();
  await option("5MP").check();
  const either = bullets.filter((product) => product.features.includes("4MP") || product.features.includes("5MP"));
  await expect(shown()).toHaveText(`${either.length} products`);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(Math.min(PAGE_SIZE, either.length));

  // Wherever the visitor goes, every choice offered says how many it leaves, and that is never 0.
  for (let step = 0; step < 4; step++) {
    const offered = filters.locator("input[type=checkbox]:not(:checked):not(:disabled)");
    const count = await offered.count();
    for (let at = 0; at < count; at++) {
      const label = await filters.locator(`label[for="${await offered.nth(at).getAttribute("id")}"]`).innerText();
      expect(Number(/\((\d+)\)$/.exec(label)?.[1]), label).toBeGreaterThan(0);
    }
    for (const disabled of await filters.locator("input[type=checkbox]:disabled").all()) {
      await expect(filters.locator(`label[for="${await disabled.getAttribute("id")}"]`)).toHaveText(/\(0\)$/);
    }
    if (count === 0) break;
    const before = page.url();
    // By its id: "unchecked" no longer finds it once it is ticked, and the page's answer may come first.
    const id = await offered.nth(step % count).getAttribute("id");
    await filters.locator(`input[id="${id}"]`).check();
    await expect(page).not.toHaveURL(before);
    await expect(shown()).not.toHaveText("0 products");
  }

  // Each active filter is a chip that removes it, and "Clear all" removes them all.
  const chips = page.getByRole("link", { name: /, remove filter$/ });
  const chipCount = await chips.count();
  expect(chipCount).toBeGreaterThan(1);
  await expectNoA11yViolations(page);
  await chips.first().click();
  await expect(chips).toHaveCount(chipCount - 1);
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(chips).toHaveCount(0);
  await expect(shown()).toHaveText(`${bullets.length} products`);
  await expect(page).not.toHaveURL(/feature=/);
});

test("a combination that leaves nothing, typed into the address, says so and offers the way back", async ({ page }) => {
  await openCategory(page, dome.name);
  const featureIds = await page
    .getByRole("form", { name: "Filters" })
    .locator("input[type=checkbox]")
    .evaluateAll((inputs) =>
      Object.fromEntries(
        inputs.map((input) => [
          (input as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\(\d+\)$/, "") ?? "",
          (input as HTMLInputElement).value,
        ]),
      ),
    );
  const lonely = dome.features.filter((feature) => feature !== "Smart Detection");
  const [first, second] = lonely.filter(
    (a) =>
      !domeProducts.some((product) => product.features.includes(a) && product.features.includes("Smart Detection")),
  );
  const nothing = first ?? second;
  if (!nothing) throw new Error("Dome Cameras needs a feature no smart camera has");
  await page.goto(`${page.url()}?feature=${featureIds[nothing]}&feature=${featureIds["Smart Detection"]}`);
  await expect(page.getByText("No products found that match the selected filters.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /products?$/ })).toHaveText("0 products");
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page.getByRole("status").filter({ hasText: /products?$/ })).toHaveText(
    `${domeProducts.length} products`,
  );
});

test("a listing sorts newest first and back, and keeps its filters", async ({ page }) => {
  await openCategory(page, dome.name);
  await page.getByLabel(/^PoE \(/).check();
  await expect(page).toHaveURL(/feature=/);
  await page.getByLabel("Sort by").selectOption("newest");
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page).toHaveURL(/feature=/);
  const withPoe = domeProducts.filter((product) => product.features.includes("PoE"));
  // The demo's products were added in their list's order: the last one added first.
  const newestFirst = [...withPoe].reverse().map((product) => product.model);
  await expect
    .poll(async () => (await cardModels(page)).map((text) => text.trim().split(/\s/)[0]))
    .toEqual(newestFirst.slice(0, PAGE_SIZE));
  await page.getByLabel("Sort by").selectOption("model");
  await expect
    .poll(async () => (await cardModels(page)).map((text) => text.trim().split(/\s/)[0]))
    .toEqual(
      withPoe
        .map((product) => product.model)
        .sort(compareIgnoringCase)
        .slice(0, PAGE_SIZE),
    );
});

test("filters work without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/catalog/categories/${await categorySlug(page, dome.name)}`);
  await page.getByLabel(/^Audio \(/).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/feature=/);
  const withAudio = domeProducts.filter((product) => product.features.includes("Audio"));
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(withAudio.length);
  await context.close();
});

test("on a small screen the categories menu opens and closes", async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto("/catalog");
  await hydrated(page);
  const toggle = page.locator("summary", { hasText: "Categories" });
  const link = page.getByRole("link", { name: dome.name, exact: true });
  await expect(link).toBeHidden();
  await toggle.click();
  await expect(link).toBeVisible();
  await toggle.click();
  await expect(link).toBeHidden();
  await toggle.click();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: dome.name })).toBeVisible();
});

test("an unknown category is a 404", async ({ page }) => {
  for (const path of ["/catalog/categories/00000000-0000-4000-8000-000000000000", "/catalog/categories/nope"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
  }
});

test("the catalog pages pass axe", async ({ page }) => {
  await page.goto("/catalog");
  await expectNoA11yViolations(page);
  await openCategory(page, dome.name);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 600, height: 900 });
  await page.locator("summary", { hasText: "Categories" }).click();
  await expectNoA11yViolations(page);
});

import { en } from "../../app/messages/en";
import type { Page } from "@playwright/test";
import { naturalCompare } from "../../app/domain/format";
import { DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

function demoProduct(model: string) {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.model === model);
  if (!product) throw new Error(`No demo product ${model}`);
  return product;
}

/** Opens a product's page the way a visitor does: paging through the catalog (discontinued ones too) to its card. */
async function openProduct(page: Page, model: string) {
  await page.goto("/catalog?discontinued=include");
  await hydrated(page);
  for (;;) {
    const card = page.getByRole("article").filter({ hasText: model });
    if ((await card.count()) > 0) {
      await card.getByRole("link", { name: /View Details/ }).click();
      break;
    }
    await page.getByRole("link", { name: "Next" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await hydrated(page);
}

test("a product page shows model, category link, features, NDAA badge, description, specs and downloads", async ({
  page,
}) => {
  const model = DEMO_KNOWN_MODELS.dome;
  const product = demoProduct(model);
  await openProduct(page, model);
  await expect(page.getByTestId("features")).toHaveText([...product.features].sort(naturalCompare).join(", "));
  await expect(page.getByText("NDAA-compliant")).toBeVisible();
  // Its §889 status in words, not only as a badge.
  await expect(page.getByText(en["productStatus.ndaaYes"])).toBeVisible();
  await expect(page.getByText(product.description)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Specifications", exact: true })).toBeVisible();
  await expect(page.getByText(/Sensor:/).first()).toBeVisible();

  const downloads = page
    .getByRole("region", { name: "Downloads" })
    .or(page.locator("section", { hasText: "Downloads" }));
  // Grouped by what they are, in the order a buyer reads them.
  await expect(downloads.getByRole("heading", { level: 3 })).toHaveText([
    "Datasheets",
    "Manuals and guides",
    "A&E specifications",
    "Declarations of conformity",
    "Other documents",
  ]);
  const datasheet = downloads.getByRole("link", { name: /Datasheet/ });
  await expect(datasheet).toHaveAttribute("target", "_blank");
  await expect(datasheet).toContainText(`${model}_Datasheet.pdf`);
  await expect(datasheet).toContainText(/\d+ (KB|bytes)/);
  const href = await datasheet.getAttribute("href");
  const file = await page.request.get(href ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toContain("attachment");

  await page.getByRole("main").getByRole("link", { name: product.category, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: product.category })).toBeVisible();
});

test("choosing a thumbnail swaps the main image, by pointer or keyboard", async ({ page }) => {
  const model = DEMO_PRODUCTS.find((product) => product.extraImages >= 2)?.model ?? DEMO_KNOWN_MODELS.dome;
  await openProduct(page, model);
  const main = page.getByTestId("main-image");
  // Each button says what it shows: the demo's pictures are described.
  const thumbnails = page.getByRole("button", { name: /^Show image \d+ of \d+: / });
  expect(await thumbnails.count()).toBeGreaterThanOrEqual(3);
  const first = await main.getAttribute("src");
  await expect(thumbnails.nth(0)).toHaveAttribute("aria-pressed", "true");

  await expect(main).toHaveAttribute("alt", `${model}, front view`);
  await expect(thumbnails.nth(0)).toHaveAccessibleName(
    `Show image 1 of ${await thumbnails.count()}: ${model}, front view`,
  );

  await thumbnails.nth(1).click();
  await expect(main).not.toHaveAttribute("src", first ?? "");
  await expect(main).toHaveAttribute("alt", new RegExp(`^${model}, \\w+( mode)? view$`));
  await expect(thumbnails.nth(1)).toHaveAttribute("aria-pressed", "true");
  const second = await main.getAttribute("src");

  await thumbnails.nth(2).focus();
  await page.keyboard.press("Enter");
  await expect(main).not.toHaveAttribute("src", second ?? "");
  await thumbnails.nth(0).focus();
  await page.keyboard.press("Space");
  await expect(main).toHaveAttribute("src", first ?? "");
  const image = await page.request.get((await main.getAttribute("src")) ?? "");
  expect(image.headers()["content-type"]).toMatch(/^image\//);
});

test("spreadsheet specs show as a table; a non-compliant product has no NDAA badge", async ({ page }) => {
  await openProduct(page, DEMO_KNOWN_MODELS.withSpecsTable);
  const table = page.getByRole("table", { name: `${DEMO_KNOWN_MODELS.withSpecsTable} specification table` });
  await expect(table).toBeVisible();
  expect(await table.getByRole("row").count()).toBeGreaterThan(3);
  await openProduct(page, DEMO_KNOWN_MODELS.notNdaa);
  await expect(page.getByText("NDAA-compliant")).toHaveCount(0);
  await expect(page.getByText(en["productStatus.ndaaNo"])).toBeVisible();
});

test("accessories show their picture, model and name, and link both ways", async ({ page }) => {
  const model = DEMO_KNOWN_MODELS.dome;
  const accessory = demoProduct(model).accessories[0];
  if (!accessory) throw new Error(`${model} has no accessories`);
  await openProduct(page, model);
  const section = page.getByRole("region", { name: "Accessories and related products" });
  // Each with its picture, served, and named by its model and name (the picture is not read twice).
  const card = (shown: string) =>
    section.getByRole("link", { name: `${shown} ${demoProduct(shown).name}`, exact: true });
  const picture = card(accessory).locator("img");
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(picture).toHaveAttribute("alt", "");
  await card(accessory).click();
  await expect(page.getByRole("heading", { level: 1, name: accessory })).toBeVisible();
  await card(model).click();
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
});

test("'View in dashboard' is there for admins only", async ({ page, login }) => {
  await openProduct(page, DEMO_KNOWN_MODELS.bullet);
  await expect(page.getByRole("link", { name: "View in dashboard" })).toHaveCount(0);
  const productUrl = page.url();
  await login();
  await page.goto(productUrl);
  const link = page.getByRole("link", { name: "View in dashboard" });
  await expect(link).toHaveAttribute("href", /^\/dashboard\/products\/[0-9a-f-]{36}\/$/);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_KNOWN_MODELS.bullet })).toBeVisible();
});

test("an unknown product is a 404", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-product"]) {
    const response = await page.goto(`/catalog/products/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
  }
});

test("a product page passes axe", async ({ page }) => {
  await openProduct(page, DEMO_KNOWN_MODELS.dome);
  await expectNoA11yViolations(page);
  await openProduct(page, DEMO_KNOWN_MODELS.withSpecsTable);
  await expectNoA11yViolations(page);
});

import { DEMO_CATALOG, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

test("the summary counts categories and products and lists home items newest first, each with its own date and picture", async ({
  page,
  login,
}) => {
  await login();
  await expect(page.getByTestId("catalog-counts")).toHaveText(
    `${DEMO_CATALOG.categories.length} categories, ${DEMO_PRODUCTS.length} products`,
  );
  const items = page
    .getByRole("list", { name: "Banners, cards, images and slides, newest first" })
    .getByRole("listitem");
  await expect(items).toHaveCount(DEMO_CATALOG.infoItems.length);
  const dates = await items.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  expect(dates).toEqual([...dates].sort().reverse());
  // Each item says the day it was added, and no two say the same.
  const shown = await items.locator("time").allInnerTexts();
  expect(shown).toHaveLength(DEMO_CATALOG.infoItems.length);
  expect(new Set(shown).size).toBe(shown.length);
  await expect(items.first()).toContainText(/Added \d{1,2} \w{3} \d{4}/);

  // A thumbnail for every item with a picture, labelled by its heading or, for an image, its description.
  const withPictures = DEMO_CATALOG.infoItems.filter((item) => item.type !== "banner" && item.picture);
  await expect(items.getByTestId("info-item-thumbnail")).toHaveCount(withPictures.length);
  for (const [index, item] of DEMO_CATALOG.infoItems.entries()) {
    const row = items.nth(index);
    const thumbnail = row.getByTestId("info-item-thumbnail");
    if (item.type === "banner") {
      await expect(row).toContainText(item.content);
      await expect(thumbnail).toHaveCount(0);
    } else if (item.type === "card") {
      await expect(row).toContainText(item.heading);
      await expect(thumbnail).toHaveCount(item.picture ? 1 : 0);
      if (item.picture) await expect(thumbnail).toHaveAttribute("src", /\/4x3\/\d+\.webp$/);
    } else {
      await expect(row).toContainText(item.picture.headline);
      await expect(thumbnail).toHaveAttribute("src", /\/16x9\/\d+\.webp$/);
    }
    if (item.type !== "banner" && item.picture) {
      // Thumbnails load lazily: in view, each arrives.
      await thumbnail.scrollIntoViewIfNeeded();
      await expect(thumbnail).toHaveJSProperty("complete", true);
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  }
  await expectNoA11yViolations(page);
});

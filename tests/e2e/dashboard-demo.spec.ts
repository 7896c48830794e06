import { DEMO_CATALOG, DEMO_PRODUCTS } from "../../app/server/demo/catalog.server";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

test("the summary counts categories and products with plural nouns and lists home items newest first", async ({
  page,
  login,
}) => {
  await login();
  await expect(page.getByTestId("catalog-counts")).toHaveText(
    `${DEMO_CATALOG.categories.length} categories, ${DEMO_PRODUCTS.length} products`,
  );
  const items = page.getByRole("list", { name: "Banners, cards and images, newest first" }).getByRole("listitem");
  await expect(items).toHaveCount(DEMO_CATALOG.infoItems.length);
  const dates = await items.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  expect(dates).toEqual([...dates].sort().reverse());
  await expectNoA11yViolations(page);
});

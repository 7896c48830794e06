import { DEMO_CATALOG } from "../../demo/demo-catalog";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

test.use({ ownServer: "search-synonyms", serverEnv: { DEMO_DATA: "1" } });

test("an owner edits the search synonyms; a search finds by the new one at once, and a wrong line is named", async ({
  page,
  login,
}) => {
  // Before: nobody calls the plate reader a "gatekeeper".
  await page.goto("/search?q=gatekeeper");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Search returned 0 results.");

  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Search Synonyms" }).click();
  await expect(page).toHaveURL("/dashboard/search-synonyms");
  await expect(page.getByRole("heading", { name: "Search Synonyms" })).toBeVisible();
  const field = page.getByLabel("Synonyms, one set a line");
  // The demo's sets, one a line.
  await expect(field).toHaveValue(DEMO_CATALOG.synonyms.map((set) => set.join(", ")).join("\n"));
  await expect(page.getByText(`${DEMO_CATALOG.synonyms.length} sets in use.`)).toBeVisible();
  await expectNoA11yViolations(page);
  await hydrated(page);

  // A set of one phrase is named by its line, and nothing is saved.
  const before = await field.inputValue();
  await field.fill(`${before}\ngatekeeper`);
  await page.getByRole("button", { name: "Save synonyms" }).click();
  const problem = `Line ${DEMO_CATALOG.synonyms.length + 1}: a set needs at least two phrases, separated by commas`;
  await expect(page.getByText(problem)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(`${before}\ngatekeeper, license plate`);
  await page.getByRole("button", { name: "Save synonyms" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Synonyms saved." })).toBeVisible();
  await expect(page.getByText(`${DEMO_CATALOG.synonyms.length + 1} sets in use.`)).toBeVisible();

  // The page cache dropped the search kept before: the new synonym finds the plate reader, marked.
  await page.goto("/search?q=gatekeeper");
  const products = page.getByRole("region", { name: "Products" });
  await expect(products.getByRole("link", { name: "VNT-B5M-LPR", exact: true })).toBeVisible();
  await expect(products.locator("mark").first()).toBeVisible();

  // Every save is a revision the History shows.
  await page.goto("/dashboard/search-synonyms");
  await page.getByRole("link", { name: "History of the synonyms" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Search synonyms");
  await expect(page.getByText("gatekeeper = license plate")).toBeVisible();
});

import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

// The demo's 4MP dome with a 2.8–12 mm lens: 2,560 px across, 103° at the wide end, 30° at the telephoto end.
const VARIFOCAL = "/catalog/products/vnt-d4m-aiz";

/**
 * The figures at 20 m, worked by hand: the scene is 2 × 20 m × tan(103° / 2) = 40 × 1.25717 = 50.29 m
 * wide at the wide end, so 2,560 px give 50.9 px/m (× 0.3048 = 15.5 px/ft), a Detection (25 to 62.5);
 * at the telephoto end 40 × tan 15° = 40 × 0.26795 = 10.72 m, 238.9 px/m (72.8 px/ft), a Recognition
 * (125 to 250). Identification (250 px/m) reaches 2,560 / (250 × 2.51434) = 4.07 m wide and
 * 2,560 / (250 × 0.53590) = 19.11 m at the telephoto end.
 */
async function expectTheFiguresAt20Metres(calculator: Locator) {
  const at = calculator.getByRole("table", { name: "At 20 m (65.6 ft)" });
  await expect(at.getByRole("columnheader")).toHaveText(["Wide end (2.8 mm, 103°)", "Telephoto end (12 mm, 30°)"]);
  await expect(at.getByRole("row", { name: /Scene width/ }).getByRole("cell")).toHaveText([
    "50.3 m (165.0 ft)",
    "10.7 m (35.2 ft)",
  ]);
  await expect(at.getByRole("row", { name: /Pixel density/ }).getByRole("cell")).toHaveText([
    "51 px/m (16 px/ft)",
    "239 px/m (73 px/ft)",
  ]);
  await expect(at.getByRole("row", { name: /DORI class reached/ }).getByRole("cell")).toHaveText([
    "Detection",
    "Recognition",
  ]);
  const farthest = calculator.getByRole("table", { name: "Farthest distance for each DORI class" });
  await expect(farthest.getByRole("row", { name: /Identification/ }).getByRole("cell")).toHaveText([
    "4.1 m (13.4 ft)",
    "19.1 m (62.7 ft)",
  ]);
}

/** The errors the page throws or logs from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

function calculatorOf(page: Page) {
  return page.getByRole("region", { name: "Coverage calculator" });
}

test("the coverage calculator gives the hand-worked figures at 20 m, live, and its code comes when needed", async ({
  page,
}) => {
  // A short phone: the calculator is more than two screens down, beyond where its code is fetched ahead.
  await page.setViewportSize({ width: 390, height: 640 });
  const errors = pageErrors(page);
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (/coverage-calculator-[\w-]+\.js$/.test(request.url())) fetched.push(request.url());
  });
  await page.goto(VARIFOCAL);
  await hydrated(page);
  const calculator = calculatorOf(page);
  const top = (await calculator.boundingBox())?.y ?? 0;
  expect(top).toBeGreaterThan(2 * 640);
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);

  await calculator.scrollIntoViewIfNeeded();
  await expect.poll(() => fetched.length).toBe(1);
  const distance = calculator.getByRole("textbox", { name: "Distance to the scene" });
  await distance.fill("20");
  await expectTheFiguresAt20Metres(calculator);
  // The island took the server's HTML as it was: no hydration error, nothing else either.
  expect(errors).toEqual([]);
  await expect(
    calculator.getByText(/^At 20 m \(65\.6 ft\), VNT-D4M-AIZ at its wide end sees a scene 50\.3 m wide/),
  ).toBeVisible();
  // The address keeps the distance without a new history entry: a copied link reopens it.
  await expect(page).toHaveURL(/[?&]distance=20&unit=m/);

  // 65.6 ft is 20 m.
  await calculator.getByRole("combobox", { name: "Unit" }).selectOption("ft");
  await distance.fill("65.6");
  await expect(calculator.getByRole("table", { name: /^At 20 m/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]distance=65\.6&unit=ft/);

  await distance.fill("far");
  await expect(distance).toHaveAccessibleDescription("Enter the distance as a number, e.g. 20");
  await expect(distance).toHaveAttribute("aria-invalid", "true");
  await distance.fill("20000");
  await expect(distance).toHaveAccessibleDescription("Enter a distance from 2 to 9,842 ft");

  await page.reload();
  await hydrated(page);
  await expect(calculator.getByRole("textbox", { name: "Distance to the scene" })).toHaveValue("20000");
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${VARIFOCAL}?distance=20&unit=m`);
  await hydrated(page);
  await calculator.scrollIntoViewIfNeeded();
  await expectTheFiguresAt20Metres(calculator);
  await expectNoA11yViolations(page);
});

test("what a visitor types before the calculator's code comes is kept, in the figures and the address", async ({
  page,
}) => {
  const errors = pageErrors(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/coverage-calculator-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(VARIFOCAL);
  await hydrated(page);
  const calculator = calculatorOf(page);
  const distance = calculator.getByRole("textbox", { name: "Distance to the scene" });
  // Into the server's form: coming to it asked for the code, which is held back until then.
  await distance.fill("20");
  await expect.poll(() => asked.length).toBe(1);
  release();
  await expectTheFiguresAt20Metres(calculator);
  await expect(page).toHaveURL(/[?&]distance=20&unit=m/);
  await expect(distance).toHaveValue("20");
  expect(errors).toEqual([]);
});

test("the coverage calculator works without JavaScript as a GET form", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(VARIFOCAL);
    const calculator = calculatorOf(page);
    await calculator.getByRole("textbox", { name: "Distance to the scene" }).fill("20");
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\?distance=20&unit=m#coverage$/);
    await expectTheFiguresAt20Metres(calculatorOf(page));
  } finally {
    await context.close();
  }
});

test("a camera without typed optics has no calculator", async ({ page }) => {
  // The demo's recorders have no field of view.
  await page.goto("/catalog/products/vnt-n8-p8");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(calculatorOf(page)).toHaveCount(0);
});

test("another camera opened before the calculator's code came shows at once, with its own figures", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  const errors = pageErrors(page);
  await page.goto("/catalog/products/vnt-d4m-ai28");
  await hydrated(page);
  // From the header's search, without scrolling: the calculator below is still the server's HTML.
  await page.getByRole("banner").getByLabel("Search products and categories").click();
  await page.keyboard.type("VNT-D4M-AIZ", { delay: 30 });
  await page
    .getByRole("banner")
    .getByRole("listbox", { name: "Search results" })
    .getByRole("option", { name: /VNT-D4M-AIZ/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "VNT-D4M-AIZ" })).toBeVisible({ timeout: 5_000 });
  const calculator = calculatorOf(page);
  await calculator.scrollIntoViewIfNeeded();
  // Typed at once, maybe before its code came: the figures follow all the same.
  await calculator.getByRole("textbox", { name: "Distance to the scene" }).fill("20");
  await expectTheFiguresAt20Metres(calculator);
  expect(errors).toEqual([]);

  // A distance that cannot be read: Calculate takes the visitor back to the field and its message.
  await calculator.getByRole("textbox", { name: "Distance to the scene" }).fill("far");
  await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(calculator.getByRole("textbox", { name: "Distance to the scene" })).toBeFocused();
});

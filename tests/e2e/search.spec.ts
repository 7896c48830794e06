import type { Page } from "@playwright/test";
import { compareIgnoringCase } from "../../app/domain/format";
import { DEMO_CATALOG, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { demoSearch } from "../support/demo-search";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });

/** What the server must answer for `query` on the demo catalog (requirements §5, decision 067). */
const expectedMatches = (query: string, limit?: number) => demoSearch(query.trim(), limit);

function demoProduct(model: string) {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.model === model);
  if (!product) throw new Error(`The demo catalog has no ${model}`);
  return product;
}

/** Words each found in one demo product only: in its description, its specs text, its specs table. */
const DESCRIPTION_WORD = "ladder";
const SPECS_TEXT_WORD = "gyroscope";
const SPECS_TABLE_WORDS = "sudden loss";

/** requirements §5's result line, written out here so a change to the wording fails a test. */
function resultLine(total: number) {
  return total === 0 ? "Search returned 0 results." : `Search returned ${total} result(s)`;
}

function headerSearch(page: Page) {
  return page.getByRole("banner").getByRole("combobox", { name: "Search products and categories" });
}

function dropdown(page: Page) {
  return page.getByRole("banner").getByRole("listbox", { name: "Search results" });
}

/** The result line shown above the list. */
function dropdownLine(page: Page) {
  return page.getByRole("banner").getByTestId("search-summary");
}

/** The same line for screen readers, announced as it changes. */
function announcement(page: Page) {
  return page.getByRole("banner").locator('[aria-live="polite"]');
}

function dropdownOptions(page: Page) {
  return dropdown(page).getByRole("option");
}

/** The result line and the models and category names listed on /search. */
async function resultsPage(page: Page) {
  const main = page.getByRole("main");
  const categories = main.getByRole("region", { name: "Categories" }).getByRole("heading", { level: 3 });
  const products = main.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 });
  return {
    categories: (await categories.allInnerTexts()).map((text) => text.trim()),
    // A heading reads "MODEL" or "MODEL NDAA compliant"; models have no spaces.
    products: (await products.allInnerTexts()).map((text) => text.trim().split(/\s/)[0] ?? ""),
  };
}

/** The header's field, whether it is still the plain search field or already the combobox. */
function headerField(page: Page) {
  return page.getByRole("banner").getByLabel("Search products and categories");
}

/**
 * Types `text` into the header's box and waits until the list shows the answer for all of it. A busy
 * machine may pause between keystrokes longer than the debounce, so the answers for shorter prefixes
 * can arrive first, often with the same count: only the whole text's answer says the list is final.
 */
async function typeQuickly(page: Page, text: string) {
  // Before hydration the box is a plain field: keystrokes would ask the server nothing.
  await hydrated(page);
  const term = text.trim();
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/search.data" && url.searchParams.get("q") === term;
  });
  // Keys go to whichever field has the focus: the combobox takes over mid-word when its script arrives.
  await headerField(page).click();
  await page.keyboard.type(text, { delay: 30 });
  await answer;
  // The fetcher is busy from the request until its answer is rendered.
  await expect(dropdown(page)).toHaveAttribute("aria-busy", "false");
}

test.describe("the /search results page", () => {
  test("sorts the results by best match, newest or model, keeping the query", async ({ page }) => {
    const query = "dome";
    const expected = expectedMatches(query);
    await page.goto(`/search?q=${query}`);
    await hydrated(page);
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
    expect((await resultsPage(page)).products).toEqual(expected.products);
    const shownModels = async () => (await resultsPage(page)).products;

    await page.getByLabel("Sort by").selectOption("model");
    await expect(page).toHaveURL(/[?&]sort=model/);
    await expect(page).toHaveURL(/[?&]q=dome/);
    await expect.poll(shownModels).toEqual([...expected.products].sort(compareIgnoringCase));

    // The demo's products were added in their list's order: the last added is the newest.
    const addedAt = (model: string) => DEMO_PRODUCTS.findIndex((product) => product.model === model);
    await page.getByLabel("Sort by").selectOption("newest");
    await expect(page).toHaveURL(/[?&]sort=newest/);
    await expect.poll(shownModels).toEqual([...expected.products].sort((a, b) => addedAt(b) - addedAt(a)));
    await expectNoA11yViolations(page);
  });

  test("finds a product by model in any letter case", async ({ page }) => {
    const model = DEMO_KNOWN_MODELS.dome;
    for (const query of [model, model.toLowerCase(), `  ${model.slice(0, 7).toLowerCase()}  `]) {
      const expected = expectedMatches(query);
      expect(expected.products).toContain(model);
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole("main").getByRole("status")).toHaveText(resultLine(expected.total));
      expect(await resultsPage(page)).toEqual({ categories: expected.categories, products: expected.products });
    }
    await expect(page).toHaveTitle(`Search: ${model.slice(0, 7).toLowerCase()} | Vantage`);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search products and categories" })).toHaveValue(
      model.slice(0, 7).toLowerCase(),
    );

    // Under its model, what it is.
    await expect(page.getByRole("main").getByText(demoProduct(model).name, { exact: true })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: model, exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  });

  test("finds products by a word of their description or of their specs, text or table, in any letter case", async ({
    page,
  }) => {
    const cases = [
      { query: DESCRIPTION_WORD.toUpperCase(), model: "VNT-D4M-AIZ", where: "description" },
      { query: SPECS_TEXT_WORD.toUpperCase(), model: DEMO_KNOWN_MODELS.ptz, where: "specs text" },
      { query: SPECS_TABLE_WORDS.toUpperCase(), model: DEMO_KNOWN_MODELS.withSpecsTable, where: "specs table" },
    ] as const;
    expect(demoProduct("VNT-D4M-AIZ").description.toLowerCase()).toContain(DESCRIPTION_WORD);
    expect(demoProduct(DEMO_KNOWN_MODELS.ptz).specsFormat).toBe("text");
    expect(demoProduct(DEMO_KNOWN_MODELS.withSpecsTable).specsFormat).toBe("table");
    for (const { query, model, where } of cases) {
      // The word is only in that product (and only in that field), or this would prove less.
      expect(expectedMatches(query), where).toEqual({
        categories: [],
        products: [model],
        advisories: [],
        news: 0,
        total: 1,
      });
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole("main").getByRole("status"), where).toHaveText("Search returned 1 result(s)");
      expect(await resultsPage(page), where).toEqual({ categories: [], products: [model] });
    }
  });

  test("lists matching categories with their descriptions, linked to their pages", async ({ page }) => {
    const expected = expectedMatches("panoramic");
    expect(expected.categories).toEqual(["Fisheye / Panoramic"]);
    await page.goto("/search?q=PANORAMIC");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(resultLine(expected.total));
    expect(await resultsPage(page)).toEqual({ categories: expected.categories, products: expected.products });
    const category = DEMO_CATALOG.categories.find((candidate) => candidate.name === "Fisheye / Panoramic");
    await expect(page.getByRole("region", { name: "Categories" })).toContainText(category?.description ?? "-");

    await page.getByRole("link", { name: "Fisheye / Panoramic" }).click();
    await expect(page).toHaveURL(/\/catalog\/categories\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Fisheye / Panoramic" })).toBeVisible();
  });

  test("says 'Search returned 0 results.' when nothing matches, and shows no results for an empty query", async ({
    page,
  }) => {
    expect(expectedMatches("zzqx-nothing").total).toBe(0);
    await page.goto("/search?q=zzqx-nothing");
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Search returned 0 results.");
    await expect(page.getByRole("main").getByRole("region")).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Search is by words: punctuation alone, LIKE's wildcards included, finds nothing.
    for (const query of ["_", "%"]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Search returned 0 results.");
    }

    for (const query of ["", "   "]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page).toHaveTitle("Search | Vantage");
      await expect(page.getByText(/search the catalog/)).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("region")).toHaveCount(0);
    }
  });

  test("is accessible with results", async ({ page }) => {
    await page.goto("/search?q=dome");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(resultLine(expectedMatches("dome").total));
    await expectNoA11yViolations(page);
  });

  test("works without JavaScript: the header's form is a plain GET", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/about");
      const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products and categories" });
      await box.fill(SPECS_TEXT_WORD);
      await box.press("Enter");
      await expect(page).toHaveURL(`/search?q=${SPECS_TEXT_WORD}`);
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Search returned 1 result(s)");
      expect(await resultsPage(page)).toEqual({ categories: [], products: [DEMO_KNOWN_MODELS.ptz] });

      // The page's own form too.
      const own = page.getByRole("main").getByRole("searchbox", { name: "Search products and categories" });
      await own.fill("zzqx-nothing");
      await page.getByRole("main").getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Search returned 0 results.");
    } finally {
      await context.close();
    }
  });
});

test.describe("the header's search box", () => {
  test("shows the server's matches as you type, asking once the typing pauses", async ({ page }) => {
    await page.goto("/");
    const requests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/search.data") requests.push(request.url());
    });
    const answer = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === "/search.data" && url.searchParams.get("q") === SPECS_TEXT_WORD;
    });
    await typeQuickly(page, SPECS_TEXT_WORD);
    // A prefix ("gyr") may already show the same single match: wait for the whole word's answer.
    const body = await (await answer).text();
    await expect(dropdown(page)).toBeVisible();
    await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "true");
    await expect(dropdownLine(page)).toHaveText("Search returned 1 result(s)");
    await expect(announcement(page)).toHaveText("Search returned 1 result(s)");
    await expect(dropdownOptions(page)).toHaveText([new RegExp(`^${DEMO_KNOWN_MODELS.ptz}`)]);
    // Debounced: fewer requests than keystrokes, however slowly a loaded machine types.
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThan(SPECS_TEXT_WORD.length);
    expect(new URL(requests.at(-1) ?? "").searchParams.get("q")).toBe(SPECS_TEXT_WORD);

    // Only the matches travel, not the catalog.
    expect(body).toContain(DEMO_KNOWN_MODELS.ptz);
    for (const model of Object.values(DEMO_KNOWN_MODELS).filter((model) => model !== DEMO_KNOWN_MODELS.ptz)) {
      expect(body).not.toContain(model);
    }
  });

  test("lists categories first, then products, at most a few of each, with the full total", async ({ page }) => {
    const expected = expectedMatches("camera");
    expect(expected.categories.length).toBeGreaterThan(1);
    expect(expected.products.length).toBeGreaterThan(8);
    await page.goto("/");
    await typeQuickly(page, "CAMERA");
    await expect(dropdownLine(page)).toHaveText(resultLine(expected.total));
    const categories = dropdown(page).getByRole("group", { name: "Categories" }).getByRole("option");
    const products = dropdown(page).getByRole("group", { name: "Products" }).getByRole("option");
    await expect(categories).toHaveCount(Math.min(8, expected.categories.length));
    await expect(products).toHaveCount(8);
    const productTexts = await products.allInnerTexts();
    expect(productTexts.map((text) => text.split("\n")[0]?.trim())).toEqual(expected.products.slice(0, 8));
    const categoryTexts = await categories.allInnerTexts();
    expect(categoryTexts.map((text) => text.split("\n")[0]?.trim())).toEqual(expected.categories.slice(0, 8));

    await page.getByRole("banner").getByRole("link", { name: "See all results" }).click();
    await expect(page).toHaveURL("/search?q=CAMERA");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(resultLine(expected.total));
    await expect(dropdown(page)).toBeHidden();
  });

  test("shows 'Search returned 0 results.' and clears the results when the input is emptied", async ({ page }) => {
    await page.goto("/");
    await typeQuickly(page, "zzqx");
    await expect(dropdownLine(page)).toHaveText("Search returned 0 results.");
    await expect(dropdownLine(page)).toBeVisible();
    await expect(announcement(page)).toHaveText("Search returned 0 results.");
    await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "true");
    await expect(dropdownOptions(page)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await headerSearch(page).fill("");
    await expect(dropdown(page)).toBeHidden();
    await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "false");
    await expect(dropdownLine(page)).toBeHidden();
    await expect(announcement(page)).toHaveText("");

    await typeQuickly(page, "nvr");
    await expect(dropdownLine(page)).toHaveText(resultLine(expectedMatches("nvr").total));
    await headerSearch(page).press("Control+a");
    await headerSearch(page).press("Backspace");
    await expect(dropdown(page)).toBeHidden();
    await expect(dropdownOptions(page)).toHaveCount(0);
  });

  test("moves through the results with the arrow keys; Enter opens the highlighted one", async ({ page }) => {
    const query = DEMO_KNOWN_MODELS.dome.slice(0, 7);
    const expected = expectedMatches(query);
    expect(expected.categories).toEqual([]);
    expect(expected.products.length).toBeGreaterThan(2);
    await page.goto("/");
    await typeQuickly(page, query);
    await expect(dropdownLine(page)).toHaveText(resultLine(expected.total));
    const box = headerSearch(page);
    const options = dropdownOptions(page);

    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "-");
    await expect(box).toBeFocused();

    await box.press("Enter");
    await expect(page).toHaveURL(/\/catalog\/products\/[a-z0-9-]+$/);
    // Focus leaves the search box for the picked page's heading, which a screen reader then reads.
    await expect(page.getByRole("heading", { level: 1, name: expected.products[1] })).toBeFocused();
    await expect(dropdown(page)).toBeHidden();
  });

  test("picks the camera meant by a model fragment or a type and a number, by keyboard", async ({ page }) => {
    for (const { query, meant } of [
      { query: "d4m", meant: "VNT-D4M-AI28" },
      { query: "ptz 4k", meant: "VNT-P8M-42X" },
    ]) {
      expect(expectedMatches(query, 8).products[0], query).toBe(meant);
      await page.goto("/");
      await typeQuickly(page, query);
      // The first option is the camera; the words that matched are marked in it.
      await expect(dropdownOptions(page).first()).toContainText(meant);
      await expect(dropdownOptions(page).first().locator("mark").first()).toBeVisible();
      await headerSearch(page).press("ArrowDown");
      await headerSearch(page).press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: meant })).toBeVisible();
    }
  });

  test("marks the words that matched on the results page, typos' corrections too", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("starlihgt dome")}`);
    const products = page.getByRole("region", { name: "Products" });
    await expect(products.getByRole("link", { name: "VNT-D4M-AI28", exact: true })).toBeVisible();
    const marked = await products.locator("mark").allTextContents();
    expect(marked.map((text) => text.toLowerCase())).toEqual(expect.arrayContaining(["starlight", "dome"]));
    await expectNoA11yViolations(page);
  });

  test("ArrowUp starts from the last result and wraps around", async ({ page }) => {
    const expected = expectedMatches("junction");
    const count = expected.total;
    expect(count).toBeGreaterThan(2);
    await page.goto("/");
    await typeQuickly(page, "junction");
    const options = dropdownOptions(page);
    await expect(options).toHaveCount(count);
    const box = headerSearch(page);
    await box.press("ArrowUp");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(count - 1)).toContainText(expected.products.at(-1) ?? "-");
    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toContainText(expected.categories[0] ?? "-");
    await box.press("ArrowUp");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await expect(options.filter({ has: page.locator('[aria-selected="true"]') })).toHaveCount(0);
    await expect(dropdown(page).locator('[aria-selected="true"]')).toHaveCount(1);
  });

  test("Enter with nothing highlighted opens the full results page", async ({ page }) => {
    await page.goto("/contact");
    await typeQuickly(page, "Panoramic");
    await expect(dropdown(page)).toBeVisible();
    await headerSearch(page).press("Enter");
    await expect(page).toHaveURL("/search?q=Panoramic");
    const expected = expectedMatches("Panoramic");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(resultLine(expected.total));
    expect(await resultsPage(page)).toEqual({ categories: expected.categories, products: expected.products });
    await expect(dropdown(page)).toBeHidden();
  });

  test("Escape and a click elsewhere close the list; the arrow keys open it again", async ({ page }) => {
    await page.goto("/");
    await typeQuickly(page, "thermal");
    await expect(dropdown(page)).toBeVisible();
    const box = headerSearch(page);
    await box.press("Escape");
    await expect(dropdown(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("thermal");

    await box.press("ArrowDown");
    await expect(dropdown(page)).toBeVisible();
    await expect(dropdownOptions(page).first()).toHaveAttribute("aria-selected", "true");

    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(dropdown(page)).toBeHidden();
  });

  test("loads its script only when a visitor comes to the box, losing no keystroke typed meanwhile", async ({
    page,
  }) => {
    const comboboxScript = /\/assets\/search-combobox-[\w-]+\.js$/;
    let requested = false;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(comboboxScript, async (route) => {
      requested = true;
      await released;
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    expect(requested).toBe(false);
    await expect(
      page.getByRole("banner").getByRole("searchbox", { name: "Search products and categories" }),
    ).toBeVisible();

    await headerField(page).click();
    await page.keyboard.type(SPECS_TEXT_WORD.slice(0, 4));
    await expect.poll(() => requested).toBe(true);
    await expect(headerField(page)).toHaveValue(SPECS_TEXT_WORD.slice(0, 4));
    release();
    await expect(headerSearch(page)).toBeFocused();
    await page.keyboard.type(SPECS_TEXT_WORD.slice(4));
    await expect(headerSearch(page)).toHaveValue(SPECS_TEXT_WORD);
    await expect(dropdownOptions(page)).toHaveText([new RegExp(`^${DEMO_KNOWN_MODELS.ptz}`)]);
  });

  test("a result can be chosen with the mouse", async ({ page }) => {
    await page.goto("/");
    await typeQuickly(page, SPECS_TEXT_WORD);
    // A slow machine may first show the matches of a shorter prefix: click once the whole word's are in.
    await expect(dropdownOptions(page)).toHaveText([new RegExp(`^${DEMO_KNOWN_MODELS.ptz}`)]);
    await dropdownOptions(page).first().click();
    await expect(page).toHaveURL(/\/catalog\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: DEMO_KNOWN_MODELS.ptz })).toBeVisible();
  });

  test("is accessible with the list open", async ({ page }) => {
    await page.goto("/");
    await typeQuickly(page, "dome");
    await expect(dropdownOptions(page).first()).toBeVisible();
    await headerSearch(page).press("ArrowDown");
    await expectNoA11yViolations(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the list fits the screen and works the same", async ({ page }) => {
      await page.goto("/");
      await typeQuickly(page, "junction");
      await expect(dropdownLine(page)).toHaveText(resultLine(expectedMatches("junction").total));
      const box = await dropdown(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
      expect(box?.width ?? 0).toBeGreaterThan(300);
      await headerSearch(page).press("ArrowDown");
      await headerSearch(page).press("Enter");
      await expect(page).toHaveURL(/\/catalog\/categories\/[a-z0-9-]+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Accessories" })).toBeVisible();
    });
  });
});

import type { Locator, Page } from "@playwright/test";
import type pg from "pg";
import { SUPPORT_PAGE_SIZE } from "../../app/domain/catalog-views";
import { fileNameSegments } from "../../app/domain/file-name";
import { compareIgnoringCase } from "../../app/domain/format";
import { expectNoA11yViolations } from "../support/a11y";
import { changeDatabase, queryDatabase, type SiteDatabase } from "../support/sql";
import { expect, hydrated, liveConnected, test } from "./fixtures";

// PostgreSQL rather than PGlite, so this test process can read the site's database and add to it; a
// server of its own, as the tests add products and categories for a while.
test.use({
  serverEnv: [
    async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase, DEMO_DATA: "1" }),
    { scope: "worker" },
  ],
  ownServer: "support-search",
});

interface ShownDownloadRow {
  model: string;
  description: string;
  file_name: string;
}

/**
 * Each product with downloads the page should show for `query` (and `categoryId`), by model ignoring
 * case, with the downloads it should list: all of them when its model holds the query, else those whose
 * description or file name does. Worked out here in SQL of its own, independently of the app's.
 */
async function expectedProducts(databaseUrl: string, query: string, categoryId?: string) {
  const rows = await queryDatabase<ShownDownloadRow>(
    databaseUrl,
    `select p.model, pd.description, f.original_name as file_name
       from product_downloads pd
       join products p on p.id = pd.product_id
       join files f on f.id = pd.file_id
      where ($2::uuid is null or p.category_id = $2::uuid)
        and (strpos(lower(p.model), lower($1)) > 0 or strpos(lower(pd.description), lower($1)) > 0
             or strpos(lower(f.original_name), lower($1)) > 0)
      order by pd.position`,
    [query, categoryId ?? null],
  );
  const byModel = new Map<string, string[]>();
  for (const row of rows) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row.file_name]);
  return [...byModel.entries()]
    .sort(([a], [b]) => compareIgnoringCase(a, b))
    .map(([model, fileNames]) => ({ model, fileNames }));
}

function productCard(page: Page): Locator {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Product Specific Downloads", exact: true }) });
}

function generalCard(page: Page): Locator {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "General Downloads", exact: true }) });
}

/** Each listed product's model and the file names of the downloads it lists, in order. */
/**
 * The products shown, in model order: a search ranks them (decision 067, proven by the integration
 * tests); what the page must show is which products and which of their downloads.
 */
async function shownInModelOrder(page: Page) {
  return (await shownProducts(page)).sort((a, b) => compareIgnoringCase(a.model, b.model));
}

async function shownProducts(page: Page) {
  return productCard(page)
    .locator("ul.grid > li")
    .evaluateAll((items) =>
      items.map((item) => ({
        model: item.querySelector("h3")?.textContent ?? "",
        // The file name is the second part of each entry's link (the first is the description).
        fileNames: [...item.querySelectorAll("ul > li > a")].map((link) => link.children[1]?.textContent ?? ""),
      })),
    );
}

function status(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /./ });
}

function searchField(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Search downloads" });
}

function categorySelect(page: Page): Locator {
  return page.getByRole("combobox", { name: "Category" });
}

/** Types into the search field as a visitor does and waits for the page that search makes. */
async function typeSearch(page: Page, query: string) {
  await searchField(page).fill(query);
  await expect(page).toHaveURL((url) => url.pathname === "/support" && url.searchParams.get("q") === query.trim());
}

async function categoryIdNamed(databaseUrl: string, name: string): Promise<string> {
  const [row] = await queryDatabase<{ id: string }>(databaseUrl, "select id from categories where name = $1", [name]);
  if (!row) throw new Error(`the demo catalog has no ${name} category`);
  return row.id;
}

/** A file row as an upload leaves it once a record uses it; the bytes are never read here. */
async function insertFile(client: pg.ClientBase, name: string, contentType = "application/pdf"): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into files (storage_key, original_name, size, content_type, sha256, width, height, staged)
     values ('test/' || gen_random_uuid(), $1, 52000, $2, repeat('0', 64), $3, $3, false) returning id`,
    [name, contentType, contentType.startsWith("image/") ? 600 : null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no file row");
  return id;
}

test("the firmware page is reached from /support, the header and the footer", async ({ page }) => {
  await page.goto("/support");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Firmware updates and release notes" }).click();
  await expect(page).toHaveURL("/support/firmware");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const header = page.getByRole("navigation", { name: "Main" });
  await expect(header.getByRole("link", { name: "Firmware", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("link", { name: "Support", exact: true })).not.toHaveAttribute("aria-current", "page");
  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "Firmware" }).click();
  await expect(page).toHaveURL("/support/firmware");
});

test.describe("/support on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows the search and the first files in the first screen, and pages within about three", async ({ page }) => {
    const screen = 844;
    await page.goto("/support");
    await hydrated(page);
    await expect(searchField(page)).toBeInViewport();
    await expect(generalCard(page).getByRole("link").first()).toBeInViewport();
    // Browsing folds each product to a line; the page ends in its page links well before four screens.
    const pages = page.getByRole("navigation", { name: "Pages" });
    const pagesBox = await pages.boundingBox();
    expect(pagesBox?.y).toBeLessThan(3.5 * screen);
    const rows = productCard(page).locator("ul.grid > li");
    await expect(rows).toHaveCount(SUPPORT_PAGE_SIZE);
    await expect(rows.first().getByRole("list")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);

    // The keyboard opens a product's downloads as a click does; the summary names the product.
    const first = rows.first();
    const model = (await first.getByRole("heading", { level: 3 }).textContent()) ?? "";
    const summary = first.locator("summary");
    await expect(summary).toHaveText(new RegExp(`^›\\d+ downloads? for ${model}$`));
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(first.getByRole("list")).toBeVisible();
    await expect(first.getByRole("list").getByRole("link").first()).toBeInViewport({ ratio: 0.5 });

    // A search by model: the field is kept, the products found are the first thing under it, open.
    await typeSearch(page, "d4m");
    const found = productCard(page).locator("ul.grid > li");
    await expect(found.first().getByRole("heading", { level: 3 })).toHaveText(/^VNT-D4M/);
    await expect(found.first().getByRole("heading", { level: 3 })).toBeInViewport();
    await expect(found.first().getByRole("list")).toBeVisible();
    const end = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(end).toBeLessThan(3.5 * screen);
  });
});

test.describe("/support's search", () => {
  test("finds a product by its model, with all of its downloads", async ({ page, postgresDatabase }) => {
    const expected = await expectedProducts(postgresDatabase, "VNT-D4M");
    expect(expected.length).toBeGreaterThan(1);
    for (const product of expected) expect(product.model).toMatch(/^VNT-D4M/);
    const all = await expectedProducts(postgresDatabase, "");
    for (const product of expected) {
      expect(product.fileNames).toEqual(all.find((entry) => entry.model === product.model)?.fileNames);
    }

    await page.goto("/support");
    await hydrated(page);
    await typeSearch(page, "vnt");
    await typeSearch(page, "vnt-d4m");
    await expect(status(page)).toHaveText(`${expected.length} products match “vnt-d4m”.`);
    expect(await shownInModelOrder(page)).toEqual(expected);
    // The results came in while the visitor kept the field: focus and text stay as they were.
    await expect(searchField(page)).toBeFocused();
    await expect(searchField(page)).toHaveValue("vnt-d4m");
    // No general download matches: the products found are all the page shows.
    await expect(generalCard(page)).toHaveCount(0);

    // Typing on made one history entry, not one per pause: Back leaves the search.
    await page.goBack();
    await expect(page).toHaveURL("/support");
    await expect(searchField(page)).toHaveValue("");
  });

  test("finds downloads by file name, each product listing only the ones that match", async ({
    page,
    postgresDatabase,
  }) => {
    // The descriptions say "Quick Start Guide": only the file names hold an underscore.
    const expected = await expectedProducts(postgresDatabase, "quick_start");
    expect(expected.length).toBeGreaterThan(3);
    for (const product of expected) expect(product.fileNames).toEqual([`${product.model}_Quick_Start_Guide.pdf`]);

    await page.goto("/support");
    await hydrated(page);
    await typeSearch(page, "QUICK_START");
    await expect(status(page)).toHaveText(`${expected.length} products match “QUICK_START”.`);
    expect(await shownInModelOrder(page)).toEqual(expected);
    // General downloads are searched by file name too.
    await expect(generalCard(page).getByRole("link")).toHaveCount(1);
    await expect(generalCard(page).getByRole("link")).toContainText("Vantage_Mobile_App_Quick_Start.pdf");
  });

  test("finds downloads by a word of their description", async ({ page, postgresDatabase }) => {
    // The file names say "Release_Notes": only the descriptions hold "release notes".
    const expected = await expectedProducts(postgresDatabase, "release notes");
    expect(expected.length).toBeGreaterThan(3);

    await page.goto("/support");
    await hydrated(page);
    await typeSearch(page, "Release Notes");
    await expect(status(page)).toHaveText(`${expected.length} products match “Release Notes”.`);
    // The first page of them, each with just its matching downloads.
    const shown = await shownInModelOrder(page);
    expect(shown).toHaveLength(Math.min(expected.length, SUPPORT_PAGE_SIZE));
    for (const product of shown) expect(expected).toContainEqual(product);
    for (const link of await productCard(page).locator("ul > li > a").all()) {
      await expect(link).toContainText(/^Firmware [\d.]+ release notes/);
    }
    await expect(generalCard(page)).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("a category narrows the products, lists the categories by name, and hides the general downloads", async ({
    page,
    postgresDatabase,
  }) => {
    const categories = await queryDatabase<{ name: string }>(postgresDatabase, "select name from categories");
    const domeId = await categoryIdNamed(postgresDatabase, "Dome Cameras");
    const expected = await expectedProducts(postgresDatabase, "", domeId);
    expect(expected.length).toBeGreaterThan(2);

    await page.goto("/support");
    await hydrated(page);
    await expect(categorySelect(page).locator("option")).toHaveText([
      "All categories",
      ...categories.map((category) => category.name).sort(compareIgnoringCase),
    ]);
    await categorySelect(page).selectOption({ label: "Dome Cameras" });
    await expect(page).toHaveURL(`/support?category=${domeId}`);
    await expect(status(page)).toHaveText(`${expected.length} products with downloads in Dome Cameras.`);
    // The first page of them, in model order.
    expect(await shownInModelOrder(page)).toEqual(expected.slice(0, SUPPORT_PAGE_SIZE));
    await expect(generalCard(page)).toHaveCount(0);
    const allCategories = page.getByRole("link", { name: "see them under all categories" });
    await expect(allCategories).toHaveAttribute("href", "/support");
    await expectNoA11yViolations(page);

    // A search within the category, then Back: one step back per choice, the fields following.
    await typeSearch(page, "datasheet");
    await expect(page).toHaveURL(`/support?q=datasheet&category=${domeId}`);
    const both = await expectedProducts(postgresDatabase, "datasheet", domeId);
    await expect(status(page)).toHaveText(`${both.length} products in Dome Cameras match “datasheet”.`);
    expect(await shownInModelOrder(page)).toEqual(both);
    await expect(allCategories).toHaveAttribute("href", "/support?q=datasheet");

    await page.goBack();
    await expect(page).toHaveURL(`/support?category=${domeId}`);
    await expect(searchField(page)).toHaveValue("");
    await expect(categorySelect(page)).toHaveValue(domeId);
    await page.goBack();
    await expect(page).toHaveURL("/support");
    await expect(categorySelect(page)).toHaveValue("");
    await expect(generalCard(page)).toBeVisible();
  });

  test("a type narrows the downloads to that kind, general and product ones, and a search within it", async ({
    page,
    postgresDatabase,
  }) => {
    const kindOf = (kind: string) =>
      queryDatabase<{ model: string; file_name: string }>(
        postgresDatabase,
        `select p.model, f.original_name as file_name
           from product_downloads pd join products p on p.id = pd.product_id join files f on f.id = pd.file_id
          where pd.kind = $1 order by pd.position`,
        [kind],
      );
    const declarations = await kindOf("declaration");
    const models = [...new Set(declarations.map((row) => row.model))].sort(compareIgnoringCase);
    expect(models.length).toBeGreaterThan(2);

    await page.goto("/support");
    await hydrated(page);
    const typeSelect = page.getByRole("combobox", { name: "Type" });
    await typeSelect.selectOption({ label: "Declarations of conformity" });
    await expect(page).toHaveURL("/support?type=declaration");
    await expect(status(page)).toHaveText(`${models.length} products with declarations of conformity.`);
    // No general download is one: their card says nothing rather than "none available".
    await expect(generalCard(page)).toHaveCount(0);
    const shown = await shownInModelOrder(page);
    expect(shown.map((product) => product.model)).toEqual(models.slice(0, SUPPORT_PAGE_SIZE));
    for (const product of shown) {
      expect(product.fileNames).toEqual(
        declarations.filter((row) => row.model === product.model).map((row) => row.file_name),
      );
    }
    await expectNoA11yViolations(page);

    // The general ones of a kind are listed with it; a search within it keeps what both find.
    await typeSelect.selectOption({ label: "Certificates" });
    await expect(page).toHaveURL("/support?type=certificate");
    await expect(generalCard(page).getByRole("link")).toHaveText([/NDAA Compliance Statement/]);
    await typeSearch(page, "warranty");
    await expect(page).toHaveURL("/support?q=warranty&type=certificate");
    await expect(status(page)).toHaveText("No certificates match “warranty”.");
  });

  test("a search that finds nothing says so, and its link shows everything again", async ({ page }) => {
    await page.goto("/support");
    await hydrated(page);
    await typeSearch(page, "zzqx nowhere");
    await expect(status(page)).toHaveText("No downloads match “zzqx nowhere”.");
    await expect(generalCard(page)).toHaveCount(0);
    await expect(productCard(page)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await categorySelect(page).selectOption({ label: "Thermal Cameras" });
    await expect(status(page)).toHaveText("No downloads match “zzqx nowhere” in Thermal Cameras.");

    await page.getByRole("link", { name: "Show all downloads" }).click();
    await expect(page).toHaveURL("/support");
    await expect(searchField(page)).toHaveValue("");
    await expect(categorySelect(page)).toHaveValue("");
    await expect(generalCard(page)).toBeVisible();
    await expect(productCard(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Show all downloads" })).toHaveCount(0);
  });

  test("works without JavaScript: the form's own GET request, an address to share", async ({
    browser,
    site,
    postgresDatabase,
  }) => {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/support");
      await searchField(page).fill("user manual");
      await categorySelect(page).selectOption({ label: "Bullet Cameras" });
      await page.getByRole("button", { name: "Search" }).click();
      const bulletId = await categoryIdNamed(postgresDatabase, "Bullet Cameras");
      // The browser sends every field, the empty type too.
      await expect(page).toHaveURL(`/support?q=user+manual&category=${bulletId}&type=`);
      const expected = await expectedProducts(postgresDatabase, "user manual", bulletId);
      expect(expected.length).toBeGreaterThan(0);
      await expect(status(page)).toHaveText(`${expected.length} products in Bullet Cameras match “user manual”.`);
      expect(await shownInModelOrder(page)).toEqual(expected);
      await expect(searchField(page)).toHaveValue("user manual");
      await expect(categorySelect(page)).toHaveValue(bulletId);

      // The same address opened anew shows the same.
      const shared = await context.newPage();
      await shared.goto(page.url());
      expect(await shownProducts(shared)).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  test("a searched page is kept out of search engines, its canonical link naming /support", async ({ page }) => {
    await page.goto("/support?q=firmware");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/support$/);
    await page.goto("/support");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/support$/);
  });

  test("a new category shows up in the open page's list", async ({ page, postgresDatabase, site }) => {
    const database: SiteDatabase = { databaseUrl: postgresDatabase, siteUrl: site.url };
    await page.goto("/support");
    await hydrated(page);
    // Hydrated is not yet listening: a change sent before the stream is open would never reach the page.
    await liveConnected(page);
    const id = await changeDatabase(database, ["categories"], async (client) => {
      const { rows } = await client.query<{ id: string }>(
        "insert into categories (name) values ('Live Test Domes') returning id",
      );
      return rows[0]?.id ?? "";
    });
    try {
      await expect(categorySelect(page).locator("option", { hasText: "Live Test Domes" })).toHaveAttribute("value", id);
    } finally {
      await changeDatabase(database, ["categories"], (client) =>
        client.query("delete from categories where id = $1", [id]),
      );
    }
  });
});

test("pages through many matches, every page link keeping the search and the category", async ({
  page,
  postgresDatabase,
  site,
}) => {
  const database: SiteDatabase = { databaseUrl: postgresDatabase, siteUrl: site.url };
  const count = SUPPORT_PAGE_SIZE + 2;
  const seeded = await changeDatabase(database, ["products", "categories"], async (client) => {
    const category = await client.query<{ id: string }>(
      "insert into categories (name) values ('Paging Test Cameras') returning id",
    );
    const categoryId = category.rows[0]?.id ?? "";
    const fileIds: string[] = [];
    for (let index = 1; index <= count; index++) {
      const model = `PAGING-TEST-${String(index).padStart(2, "0")}`;
      const imageId = await insertFile(client, `${model}.jpg`, "image/jpeg");
      const fileId = await insertFile(client, `${model}_User_Manual.pdf`);
      fileIds.push(imageId, fileId);
      const product = await client.query<{ id: string }>(
        "insert into products (model, category_id, image_file_id) values ($1, $2, $3) returning id",
        [model, categoryId, imageId],
      );
      await client.query(
        "insert into product_downloads (product_id, file_id, description, position) values ($1, $2, 'User Manual', 0)",
        [product.rows[0]?.id, fileId],
      );
    }
    return { categoryId, fileIds };
  });
  try {
    await page.goto("/support");
    await hydrated(page);
    await categorySelect(page).selectOption({ label: "Paging Test Cameras" });
    await typeSearch(page, "manual");
    const query = `q=manual&category=${seeded.categoryId}`;
    await expect(page).toHaveURL(`/support?${query}`);
    await expect(status(page)).toHaveText(`${count} products in Paging Test Cameras match “manual”.`);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages).toContainText("Page 1 of 2");
    expect((await shownProducts(page)).map((product) => product.model)).toEqual(
      Array.from({ length: SUPPORT_PAGE_SIZE }, (_, index) => `PAGING-TEST-${String(index + 1).padStart(2, "0")}`),
    );

    const next = pages.getByRole("link", { name: "Next" });
    await expect(next).toHaveAttribute("href", `/support?${query}&page=2`);
    await next.click();
    await expect(page).toHaveURL(`/support?${query}&page=2`);
    await expect(pages).toContainText("Page 2 of 2");
    expect(await shownProducts(page)).toEqual(
      [count - 1, count].map((number) => {
        const model = `PAGING-TEST-${String(number).padStart(2, "0")}`;
        return { model, fileNames: [`${model}_User_Manual.pdf`] };
      }),
    );
    await expect(searchField(page)).toHaveValue("manual");
    await expect(categorySelect(page)).toHaveValue(seeded.categoryId);
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveAttribute("href", `/support?${query}`);

    // A new search starts again at its first page.
    await typeSearch(page, "manual.pdf");
    await expect(page).toHaveURL(`/support?q=manual.pdf&category=${seeded.categoryId}`);
    await expect(pages).toContainText("Page 1 of 2");
  } finally {
    await changeDatabase(database, ["products", "categories"], async (client) => {
      await client.query("delete from products where category_id = $1", [seeded.categoryId]);
      await client.query("delete from files where id = any($1::uuid[])", [seeded.fileIds]);
      await client.query("delete from categories where id = $1", [seeded.categoryId]);
    });
  }
});

/** The accessible names Chrome itself gives the page's links (Playwright's locators work out their own). */
async function chromeLinkNames(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = await session.send("Accessibility.getFullAXTree");
    return nodes.filter((node) => node.role?.value === "link").map((node) => String(node.name?.value ?? ""));
  } finally {
    await session.detach();
  }
}

/** 120 characters in pieces of at most 15, as a long but ordinary file name is. */
const LONG_NAME =
  "Vantage_VMS-Enterprise_ClientInstaller_for_Windows-Server_2022_Datacenter-Edition_x64_MultiLanguage_build7731_Signed.msi";
/** 80 characters that no rule can wrap: only breaking anywhere keeps it on a phone's screen. */
const UNBREAKABLE_NAME = "0123456789".repeat(8);

test("on a 360 px phone a long file name wraps at its separators and nothing scrolls sideways", async ({
  page,
  postgresDatabase,
  site,
}) => {
  expect(LONG_NAME).toHaveLength(120);
  expect(Math.max(...fileNameSegments(LONG_NAME).map((segment) => segment.length))).toBeLessThanOrEqual(15);
  const database: SiteDatabase = { databaseUrl: postgresDatabase, siteUrl: site.url };
  const [product] = await queryDatabase<{ id: string; model: string }>(
    postgresDatabase,
    "select id, model from products where model = 'VNT-D4M-AI28'",
  );
  if (!product) throw new Error("the demo catalog has no VNT-D4M-AI28");
  const added = await changeDatabase(database, ["products"], async (client) => {
    const fileIds = [await insertFile(client, LONG_NAME), await insertFile(client, UNBREAKABLE_NAME)];
    const { rows } = await client.query<{ id: string }>(
      `insert into product_downloads (product_id, file_id, description, position)
       values ($1, $2, 'Client installer', 90), ($1, $3, '', 91) returning id`,
      [product.id, fileIds[0], fileIds[1]],
    );
    return { fileIds, downloadIds: rows.map((row) => row.id) };
  });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [`/support?q=${product.model}`, `/catalog/products/${product.id}`]) {
      await page.goto(path);
      const name = page.getByText(LONG_NAME, { exact: true });
      await expect(name).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);

      // Each piece between two <wbr>s sits on one line, and the name takes several lines.
      const lines = await name.evaluate((element) =>
        [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return { text: node.textContent, tops: [...tops] };
          }),
      );
      expect(lines.map((line) => line.text)).toEqual(fileNameSegments(LONG_NAME));
      for (const line of lines) expect(line.tops, `${path}: ${line.text}`).toHaveLength(1);
      expect(new Set(lines.flatMap((line) => line.tops)).size, path).toBeGreaterThan(2);

      // Chrome's own accessible name of the link reads the file name whole: no <wbr> became a space.
      const linkNames = await chromeLinkNames(page);
      expect(
        linkNames.find((linkName) => linkName.startsWith("Client installer")),
        path,
      ).toContain(LONG_NAME);

      // The name without a place to wrap is the entry's label as well as its file name: both stay in.
      const unbreakable = page.getByText(UNBREAKABLE_NAME, { exact: true });
      await expect(unbreakable).toHaveCount(2);
      for (const box of await unbreakable.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().right),
      )) {
        expect(box, path).toBeLessThanOrEqual(360);
      }
    }
  } finally {
    await changeDatabase(database, ["products"], async (client) => {
      await client.query("delete from product_downloads where id = any($1::uuid[])", [added.downloadIds]);
      await client.query("delete from files where id = any($1::uuid[])", [added.fileIds]);
    });
  }
});

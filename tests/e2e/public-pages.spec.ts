import { plainSlug } from "../support/addresses";
import type { Page } from "@playwright/test";
import { SUPPORT_PAGE_SIZE } from "../../app/domain/catalog-views";
import { compareIgnoringCase, formatFileSize, naturalCompare } from "../../app/domain/format";
import { expectNoA11yViolations } from "../support/a11y";
import { changeDatabase, queryDatabase } from "../support/sql";
import { expect, test } from "./fixtures";

// PostgreSQL rather than PGlite, so this test process can read and change the site's database.
test.use({
  serverEnv: [
    async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase, DEMO_DATA: "1" }),
    { scope: "worker" },
  ],
});

interface DownloadRow {
  id: string;
  description: string;
  file_id: string;
  file_name: string;
  size: string;
}

interface ProductDownloadRow extends DownloadRow {
  product_id: string;
  model: string;
  image_file_id: string;
}

function fileHref(row: { file_id: string; file_name: string }): string {
  return `/files/${row.file_id}/${encodeURIComponent(row.file_name)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What an entry's link must say, in this order: description (or file name), file name, size. */
function entryText(row: DownloadRow): RegExp {
  const parts = [row.description || row.file_name, row.file_name, formatFileSize(Number(row.size))];
  return new RegExp(`^\\s*${parts.map(escapeRegExp).join(".*")}`);
}

/** The card under a heading of that name. */
function card(page: Page, heading: string) {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });
}

function generalCard(page: Page) {
  return card(page, "General Downloads");
}

function productCard(page: Page) {
  return card(page, "Product Specific Downloads");
}

/** Every entry of a downloads list as the page shows it. */
async function shownEntries(list: ReturnType<Page["locator"]>) {
  return list.getByRole("link").evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute("href"),
      target: link.getAttribute("target"),
      rel: link.getAttribute("rel"),
      text: link.textContent,
    })),
  );
}

function expectedEntry(row: DownloadRow) {
  return {
    href: fileHref(row),
    target: "_blank",
    rel: expect.stringMatching(/\bnoopener\b/),
    text: expect.stringMatching(entryText(row)),
  };
}

const generalRows = (url: string) =>
  queryDatabase<DownloadRow>(
    url,
    `select d.id, d.description, f.id as file_id, f.original_name as file_name, f.size
       from downloads d join files f on f.id = d.file_id`,
  );

const productRows = (url: string) =>
  queryDatabase<ProductDownloadRow>(
    url,
    `select pd.id, pd.description, f.id as file_id, f.original_name as file_name, f.size,
            p.id as product_id, p.model, p.image_file_id
       from product_downloads pd
       join products p on p.id = pd.product_id
       join files f on f.id = pd.file_id
      order by pd.position`,
  );

test.describe("/support on the demo catalog", () => {
  test("lists the general downloads by description, each opening its file in a new tab", async ({
    page,
    request,
    postgresDatabase,
  }) => {
    const rows = (await generalRows(postgresDatabase)).sort((a, b) => naturalCompare(a.description, b.description));
    expect(rows.length).toBeGreaterThan(3);

    await page.goto("/support");
    await expect(page).toHaveTitle("Support and Downloads | Vantage");
    await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
    const general = generalCard(page);
    await expect(general).toBeVisible();
    expect(await shownEntries(general)).toEqual(rows.map(expectedEntry));

    const catalog = rows.find((row) => row.description === "Product Catalog 2026");
    if (!catalog) throw new Error("the demo catalog has no Product Catalog 2026 download");
    const link = general.getByRole("link", { name: /Product Catalog 2026/ });
    await expect(link).toContainText("Vantage_Product_Catalog_2026.pdf");
    await expect(link).toContainText(/\d+ KB/);
    await expect(link).toContainText(formatFileSize(Number(catalog.size)));
    await expect(link).toHaveAttribute("target", "_blank");

    for (const row of rows) {
      const response = await request.get(fileHref(row));
      expect(response.status(), row.file_name).toBe(200);
      expect((await response.body()).length, row.file_name).toBe(Number(row.size));
    }
    await expect(page.getByText("No general downloads available.")).toHaveCount(0);
    await expect(page.getByText("No Downloads Available")).toHaveCount(0);
  });

  test("lists every product with downloads by model, with its picture, a link to it and its downloads", async ({
    page,
    request,
    postgresDatabase,
  }) => {
    const rows = await productRows(postgresDatabase);
    const products = new Map<string, { id: string; model: string; imageFileId: string; downloads: DownloadRow[] }>();
    for (const row of rows) {
      const product = products.get(row.product_id) ?? {
        id: row.product_id,
        model: row.model,
        imageFileId: row.image_file_id,
        downloads: [],
      };
      product.downloads.push(row);
      products.set(row.product_id, product);
    }
    const expected = [...products.values()].sort((a, b) => compareIgnoringCase(a.model, b.model));
    expect(expected.length).toBeGreaterThan(10);

    // A page at a time (SUPPORT_PAGE_SIZE), every product once, in model order across the pages.
    await page.goto("/support");
    const pages = page.getByRole("navigation", { name: "Pages" });
    const seen: { model: string | null; href: string | null; image: string | null }[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const items = productCard(page).getByRole("list").first().locator(":scope > li");
      const onPage = expected.slice(seen.length, seen.length + SUPPORT_PAGE_SIZE);
      await expect(items).toHaveCount(onPage.length);
      seen.push(
        ...(await items.evaluateAll((elements) =>
          elements.map((item) => ({
            model: item.querySelector("h3")?.textContent ?? null,
            href: item.querySelector("h3 a")?.getAttribute("href") ?? null,
            image: item.querySelector("img")?.getAttribute("src") ?? null,
          })),
        )),
      );
      // A page of them folds each product to a line: its downloads open from "N downloads".
      for (const [index, product] of onPage.entries()) {
        const item = items.nth(index);
        await expect(item.getByRole("heading", { level: 3 })).toHaveText(product.model);
        await expect(item.getByRole("list")).toBeHidden();
        const count = product.downloads.length;
        await item.getByText(`${count} download${count === 1 ? "" : "s"}`, { exact: true }).click();
        await expect(item.getByRole("list")).toBeVisible();
        expect(await shownEntries(item.getByRole("list")), product.model).toEqual(product.downloads.map(expectedEntry));
      }
      const next = pages.getByRole("link", { name: "Next" });
      if ((await next.count()) === 0) break;
      await next.click();
      await expect(pages).toContainText(`Page ${pageNumber + 1} of`);
    }
    expect(seen).toEqual(
      expected.map((product) => ({
        model: product.model,
        href: `/catalog/products/${plainSlug(product.model)}`,
        image: expect.stringContaining(product.imageFileId),
      })),
    );
    await page.goto("/support");
    const items = productCard(page).getByRole("list").first().locator(":scope > li");

    // Pictures and files are served: the first product's picture and each product's first file.
    const firstImage = items.first().locator("img");
    await firstImage.scrollIntoViewIfNeeded();
    await expect(firstImage).toHaveJSProperty("complete", true);
    expect(await firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    for (const product of expected) {
      const first = product.downloads[0];
      if (!first) continue;
      const response = await request.get(fileHref(first));
      expect(response.status(), first.file_name).toBe(200);
    }
    await expect(page.getByText("No product-specific downloads available.")).toHaveCount(0);
  });

  test("an entry without a description shows its file name in its place", async ({ page, postgresDatabase, site }) => {
    const [row] = await productRows(postgresDatabase);
    if (!row) throw new Error("the demo catalog has no product downloads");
    await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["products"], (client) =>
      client.query("update product_downloads set description = '' where id = $1", [row.id]),
    );
    try {
      // Its product found by its model, with all its downloads.
      await page.goto(`/support?q=${encodeURIComponent(row.model)}`);
      const link = productCard(page).locator(`a[href="${fileHref(row)}"]`);
      await expect(link).toHaveText(entryText({ ...row, description: "" }));
      await expect(link).not.toHaveText(new RegExp(`^\\s*${escapeRegExp(row.description)}`));
    } finally {
      await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["products"], (client) =>
        client.query("update product_downloads set description = $2 where id = $1", [row.id, row.description]),
      );
    }
  });

  test("passes axe", async ({ page }) => {
    await page.goto("/support");
    await expect(generalCard(page)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("/about, /contact and /privacy on the demo catalog", () => {
  test("/about shows the hero picture and the About Us card", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us | Vantage");
    const hero = page.getByRole("img", { name: /security cameras over a circuit-board pattern/ });
    await expect(hero).toBeVisible();
    await expect(hero).toHaveAttribute("srcset", /about-800\.webp 800w, .*about-1600\.webp 1600w/);
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByText("Vantage is a manufacturer of AI-powered CCTV")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse our products" })).toHaveAttribute("href", "/catalog");
    await expectNoA11yViolations(page);
  });

  test("/contact shows the hero picture and a mail link to the contact e-mail", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact | Vantage");
    await expect(page.getByRole("img", { name: /globe with connected points/ })).toBeVisible();
    const card = page.getByRole("main");
    await expect(card.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
    await expect(card.getByText("For all inquiries, please email us at")).toHaveText(
      "For all inquiries, please email us at info@vantage.example.",
    );
    await expect(card.getByRole("link", { name: "info@vantage.example" })).toHaveAttribute(
      "href",
      "mailto:info@vantage.example",
    );
    await expectNoA11yViolations(page);
  });

  test("/privacy has the policy's five numbered sections", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Policy | Vantage");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    const sections = page.getByRole("main").getByRole("region");
    await expect(sections.getByRole("heading", { level: 2 })).toHaveText([
      "1. Information Collection and Use",
      "2. Use of Data",
      "3. Transfer of Data",
      "4. Disclosure of Data",
      "5. Security of Data",
    ]);
    await expect(page.getByRole("region", { name: "3. Transfer of Data" })).toContainText(
      "Your information is processed and stored in the United States of America (USA).",
    );
    await expect(page.getByRole("region", { name: "1. Information Collection and Use" })).toContainText(
      "a session cookie that keeps an administrator signed in",
    );
    await expect(page.getByRole("region", { name: "1. Information Collection and Use" })).toContainText(
      "We use no tracking, advertising or analytics cookies",
    );
    await expect(page.getByRole("link", { name: "info@vantage.example" })).toHaveAttribute(
      "href",
      "mailto:info@vantage.example",
    );
    await expectNoA11yViolations(page);
  });

  test("the pages use the company name and contact e-mail from the site settings", async ({
    page,
    postgresDatabase,
    site,
  }) => {
    const saved = await queryDatabase<{ key: string; value: string }>(
      postgresDatabase,
      "select key, value from site_settings where key in ('companyName', 'contactEmail')",
    );
    const setSettings = (settings: Record<string, string>) =>
      changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["settings"], async (client) => {
        for (const [key, value] of Object.entries(settings)) {
          await client.query(
            `insert into site_settings (key, value) values ($1, $2)
               on conflict (key) do update set value = excluded.value`,
            [key, value],
          );
        }
      });
    await setSettings({ companyName: "Northwind Vision", contactEmail: "hello@northwind.test" });
    try {
      await page.goto("/contact");
      await expect(page.getByRole("main").getByRole("link", { name: "hello@northwind.test" })).toHaveAttribute(
        "href",
        "mailto:hello@northwind.test",
      );
      await page.goto("/about");
      await expect(page.getByText("Northwind Vision is a manufacturer of AI-powered CCTV")).toBeVisible();
      await page.goto("/privacy");
      await expect(page.getByText("Northwind Vision operates this website.")).toBeVisible();
      await expect(page.getByRole("link", { name: "hello@northwind.test" })).toHaveAttribute(
        "href",
        "mailto:hello@northwind.test",
      );
    } finally {
      await setSettings(Object.fromEntries(saved.map((row) => [row.key, row.value])));
    }
  });

  test("each page has its own title and description", async ({ page }) => {
    const seen = new Set<string>();
    for (const path of ["/", "/about", "/contact", "/privacy", "/support"]) {
      await page.goto(path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(title, path).toMatch(/ \| Vantage$/);
      expect(description.length, path).toBeGreaterThan(50);
      expect(seen.has(title), `${path} title`).toBe(false);
      expect(seen.has(description), `${path} description`).toBe(false);
      seen.add(title);
      seen.add(description);
    }
  });
});

test("every public page fits a 320 px phone without sideways scrolling", async ({ page }) => {
  // Every kind of public page, as the sitemap lists them, with the states that widen them most.
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  const category = listed.find((path) => path.startsWith("/catalog/categories/"));
  const products = listed.filter((path) => path.startsWith("/catalog/products/"));
  if (!category || products.length < 3) throw new Error("The sitemap lists no category or too few products");
  const compared = products.slice(0, 4).map((path) => path.split("/").pop() ?? "");
  const paths = [
    ...new Set([
      ...listed,
      `${category}?sort=newest`,
      "/catalog?page=2",
      "/search?q=dome",
      "/search?q=bulet",
      "/support?q=thermal",
      "/support?q=d4m+datasheet",
      "/support/firmware",
      `/compare?p=${compared.join(",")}`,
      "/compare",
      "/login",
      "/forgot",
      "/reset-password?token=unknown",
      "/no-such-page",
    ]),
  ];
  await page.setViewportSize({ width: 320, height: 740 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  expect(paths.length).toBeGreaterThan(30);
});

import type { Page } from "@playwright/test";
import type pg from "pg";
import { DEFAULT_SITE } from "../../app/domain/site";
import { expectNoA11yViolations } from "../support/a11y";
import { changeDatabase } from "../support/sql";
import { expect, test } from "./fixtures";

// An empty site on PostgreSQL, so this test process can add the one download a test needs.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

function cardHeading(page: Page, name: string) {
  return page.getByRole("heading", { level: 2, name, exact: true });
}

/** A file row as an upload leaves it once a record uses it; the bytes are never read here. */
async function insertFile(client: pg.ClientBase, name: string, contentType: string, size: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into files (storage_key, original_name, size, content_type, sha256, width, height, staged)
     values ('test/' || gen_random_uuid(), $1, $2, $3, repeat('0', 64), $4, $4, false) returning id`,
    [name, size, contentType, contentType.startsWith("image/") ? 600 : null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no file row");
  return id;
}

test("/support says so when there are no downloads at all", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await expect(cardHeading(page, "No Downloads Available")).toBeVisible();
  await expect(page.getByText("There are no files available for download.")).toBeVisible();
  await expect(cardHeading(page, "General Downloads")).toHaveCount(0);
  await expect(cardHeading(page, "Product Specific Downloads")).toHaveCount(0);
  // Nothing to search in: no search form either.
  await expect(page.getByRole("search", { name: "Downloads" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("/support says which list is empty when only the other one has entries", async ({
  page,
  postgresDatabase,
  site,
}) => {
  const general = await changeDatabase(
    { databaseUrl: postgresDatabase, siteUrl: site.url },
    ["downloads"],
    async (client) => {
      const fileId = await insertFile(client, "Vantage_Quick_Guide.pdf", "application/pdf", 48_500);
      const { rows } = await client.query<{ id: string }>(
        "insert into downloads (description, file_id) values ('Quick Guide', $1) returning id",
        [fileId],
      );
      return { id: rows[0]?.id, fileId };
    },
  );
  try {
    await page.goto("/support");
    await expect(cardHeading(page, "General Downloads")).toBeVisible();
    await expect(page.getByRole("link", { name: /Quick Guide/ })).toContainText("Vantage_Quick_Guide.pdf");
    await expect(page.getByRole("link", { name: /Quick Guide/ })).toContainText("48 KB");
    await expect(cardHeading(page, "Product Specific Downloads")).toBeVisible();
    await expect(page.getByText("No product-specific downloads available.")).toBeVisible();
    await expect(page.getByText("No general downloads available.")).toHaveCount(0);
    await expect(cardHeading(page, "No Downloads Available")).toHaveCount(0);
  } finally {
    await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["downloads"], async (client) => {
      await client.query("delete from downloads where id = $1", [general.id]);
      await client.query("delete from files where id = $1", [general.fileId]);
    });
  }

  const product = await changeDatabase(
    { databaseUrl: postgresDatabase, siteUrl: site.url },
    ["products"],
    async (client) => {
      const category = await client.query<{ id: string }>(
        "insert into categories (name) values ('Test Cameras') returning id",
      );
      const imageId = await insertFile(client, "VNT-TEST-1.jpg", "image/jpeg", 90_000);
      const fileId = await insertFile(client, "VNT-TEST-1_Manual.pdf", "application/pdf", 2_400_000);
      const created = await client.query<{ id: string }>(
        "insert into products (model, category_id, image_file_id) values ('VNT-TEST-1', $1, $2) returning id",
        [category.rows[0]?.id, imageId],
      );
      const id = created.rows[0]?.id;
      await client.query(
        "insert into product_downloads (product_id, file_id, description, position) values ($1, $2, 'User Manual', 0)",
        [id, fileId],
      );
      return { id, categoryId: category.rows[0]?.id, fileIds: [imageId, fileId] };
    },
  );
  try {
    await page.goto("/support");
    await expect(cardHeading(page, "General Downloads")).toBeVisible();
    await expect(page.getByText("No general downloads available.")).toBeVisible();
    await expect(cardHeading(page, "Product Specific Downloads")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "VNT-TEST-1" }).getByRole("link")).toHaveAttribute(
      "href",
      "/catalog/products/vnt-test-1",
    );
    await expect(page.getByRole("link", { name: /User Manual/ })).toContainText("VNT-TEST-1_Manual.pdf");
    await expect(page.getByRole("link", { name: /User Manual/ })).toContainText("2 MB");
    await expect(page.getByText("No product-specific downloads available.")).toHaveCount(0);
  } finally {
    await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["products"], async (client) => {
      await client.query("delete from products where id = $1", [product.id]);
      await client.query("delete from files where id = any($1::uuid[])", [product.fileIds]);
      await client.query("delete from categories where id = $1", [product.categoryId]);
    });
  }
});

test("/about, /contact and /privacy work on a site with nothing in it yet", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByText(`${DEFAULT_SITE.companyName} is a manufacturer of AI-powered CCTV`)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto("/contact");
  await expect(page.getByText("For all inquiries, please email us at")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: DEFAULT_SITE.contactEmail })).toHaveAttribute(
    "href",
    `mailto:${DEFAULT_SITE.contactEmail}`,
  );
  await expectNoA11yViolations(page);

  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "1. Information Collection and Use",
    "2. Use of Data",
    "3. Transfer of Data",
    "4. Disclosure of Data",
    "5. Security of Data",
    "Questions about this policy",
  ]);
  await expectNoA11yViolations(page);
});

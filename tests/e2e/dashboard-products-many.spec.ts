import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { categories, products } from "../../app/server/db/schema";
import { expectNoA11yViolations } from "../support/a11y";
import { accessoryPicker } from "./admin";
import { expect, hydrated, test } from "./fixtures";

// PGlite belongs to one process: the site runs on PostgreSQL so that this process can seed it in bulk.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
  ownServer: "dashboard-products-many",
});
test.describe.configure({ mode: "serial" });

const PRODUCT_COUNT = 10_000;
/** `CAM-00001` … `CAM-09999`, and one more whose model holds another's further on. */
const modelOf = (n: number) => `CAM-${String(n).padStart(5, "0")}`;
const EDITED = modelOf(42);
const MOUNT = "ACME-CAM-00042-MOUNT";

const ids = new Map<string, string>();
let categoryId = "";

test.beforeAll(async ({ writer }) => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0369a1" } })
    .png()
    .toBuffer();
  const image = await writer.files.stage({
    body: Readable.from([png]),
    originalName: "bulk.png",
    uploadedBy: null,
    requireImage: true,
  });
  await writer.database.db.transaction(async (tx) => {
    await writer.files.claim(tx, [image.id], { images: true });
    const [category] = await tx.insert(categories).values({ name: "Bulk Cameras" }).returning({ id: categories.id });
    if (!category) throw new Error("no category");
    categoryId = category.id;
    // One statement for the lot: the test is about reading a big catalog, not about writing one.
    await tx.execute(sql`
      insert into ${products} (model, description, category_id, image_file_id)
      select 'CAM-' || lpad(n::text, 5, '0'), 'Bulk camera number ' || n, ${category.id}::uuid, ${image.id}::uuid
      from generate_series(1, ${PRODUCT_COUNT - 1}) as n`);
    await tx
      .insert(products)
      .values({ model: MOUNT, description: "A mount", categoryId: category.id, imageFileId: image.id });
  });
  const rows = await writer.database.db
    .select({ id: products.id, model: products.model })
    .from(products)
    .where(sql`${products.model} in (${EDITED}, ${MOUNT}, ${modelOf(9999)})`);
  for (const row of rows) ids.set(row.model, row.id);
  const [{ count } = { count: 0 }] = await writer.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products);
  expect(count).toBe(PRODUCT_COUNT);
});

/** A row's text: the model, then what its icons say. */
const startsWith = (model: string) => new RegExp(`^${model}`);

function idOf(model: string): string {
  const id = ids.get(model);
  if (!id) throw new Error(`${model} was not seeded`);
  return id;
}

test("the model search answers only a signed-in admin", async ({ site }) => {
  const response = await fetch(`${site.url}/dashboard/product-models?q=cam`, { redirect: "manual" });
  expect([302, 303, 401, 403]).toContain(response.status);
  if (response.status < 400) expect(response.headers.get("location") ?? "").toMatch(/^\/login\b/);
  expect(await response.text()).not.toContain("CAM-");
});

test("among 10,000 products: the lists show a page at a time, searched by model", async ({ page, login }) => {
  await login();
  for (const path of ["/dashboard/products", `/dashboard/categories/${categoryId}`]) {
    const html = await (await page.request.get(path)).text();
    expect(html.length).toBeLessThan(200_000);
    expect(html).toContain(modelOf(1));
    expect(html).not.toContain(modelOf(5000));
  }

  await page.goto("/dashboard/products");
  await hydrated(page);
  const list = page.getByRole("list", { name: "Products by model" });
  const range = page.getByRole("status").filter({ hasText: "products" });
  // By model ignoring case: the mount's "ACME" comes before every "CAM".
  await expect(range).toHaveText("1–50 of 10,000 products.");
  await expect(list.getByRole("link")).toHaveCount(50);
  await expect(list.getByRole("link").first()).toHaveText(startsWith(MOUNT));
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(range).toHaveText("51–100 of 10,000 products.");
  await expect(list.getByRole("link").first()).toHaveText(startsWith(modelOf(50)));
  await expect(page).toHaveURL(/[?&]page=2\b/);

  // A search starts at its first page and keeps its words in the field and the URL.
  const search = page.getByRole("search", { name: "Search products" });
  await search.getByRole("searchbox", { name: "Search by model" }).fill("cam-0999");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(range).toHaveText("10 products matching “cam-0999”.");
  await expect(list.getByRole("link")).toHaveText(
    [90, 91, 92, 93, 94, 95, 96, 97, 98, 99].map((n) => startsWith(modelOf(9900 + n))),
  );
  await expect(page).not.toHaveURL(/page=/);
  await expect(search.getByRole("searchbox")).toHaveValue("cam-0999");
  await expectNoA11yViolations(page);

  await search.getByRole("searchbox").fill("no such camera");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(range).toHaveText("No products matching “no such camera”.");
  await expect(list).toHaveCount(0);

  // The category's page lists its products a page at a time as well; its delete is refused at once.
  await page.goto(`/dashboard/categories/${categoryId}`);
  await hydrated(page);
  await expect(page.getByText("10,000 products in this category.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Products" }).getByRole("link")).toHaveCount(50);
  await page.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByText("Cannot delete category: contains 10000 product(s).")).toBeVisible();
  await expect(page.getByText("…and 9,950 more.")).toBeVisible();
});

test("among 10,000 products: a small form, accessories found by typing, saved both ways", async ({ page, login }) => {
  await login();
  const editUrl = `/dashboard/products/${idOf(EDITED)}/edit`;

  // The form no longer carries the catalog: no other product's model is in the page.
  const html = await (await page.request.get(editUrl)).text();
  expect(html.length).toBeLessThan(200_000);
  expect(html).toContain(EDITED);
  for (const model of [modelOf(41), modelOf(5000), modelOf(9999), MOUNT]) expect(html).not.toContain(model);

  await page.goto(editUrl);
  await hydrated(page);
  const picker = accessoryPicker(page);
  await page.getByRole("button", { name: "Add accessories" }).click();
  await expect(page.getByText("No accessories chosen.")).toBeVisible();

  // Models that start with the text first (in model order, without the product being edited), then
  // one that holds it further on, although it sorts first, then one whose words hold the text's.
  await picker.field.pressSequentially("cam-0004");
  const options = picker.matches.getByRole("option");
  await expect(options).toHaveText([...[40, 41, 43, 44, 45, 46, 47, 48, 49].map(modelOf), MOUNT, modelOf(4)]);
  await expect(page.getByTestId("accessory-summary")).toHaveText("11 products match.");
  await expect(picker.field).toHaveAttribute("aria-expanded", "true");
  await expectNoA11yViolations(page);

  // Arrow keys move the highlight and wrap; Enter adds the highlighted one, and never submits the form.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await picker.field.press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await expect(picker.field).toHaveAttribute("aria-activedescendant", (await options.last().getAttribute("id")) ?? "");
  await picker.field.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  // Up wraps to the last, and once more to the mount before it.
  await picker.field.press("ArrowUp");
  await picker.field.press("ArrowUp");
  await expect(options.nth(9)).toHaveAttribute("aria-selected", "true");
  await picker.field.press("Enter");
  await expect(picker.chosen.getByRole("listitem")).toHaveText([`${MOUNT}Remove`]);
  await expect(picker.field).toHaveValue("");
  await expect(page).toHaveURL(editUrl);

  // A short text matches thousands: the first 20 are listed, and the count says so.
  await picker.field.pressSequentially("9");
  await expect(options).toHaveCount(20);
  await expect(page.getByTestId("accessory-summary")).toContainText("the first 20 are listed");
  // Escape closes the list; Enter with nothing highlighted stays on the form.
  await picker.field.press("Escape");
  await expect(picker.matches).toBeHidden();
  await expect(picker.field).toHaveAttribute("aria-expanded", "false");
  await picker.field.press("Enter");
  await expect(page).toHaveURL(editUrl);

  // A chosen product is not offered again.
  await picker.field.fill("acme");
  await expect(page.getByTestId("accessory-summary")).toHaveText("No product model matches.");
  await expect(options).toHaveCount(0);
  // By now the Enter presses above would have posted the form.
  expect(posts).toEqual([]);

  // Picked with the mouse.
  await picker.field.fill("09999");
  await options.filter({ hasText: modelOf(9999) }).click();
  await expect(picker.chosen.getByRole("listitem")).toHaveText([`${MOUNT}Remove`, `${modelOf(9999)}Remove`]);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();

  // Two-way: the product lists both, and each of them lists the product.
  await page.goto(`/catalog/products/${idOf(EDITED)}`);
  const section = page.getByRole("region", { name: "Accessories and related products" });
  await expect(section.getByRole("link")).toHaveText([MOUNT, modelOf(9999)]);
  for (const model of [MOUNT, modelOf(9999)]) {
    await page.goto(`/catalog/products/${idOf(model)}`);
    await expect(section.getByRole("link", { name: EDITED, exact: true })).toBeVisible();
  }

  // The form opens again on the saved accessories, still without the rest of the catalog.
  const reopened = await (await page.request.get(editUrl)).text();
  expect(reopened.length).toBeLessThan(200_000);
  expect(reopened).toContain(MOUNT);
  expect(reopened).not.toContain(modelOf(5000));
});

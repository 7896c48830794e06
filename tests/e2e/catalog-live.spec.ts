import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { categories, products } from "../../app/server/db/schema";
import { notifyChange } from "../../app/server/db/live.server";
import { expect, liveConnected, test } from "./fixtures";

// PGlite belongs to one process: the site runs on PostgreSQL so this test process can write too.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

test("a new category and product reach an open catalog page without a reload", async ({ page, writer }) => {
  await page.goto("/catalog");
  await expect(page.getByText("No products found in this category")).toBeVisible();
  await liveConnected(page);
  await page.evaluate(() => {
    (window as Window & { liveMarker?: string }).liveMarker = "kept";
  });

  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0284c7" } })
    .png()
    .toBuffer();
  const image = await writer.files.stage({
    body: Readable.from([png]),
    originalName: "live.png",
    uploadedBy: null,
    requireImage: true,
  });
  const name = `Live Category ${randomUUID().slice(0, 8)}`;
  const model = `LIVE-${randomUUID().slice(0, 8).toUpperCase()}`;
  await writer.database.db.transaction(async (tx) => {
    await writer.files.claim(tx, [image.id], { images: true });
    const [category] = await tx.insert(categories).values({ name }).returning({ id: categories.id });
    if (!category) throw new Error("no category");
    await tx
      .insert(products)
      .values({ model, description: "Arrived live", categoryId: category.id, imageFileId: image.id });
    await notifyChange(tx, ["categories", "products"]);
  });

  const menu = page.getByRole("navigation", { name: "Categories" }).filter({ has: page.locator("h2") });
  // How fast is bench/live.ts's question; here, that the open page gets both without a reload.
  await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: model })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { liveMarker?: string }).liveMarker)).toBe("kept");
});

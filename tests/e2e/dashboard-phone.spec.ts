import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, test } from "./fixtures";

// Writes a product and a download of its own: a server of its own, on the demo catalog.
test.use({ serverEnv: { DEMO_DATA: "1" }, ownServer: "dashboard-phone" });

/** A long name with separators to break at, as real firmware and manual names have. */
const LONG_NAME = `Vantage_Firmware-Release-Notes_${"v2.4.17-build".repeat(6)}_ENGLISH-and-FRANCAIS.pdf`;
/** A long name with nothing to break at: it must still not push the page sideways. */
const UNBROKEN_NAME = `${"X".repeat(90)}.pdf`;

async function stage(request: APIRequestContext, origin: string, name: string, body: Buffer, kind?: "image") {
  const query = new URLSearchParams({ name, ...(kind ? { kind } : {}) });
  const response = await request.post(`/uploads?${query}`, { data: body, headers: { origin } });
  expect(response.status(), name).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function linkedId(page: Page, path: string, link: string | RegExp): Promise<string> {
  await page.goto(path);
  const href = await page.getByRole("main").getByRole("link", { name: link }).first().getAttribute("href");
  const id = /([0-9a-f-]{36})/.exec(href ?? "")?.[1];
  if (!id) throw new Error(`No link ${link} on ${path}`);
  return id;
}

async function expectNoSidewaysScrolling(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, path).toBeLessThanOrEqual(0);
}

test("every dashboard page fits a 320 px screen, also with long file names", async ({ page, login, site }) => {
  await login();
  const request = page.request;
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
  const categoryId = await linkedId(page, "/dashboard/categories/", /^Dome Cameras/);
  const created = await request.post("/dashboard/products/new", {
    headers: { origin: site.url },
    maxRedirects: 0,
    form: {
      categoryId,
      model: "PHONE-FIT-1",
      description: "A product whose downloads have very long names.",
      imageFileId: await stage(request, site.url, "main.png", image, "image"),
      "downloads[0].fileId": await stage(request, site.url, LONG_NAME, Buffer.from("notes")),
      "downloads[0].description": "Release notes",
      "downloads[1].fileId": await stage(request, site.url, UNBROKEN_NAME, Buffer.from("manual")),
    },
  });
  expect(created.status()).toBe(302);
  const productId = /created=([0-9a-f-]{36})/.exec(created.headers().location ?? "")?.[1] ?? "";
  expect(productId).not.toBe("");
  const download = await request.post("/dashboard/downloads/new", {
    headers: { origin: site.url },
    form: { description: "Firmware notes", fileId: await stage(request, site.url, LONG_NAME, Buffer.from("n")) },
  });
  expect(download.status()).toBe(200);
  const downloadId = await linkedId(page, "/dashboard/downloads/", "Firmware notes");

  await page.setViewportSize({ width: 320, height: 740 });
  for (const path of [
    "/dashboard",
    "/dashboard/settings",
    "/dashboard/categories/",
    "/dashboard/categories/new",
    `/dashboard/categories/${categoryId}`,
    `/dashboard/categories/${categoryId}/edit`,
    `/dashboard/categories/${categoryId}/deleted`,
    "/dashboard/products/",
    "/dashboard/products/new",
    `/dashboard/products/${productId}/`,
    `/dashboard/products/${productId}/edit`,
    `/dashboard/products/${productId}/deleted`,
    "/dashboard/downloads/",
    "/dashboard/downloads/new",
    `/dashboard/downloads/${downloadId}`,
    `/dashboard/downloads/${downloadId}/deleted`,
  ]) {
    await expectNoSidewaysScrolling(page, path);
  }

  // The product form with every part opened still fits.
  await page.goto(`/dashboard/products/${productId}/edit`);
  await hydrated(page);
  await page.getByRole("button", { name: "Add accessories" }).click();
  await page.getByRole("button", { name: "Add image" }).click();
  await page.getByRole("button", { name: "Add download" }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "product form opened").toBeLessThanOrEqual(0);
});

import { plainSlug } from "../support/addresses";
import { expectNoA11yViolations } from "../support/a11y";
import { ADMIN_MESSAGES } from "../../app/domain/admin-messages";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, openDemoProduct, cookieHeaderOf, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "drafts", serverEnv: { DEMO_DATA: "1" } });

/** A page as an anonymous visitor (no cookie: the page cache may answer) gets it. */
async function visitor(origin: string, path: string, cookie?: string) {
  const response = await fetch(`${origin}${path}`, cookie ? { headers: { Cookie: cookie } } : undefined);
  return { status: response.status, text: await response.text(), cacheControl: response.headers.get("cache-control") };
}

/** Every page of the whole catalog's listing, as a visitor reads them. */
async function catalogListing(origin: string): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= 10; number++) {
    const page = await visitor(origin, `/catalog?page=${number}`);
    pages.push(page.text);
    if (!page.text.includes(`page=${number + 1}`)) break;
  }
  return pages.join("\n");
}

/** The JSON-LD blocks of a page. */
function jsonLd(html: string): string {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .join("\n");
}

test("an unpublished product is gone for visitors everywhere, previewed by admins, and back once published", async ({
  page,
  login,
  site,
}) => {
  await login();
  const model = DEMO_KNOWN_MODELS.bullet;
  const id = await openDemoProduct(page, model);
  const productPath = `/catalog/products/${plainSlug(model)}`;

  // What a visitor finds of it while it is published.
  const shown = await visitor(site.url, productPath);
  expect(shown.status).toBe(200);
  const categoryPath = /href="(\/catalog\/categories\/[a-z0-9-]+)"/.exec(shown.text)?.[1] ?? "";
  expect(categoryPath).not.toBe("");
  // Its own files: a firmware release's file (the page's firmware section) is the other products' too,
  // and its accessories' pictures are theirs.
  const firmwareSection = /<section[^>]*><h2[^>]*>Firmware<\/h2>[\s\S]*?<\/section>/.exec(shown.text)?.[0] ?? "";
  expect(firmwareSection).toContain("/files/");
  const accessoriesSection =
    /<section[^>]*><h2[^>]*>Accessories and related products<\/h2>[\s\S]*?<\/section>/.exec(shown.text)?.[0] ?? "";
  expect(accessoriesSection).toContain("/images/");
  const othersFiles = firmwareSection + accessoriesSection;
  const fileUrls = [
    ...new Set([...shown.text.matchAll(/(?:href|src)="(\/(?:files|images)\/[^"]+)"/g)].map((m) => m[1])),
  ].filter((url) => !othersFiles.includes(`"${url}"`));
  expect(fileUrls.length).toBeGreaterThan(1);
  const accessoryPaths = [
    ...new Set([...shown.text.matchAll(/href="(\/catalog\/products\/[a-z0-9-]+)"/g)].map((m) => m[1] ?? "")),
  ].filter((path) => path !== productPath);
  expect(accessoryPaths.length).toBeGreaterThan(0);
  const countIn = (html: string) => Number(/(\d+) products?</.exec(html)?.[1] ?? NaN);
  const categoryBefore = await visitor(site.url, categoryPath);
  expect(categoryBefore.text).toContain(model);
  expect(await catalogListing(site.url)).toContain(model);
  expect((await visitor(site.url, `/search?q=${model}`)).text).toContain(productPath);
  expect((await visitor(site.url, "/sitemap.xml")).text).toContain(productPath);
  const supportBefore = (await visitor(site.url, `/support?q=${model}`)).text;
  const downloadUrls = fileUrls.filter((url) => url?.startsWith("/files/") && supportBefore.includes(url));
  expect(downloadUrls.length).toBeGreaterThan(0);
  expect((await visitor(site.url, accessoryPaths[0] ?? "")).text).toContain(productPath);

  // Unpublish it from its edit form.
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await expectNoA11yViolations(page);
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Unpublish" }).click());
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Draft: visitors do not see it");
  await expectAnonymousReplayRefused(site.url, posted);

  // Gone for visitors: its page, every listing and count, search, the sitemap, support, JSON-LD,
  // the accessories of the products it belongs with, and its files.
  expect((await visitor(site.url, productPath)).status).toBe(404);
  const categoryAfter = await visitor(site.url, categoryPath);
  expect(categoryAfter.text).not.toContain(model);
  expect(countIn(categoryAfter.text)).toBe(countIn(categoryBefore.text) - 1);
  const listing = await catalogListing(site.url);
  expect(listing).not.toContain(model);
  expect(jsonLd(listing)).not.toContain(id);
  expect(jsonLd(categoryAfter.text)).not.toContain(id);
  expect((await visitor(site.url, `/search?q=${model}`)).text).not.toContain(productPath);
  expect((await visitor(site.url, "/sitemap.xml")).text).not.toContain(productPath);
  const supportAfter = (await visitor(site.url, `/support?q=${model}`)).text;
  for (const url of downloadUrls) expect(supportAfter).not.toContain(url);
  for (const path of accessoryPaths) {
    const accessory = await visitor(site.url, path);
    expect(accessory.text, path).not.toContain(productPath);
    expect(jsonLd(accessory.text), path).not.toContain(model);
  }
  const cookie = await cookieHeaderOf(page, site.url);
  for (const url of fileUrls) {
    expect((await visitor(site.url, url ?? "")).status, url).toBe(404);
    // Signed in, the preview's files load, and nobody keeps them.
    const signedIn = await visitor(site.url, url ?? "", cookie);
    expect(signedIn.status, url).toBe(200);
    expect(signedIn.cacheControl, url).toBe("private, no-store");
  }

  // The dashboard marks it, and the admin previews the public page.
  await page.goto(`/dashboard/products/?q=${model}`);
  await expect(page.getByRole("link", { name: new RegExp(`^${model}(\\s|$)`) }).first()).toContainText("Draft");
  await page.goto(`/dashboard/products/${id}/`);
  await page.getByRole("link", { name: "Preview on site" }).click();
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Preview: visitors do not see this page until it is published.");
  await hydrated(page);
  await expectNoA11yViolations(page);
  // A client navigation's data request runs the product's loader alone: no cache keeps it either.
  const data = await page.request.get(`${productPath}.data?_routes=routes%2Fproduct`);
  expect(data.status()).toBe(200);
  expect(data.headers()["cache-control"]).toBe("private, no-store");
  const images = page.locator("main img");
  await expect(images.first()).toBeVisible();
  expect(await images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // Publish now: back everywhere.
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Published");
  expect((await visitor(site.url, productPath)).status).toBe(200);
  expect(countIn((await visitor(site.url, categoryPath)).text)).toBe(countIn(categoryBefore.text));
  expect((await visitor(site.url, `/search?q=${model}`)).text).toContain(productPath);
  for (const url of fileUrls) expect((await visitor(site.url, url ?? "")).status, url).toBe(200);
});

test("a time in the past is refused; a product scheduled ahead is hidden until then", async ({ page, login, site }) => {
  await login();
  const model = DEMO_KNOWN_MODELS.dome;
  const id = await openDemoProduct(page, model);
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  // A published product is not scheduled: that would hide it until then. It is unpublished first.
  await expect(page.getByText("Schedule publishing")).toHaveCount(0);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await page.getByText("Schedule publishing").click();
  await page.getByLabel("Publish at").fill("2020-01-01T09:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Choose a time in the future to publish at")).toBeVisible();
  await expect(page.getByLabel("Publish at")).toHaveAttribute("aria-invalid", "true");
  // Nothing was saved: it is still a draft.
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Draft: visitors do not see it");

  // Scheduled for tomorrow: hidden until then, and the form says when.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const local = await page.evaluate((iso) => {
    const at = new Date(iso);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, tomorrow.toISOString());
  // Enter in the time schedules (it is not the form's plain save).
  await page.getByLabel("Publish at").fill(local);
  await page.getByLabel("Publish at").press("Enter");
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await expect(page.getByTestId("publication-status")).toContainText("Status: Scheduled: will be published on");
  expect((await visitor(site.url, `/catalog/products/${id}`)).status).toBe(404);
  await page.goto(`/dashboard/products/${id}/edit`);
  await hydrated(page);
  await expect(page.getByLabel("Publish at")).toHaveValue(local);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Published");
});

test("a home page banner and a general download saved as drafts stay off the public pages until published", async ({
  page,
  login,
  site,
}, testInfo) => {
  await login();
  // A banner, saved as a draft from the home page's own tools.
  const words = `Launching soon ${testInfo.testId.slice(0, 8)}`;
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "+ NEW BANNER" }).click();
  const form = page.getByRole("form", { name: "New banner" });
  await form.getByLabel("Content").fill(words);
  const bannerPost = await capturePost(page, () => form.getByRole("button", { name: "Save as draft" }).click());
  const marked = page.getByText("Visitors do not see this item until it is published.");
  await expect(marked).toBeVisible();
  await expect(page.getByText(words, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await expectAnonymousReplayRefused(site.url, bannerPost);
  expect((await visitor(site.url, "/")).text).not.toContain(words);

  const controls = page.getByRole("group", { name: `Admin controls: Banner: ${words}` });
  await controls.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("form", { name: "Edit banner" }).getByRole("button", { name: "Publish now" }).click();
  await expect(marked).toHaveCount(0);
  expect((await visitor(site.url, "/")).text).toContain(words);

  // A general download saved as a draft: not on /support, its file not served to visitors.
  const description = `Draft firmware notes ${testInfo.testId.slice(0, 8)}`;
  await page.goto("/dashboard/downloads/new");
  await hydrated(page);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("File").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Firmware 9.9 notes"),
  });
  await expect(page.getByText("notes.txt uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "created successfully" })).toBeVisible();
  await page.goto(`/dashboard/downloads?q=${encodeURIComponent(description)}`);
  const row = page.getByRole("row").filter({ hasText: description });
  await expect(row).toContainText("Draft");
  await row.getByRole("link", { name: description }).click();
  await hydrated(page);
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Draft: visitors do not see it");
  const fileUrl = (await page.locator('main a[href^="/files/"]').first().getAttribute("href")) ?? "";
  expect(fileUrl).not.toBe("");
  expect((await visitor(site.url, "/support")).text).not.toContain(description);
  expect((await visitor(site.url, fileUrl)).status).toBe(404);

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText(ADMIN_MESSAGES.downloadEdited)).toBeVisible();
  await expect(page.getByTestId("publication-status")).toHaveText("Published");
  expect((await visitor(site.url, "/support")).text).toContain(description);
  expect((await visitor(site.url, fileUrl)).status).toBe(200);
});

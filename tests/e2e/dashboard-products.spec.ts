import type { Page } from "@playwright/test";
import sharp from "sharp";
import * as XLSX from "xlsx";
import { compareIgnoringCase } from "../../app/domain/format";
import { expectNoA11yViolations } from "../support/a11y";
import { accessoryPicker, capturePost, chooseAccessory, expectAnonymousReplayRefused } from "./admin";
import { oversizedFile } from "./files";
import { expect, hydrated, test } from "./fixtures";

test.use({ serverEnv: { DEMO_DATA: "1" } });
test.describe.configure({ mode: "serial" });
test.use({ ownServer: "dashboard-products" });

async function png(name: string, background: string) {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

function spreadsheet() {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Property", "Value"],
      ["Sensor", "1/2.8 CMOS"],
      ["Weight", "400 g"],
    ]),
    "Specs",
  );
  const buffer = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
  return {
    name: "specs.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  };
}

const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

/** Chooses a file in a FileUpload and waits for its upload to finish. */
async function upload(page: Page, label: string, file: Awaited<ReturnType<typeof png>>, scope = page.locator("body")) {
  const input = scope.getByLabel(label, { exact: true });
  await input.setInputFiles(file);
  // `has` is matched inside each control, so it takes a page-level locator.
  const control = scope.locator("[data-upload-state]").filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(control).toHaveAttribute("data-upload-state", /done|failed/);
}

async function productIdFromDetail(page: Page) {
  const match = /\/dashboard\/products\/([0-9a-f-]{36})/.exec(page.url());
  if (!match?.[1]) throw new Error(`not a product page: ${page.url()}`);
  return match[1];
}

async function status(url: string) {
  return (await fetch(url)).status;
}

let created = { id: "", model: "E2E-Cam-1" };

test("the list shows every product by model ignoring case, with thumbnails and links", async ({ page, login }) => {
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Edit Product" }).click();
  await expect(page).toHaveURL("/dashboard/products/");
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  const links = page.getByRole("list", { name: "Products by model" }).getByRole("link");
  const models = await links.allInnerTexts();
  expect(models.length).toBeGreaterThan(10);
  const names = models.map((text) => text.replace(/NDAA.*$/s, "").trim());
  expect(names).toEqual([...names].sort(compareIgnoringCase));
  await expect(links.first()).toHaveAttribute("href", /^\/dashboard\/products\/[0-9a-f-]{36}\/$/);
  await expect(links.first().locator("img")).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test("a new product with every field; the public pages show it, accessories both ways", async ({
  page,
  browser,
  login,
  site,
}) => {
  await login();
  // Another admin's open list follows the create live.
  const watcher = await browser.newPage({ baseURL: site.url });
  await watcher.context().addCookies(await page.context().cookies());
  await watcher.goto("/dashboard/products/");
  await hydrated(watcher);
  await page.goto("/dashboard/products/new");
  await hydrated(page);
  await expect(page.getByLabel("NDAA compliant")).toBeChecked();
  await expect(page.getByText("Additional images can be added once a main image is chosen.")).toBeVisible();
  await expectNoA11yViolations(page);

  // Nothing filled in: the required messages beside their fields, and the form-level message.
  await page.getByRole("button", { name: "Submit" }).click();
  for (const message of [
    "Category required",
    "Model required",
    "Description required",
    "Image required (20MB limit)",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Something went wrong - check each input: Category, Model, Description, Main image." }),
  ).toBeVisible();

  // Changing the category clears the chosen features.
  await page.getByLabel("Category").selectOption({ label: "Dome Cameras" });
  await page.getByLabel("4MP", { exact: true }).check();
  await page.getByLabel("Category").selectOption({ label: "Bullet Cameras" });
  await expect(page.locator('input[name="featureIds"]:checked')).toHaveCount(0);
  await page.getByLabel("Category").selectOption({ label: "Dome Cameras" });
  await expect(page.locator('input[name="featureIds"]:checked')).toHaveCount(0);
  // Features in the groups the category's filter shows them in, each group in natural order.
  const features = page.getByRole("group", { name: "Features / filters" });
  await expect(features.locator("fieldset > legend")).toHaveText([
    "Resolution",
    "Lens",
    "Night vision",
    "More features",
  ]);
  const resolution = features.getByRole("group", { name: "Resolution" });
  const resolutionLabels = await resolution
    .locator('input[name="featureIds"]')
    .evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent?.trim() ?? ""));
  expect(resolutionLabels.slice(0, 2)).toEqual(["2MP", "4MP"]);
  expect(resolutionLabels).toEqual([...resolutionLabels].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
  await resolution.getByLabel("4MP", { exact: true }).check();
  await features.getByRole("group", { name: "More features" }).getByLabel("PoE", { exact: true }).check();

  await page.getByLabel("Model").fill(created.model);
  await page.getByLabel("Name", { exact: true }).fill("4MP End-to-End Dome Camera");
  await page.getByLabel("Description", { exact: true }).first().fill("An end-to-end camera.");

  // Specs: a wrong file type is refused; a spreadsheet shows as a table and clears the text.
  await page.getByLabel("Specifications (plain text)").fill("Typed specs");
  const sheetLabel = "Or a spreadsheet (.xls or .xlsx, first sheet)";
  await page.getByLabel(sheetLabel).setInputFiles(textFile("notes.txt", "not a sheet"));
  await expect(page.getByText("Wrong file type - excel only (*.xls or *.xlsx)")).toBeVisible();
  await page.getByLabel(sheetLabel).setInputFiles(spreadsheet());
  const table = page.getByRole("table", { name: "Specifications from the spreadsheet" });
  await expect(table.getByRole("cell", { name: "1/2.8 CMOS" })).toBeVisible();
  await expect(page.getByLabel("Specifications (plain text)")).toHaveValue("");
  await expect(page.getByText("Wrong file type - excel only (*.xls or *.xlsx)")).toHaveCount(0);
  // Removing the spreadsheet clears the table; choosing it again brings it back.
  await page.getByRole("button", { name: "Remove spreadsheet" }).click();
  await expect(table).toHaveCount(0);
  await page.getByLabel(sheetLabel).setInputFiles(spreadsheet());
  await expect(table.getByRole("cell", { name: "400 g" })).toBeVisible();

  // Files refused while choosing: not an image, or over 20 MB.
  await page.getByLabel("Image", { exact: true }).setInputFiles(textFile("readme.txt", "not an image"));
  await expect(page.getByText("Image required (20MB limit)")).toBeVisible();

  // The main image, with the upload's progress bar while it runs: the upload is held until it shows.
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route("**/uploads?*", async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await page.getByLabel("Image", { exact: true }).setInputFiles(await png("main.png", "#3366aa"));
  await expect(page.getByRole("progressbar", { name: "Uploading main.png" })).toBeVisible();
  releaseUpload();
  await expect(page.getByText("main.png (", { exact: false })).toBeVisible();
  await page.unroute("**/uploads?*");

  // Additional images: two, the second moved up.
  await page.getByRole("button", { name: "Add image" }).click();
  await page.getByLabel("Additional image 1", { exact: true }).setInputFiles(oversizedFile("huge.png"));
  await expect(page.getByText("Check each image (20MB limit)")).toBeVisible();
  await upload(page, "Additional image 1", await png("first.png", "#aa3333"));
  await page.getByRole("button", { name: "Add image" }).click();
  await upload(page, "Additional image 2", await png("second.png", "#33aa33"));
  await page.getByRole("button", { name: "Move up additional image 2" }).click();
  await expect(
    page.locator("[data-upload-state]").filter({ has: page.getByLabel("Additional image 1", { exact: true }) }),
  ).toContainText("second.png");

  // Accessories: revealed by a button, found by typing part of a model in any letter case.
  await page.getByRole("button", { name: "Add accessories" }).click();
  await expect(page.getByText("No accessories chosen.")).toBeVisible();
  await chooseAccessory(page, "d2m-v2", "VNT-D2M-V28");
  await expect(page.getByText("No accessories chosen.")).toHaveCount(0);

  // A download row with no file is refused; with one it goes.
  await page.getByRole("button", { name: "Add download" }).click();
  const download = page.getByRole("group", { name: "Download 1" });
  await expect(download.getByLabel("Description")).toHaveAttribute("placeholder", "Manual, software, etc.");
  await download.getByLabel("Description").fill("Manual");
  await expect(download.getByLabel("Type")).toHaveValue("other");
  await download.getByLabel("Type").selectOption({ label: "Manual" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Check all downloads - each one needs a file (20MB max)")).toBeVisible();
  await download.getByLabel("File", { exact: true }).setInputFiles(oversizedFile("huge.bin"));
  await expect(download.getByText("Check all downloads - each one needs a file (20MB max)")).toBeVisible();
  await upload(page, "File", textFile("manual.txt", "How to install"), download);

  const createPost = await capturePost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expect(page.getByText(`${created.model} created successfully.`)).toBeVisible();
  await expect(watcher.getByRole("link", { name: /^E2E-Cam-1(\s|$)/ })).toBeVisible();
  await watcher.close();
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page.getByRole("heading", { name: created.model })).toBeVisible();
  created = { ...created, id: await productIdFromDetail(page) };
  await expect(page.getByRole("link", { name: "Dome Cameras" })).toHaveAttribute(
    "href",
    /^\/dashboard\/categories\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByText("NDAA compliant")).toBeAttached();
  await expect(page.getByRole("cell", { name: "400 g" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Downloads" })).toContainText("(Manual, manual.txt, 14 bytes)");
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
    "href",
    `/dashboard/products/${created.id}/edit`,
  );
  await expectNoA11yViolations(page);

  // Its page is at an address made of its model; the id it had in the dashboard sends there.
  await page.goto(`/catalog/products/${created.id}`);
  await expect(page).toHaveURL("/catalog/products/e2e-cam-1");
  await expect(page.getByRole("heading", { level: 1, name: created.model })).toBeVisible();
  await expect(page.getByText("4MP End-to-End Dome Camera", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${created.model} 4MP End-to-End Dome Camera | Vantage`);
  await expect(page.getByTestId("features")).toHaveText("4MP, PoE");
  await expect(page.getByRole("cell", { name: "1/2.8 CMOS" })).toBeVisible();
  await expect(page.getByText("Typed specs")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Manual/ })).toBeVisible();
  await expect(page.getByText("NDAA-compliant")).toBeVisible();
  const partner = page.getByRole("link", { name: "VNT-D2M-V28" });
  await partner.click();
  await expect(page.getByRole("heading", { name: "VNT-D2M-V28", level: 1 })).toBeVisible();
  await expect(page).toHaveURL("/catalog/products/vnt-d2m-v28");
  await expect(page.getByRole("link", { name: created.model })).toBeVisible();

  // The create POST replayed without a session: refused, no second product.
  const before = await page.request.get(`${site.url}/dashboard/products/`);
  expect(before.ok()).toBe(true);
  await expectAnonymousReplayRefused(site.url, createPost);
  await page.goto("/dashboard/products/");
  await expect(page.getByRole("link", { name: /^E2E-Cam-1(\s|$)/ })).toHaveCount(1);
});

test("a model that differs only in letter case is refused; a plain product is created", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard/products/new");
  await hydrated(page);
  await page.getByLabel("Category").selectOption({ label: "Accessories" });
  await page.getByLabel("Model").fill("e2e-CAM-1");
  await page.getByLabel("Description", { exact: true }).first().fill("Plain");
  await upload(page, "Image", await png("plain.png", "#999999"));
  await page.getByRole("button", { name: "Add accessories" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Product model e2e-CAM-1 already in database")).toBeVisible();
  await page.getByLabel("Model").fill("E2E-Plain");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("E2E-Plain created successfully.")).toBeVisible();
});

test("edit: Use Original Image, accessories move, the replaced image's URL answers 404", async ({
  page,
  login,
  site,
}) => {
  await login();
  await page.goto(`/dashboard/products/${created.id}/`);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/products/${created.id}/edit`);
  await hydrated(page);
  await expectNoA11yViolations(page);
  // 'Cancel edit' leaves edit mode for the detail view, changing nothing.
  await page.locator("textarea[name=description]").fill("A description nobody saves");
  await page.getByRole("link", { name: "Cancel edit" }).click();
  await expect(page).toHaveURL(`/dashboard/products/${created.id}/`);
  await expect(page.getByText("A description nobody saves")).toHaveCount(0);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/products/${created.id}/edit`);
  await hydrated(page);
  const oldImage = (await page.getByRole("img", { name: `${created.model} (current)` }).getAttribute("src")) ?? "";

  // Change the image, then change one's mind: the original stays. Wrong files get the edit wording.
  await page.getByRole("button", { name: "Change image" }).click();
  await page.getByLabel("New image", { exact: true }).setInputFiles(textFile("readme.txt", "not an image"));
  await expect(page.getByText("Wrong format - images only (jpg, png, gif, etc.)")).toBeVisible();
  await page.getByLabel("New image", { exact: true }).setInputFiles(oversizedFile("huge.png"));
  await expect(page.getByText("Image too large - 20MB maximum file size")).toBeVisible();
  await upload(page, "New image", await png("unused.png", "#000000"));
  await page.getByRole("button", { name: "Use Original Image" }).click();
  // A product with accessories opens with them shown; one is removed, another added from the keyboard.
  await expect(page.getByRole("button", { name: "Hide accessories" })).toHaveAttribute("aria-expanded", "true");
  const picker = accessoryPicker(page);
  await expect(picker.chosen.getByRole("listitem")).toHaveText(["VNT-D2M-V28Remove"]);
  await page.getByRole("button", { name: "Remove VNT-D2M-V28" }).click();
  await expect(picker.chosen).toHaveCount(0);
  await expect(picker.field).toBeFocused();
  // The product being edited is never offered as its own accessory.
  await picker.field.pressSequentially("E2E-");
  await expect(picker.matches.getByRole("option")).toHaveText(["E2E-Plain"]);
  await picker.field.press("ArrowDown");
  await expect(picker.field).toHaveAttribute("aria-activedescendant", /.+/);
  await picker.field.press("Enter");
  await expect(picker.chosen.getByRole("listitem")).toHaveText(["E2E-PlainRemove"]);
  await expect(picker.field).toHaveValue("");
  await expect(picker.matches).toBeHidden();
  await page.getByLabel("Model").fill("E2E-Cam-1b");
  // Existing additional images: the second moved up, then the other one removed.
  const keptImage = (await page.getByRole("img", { name: "Additional 2", exact: true }).getAttribute("src")) ?? "";
  const removedImage = (await page.getByRole("img", { name: "Additional 1", exact: true }).getAttribute("src")) ?? "";
  await page.getByRole("button", { name: "Move up additional image 2" }).click();
  await expect(page.getByRole("img", { name: "Additional 1", exact: true })).toHaveAttribute("src", keptImage);
  await page.getByRole("button", { name: "Remove additional image 2" }).click();
  const editPost = await capturePost(page, () => page.getByRole("button", { name: "Save changes" }).click());
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  created = { ...created, model: "E2E-Cam-1b" };
  expect(await status(`${site.url}${oldImage}`)).toBe(200);
  await expect(page.getByRole("img", { name: /additional image/ })).toHaveCount(1);
  await expect(page.getByRole("img", { name: "E2E-Cam-1b additional image 1" })).toHaveAttribute("src", keptImage);
  expect(await status(`${site.url}${removedImage}`)).toBe(404);

  await page.goto("/catalog/products/vnt-d2m-v28");
  await expect(page.getByRole("link", { name: "E2E-Cam-1b" })).toHaveCount(0);
  await page.goto(`/catalog/products/${created.id}`);
  // The spreadsheet's table was kept through the edit.
  await expect(page.getByRole("cell", { name: "1/2.8 CMOS" })).toBeVisible();
  await page.getByRole("link", { name: "E2E-Plain" }).click();
  // Its card there reads its model, then its name.
  await expect(page.getByRole("link", { name: "E2E-Cam-1b 4MP End-to-End Dome Camera", exact: true })).toBeVisible();

  // Replace the main image and the download's file: the old files are gone.
  await page.goto(`/dashboard/products/${created.id}/edit`);
  await hydrated(page);
  const download = page.getByRole("group", { name: "Download 1" });
  const oldManual = (await download.getByRole("link", { name: "manual.txt" }).getAttribute("href")) ?? "";
  await download.getByRole("button", { name: "Replace file" }).click();
  await upload(page, "Replacement file", textFile("manual-v2.txt", "Version 2"), download);
  await page.getByRole("button", { name: "Change image" }).click();
  await upload(page, "New image", await png("replacement.png", "#ffcc00"));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/products/${created.id}/?edited=1`);
  await expect(page.getByRole("img", { name: created.model, exact: true })).toHaveAttribute("src", /replacement\.png/);
  expect(await status(`${site.url}${oldImage}`)).toBe(404);
  expect(await status(`${site.url}${oldManual}`)).toBe(404);
  await expect(page.getByRole("list", { name: "Downloads" })).toContainText("manual-v2.txt");

  // The first edit replayed without a session: refused, the model stays.
  await expectAnonymousReplayRefused(site.url, editPost);
  await page.goto(`/dashboard/products/${created.id}/`);
  await expect(page.getByRole("heading", { name: "E2E-Cam-1b" })).toBeVisible();
});

test("two pages edit the same product: the later save sees the conflict and the newer data", async ({
  page,
  browser,
  login,
  site,
}) => {
  await login();
  // A context of its own, as axe needs.
  const other = await (await browser.newContext({ baseURL: site.url })).newPage();
  await other.context().addCookies(await page.context().cookies());
  for (const target of [page, other]) {
    await target.goto(`/dashboard/products/${created.id}/edit`);
    await hydrated(target);
  }
  await page.getByLabel("Description", { exact: true }).first().fill("Saved first.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();

  await other.getByLabel("Description", { exact: true }).first().fill("Saved second.");
  await other.getByRole("button", { name: "Save changes" }).click();
  const conflict = other
    .getByRole("main")
    .getByRole("alert")
    .filter({ hasText: "Someone else saved a change to this while you were editing." });
  await expect(conflict).toBeVisible();
  // The conflict takes focus, so it is said; the form in that state passes axe.
  await expect(conflict).toBeFocused();
  await expect(other.getByLabel("Description", { exact: true }).first()).toHaveValue("Saved first.");
  await expectNoA11yViolations(other);
  await other.context().close();
});

test("image descriptions: the public pages use them as alt text, and the model when one is cleared", async ({
  page,
  login,
}) => {
  await login();
  await page.goto(`/dashboard/products/${created.id}/edit`);
  await hydrated(page);
  const mainAlt = page.getByRole("group", { name: "Main image" }).getByLabel("Image description (alt text)");
  const extraAlt = page.getByLabel("Image description (alt text), additional image 1", { exact: true });
  await expect(mainAlt).toHaveValue("");
  await expect(extraAlt).toHaveValue("");
  await mainAlt.fill("  White dome camera on a brick wall  ");
  await extraAlt.fill("The same camera at night");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  // The dashboard's own view names the pictures by them too.
  await expect(page.getByRole("img", { name: "White dome camera on a brick wall", exact: true })).toBeVisible();

  // The product page: the main image, each thumbnail's button, the chosen one, the shared preview.
  await page.goto(`/catalog/products/${created.id}`);
  await hydrated(page);
  const main = page.getByTestId("main-image");
  await expect(main).toHaveAttribute("alt", "White dome camera on a brick wall");
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    "content",
    "White dome camera on a brick wall",
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.stringify(JSON.parse(jsonLd ?? "{}"))).toContain('"description":"White dome camera on a brick wall"');
  await page.getByRole("button", { name: "Show image 2 of 2: The same camera at night" }).click();
  await expect(main).toHaveAttribute("alt", "The same camera at night");

  // The catalog's card and the search results.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dome Cameras" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dome Cameras" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: created.model });
  await expect(card.locator("img")).toHaveAttribute("alt", "White dome camera on a brick wall");
  await page.goto(`/search?q=${encodeURIComponent(created.model)}`);
  const result = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: created.model }) });
  await expect(result.locator("img")).toHaveAttribute("alt", "White dome camera on a brick wall");

  // Cleared, the main image is named by the model again; the additional image keeps its own.
  await page.goto(`/dashboard/products/${created.id}/edit`);
  await hydrated(page);
  await expect(mainAlt).toHaveValue("White dome camera on a brick wall");
  await expect(extraAlt).toHaveValue("The same camera at night");
  await mainAlt.fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product edited successfully.")).toBeVisible();
  await page.goto(`/catalog/products/${created.id}`);
  await hydrated(page);
  await expect(main).toHaveAttribute("alt", created.model);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", created.model);
  await expect(page.getByRole("button", { name: "Show image 1 of 2", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Show image 2 of 2: The same camera at night" }).click();
  await expect(main).toHaveAttribute("alt", "The same camera at night");
  await page.goto(`/search?q=${encodeURIComponent(created.model)}`);
  // Beside the linked model, a picture without a description says nothing more.
  await expect(result.locator("img")).toHaveAttribute("alt", "");
});

test("delete asks first, then removes the product, its files and its accessory links", async ({
  page,
  login,
  site,
}) => {
  await login();
  await page.goto(`/dashboard/products/${created.id}/`);
  await hydrated(page);
  const fileUrls = await page.evaluate(() => [
    ...[...document.querySelectorAll("main img")].map((img) => img.getAttribute("src") ?? ""),
    ...[...document.querySelectorAll('a[href^="/files/"]')].map((a) => a.getAttribute("href") ?? ""),
  ]);
  const ownFiles = fileUrls.filter((url) => url.startsWith("/files/"));
  // Main image, one additional image, one download.
  expect(ownFiles.length).toBe(3);

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("delete-confirmation")).toHaveText(
    "Are you sure you want to delete E2E-Cam-1b? It goes to Recently deleted with its pictures and download files, where it can be restored for 30 days.",
  );
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(page.getByRole("form", { name: /^Are you sure you want to delete E2E-Cam-1b\?/ })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("delete-confirmation")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeFocused();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page).toHaveURL(`/dashboard/products/${created.id}/deleted`);
  await expect(page.getByRole("heading", { name: "Product Deleted" })).toBeVisible();
  await expect(page.getByText("Delete successful.")).toBeVisible();
  for (const url of ownFiles) expect(await status(`${site.url}${url}`), url).toBe(404);
  await page.getByRole("link", { name: "Back to product list" }).click();
  await expect(page.getByRole("link", { name: "E2E-Cam-1b" })).toHaveCount(0);

  // The accessory link went with it.
  await page.goto("/dashboard/products/");
  await page.getByRole("link", { name: "E2E-Plain" }).click();
  await expect(page.getByRole("list", { name: "Accessories" })).toHaveCount(0);
  expect(await status(`${site.url}/catalog/products/${created.id}`)).toBe(404);

  // Without downloads the confirmation leaves out the files sentence; its replay is refused.
  await hydrated(page);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("delete-confirmation")).toHaveText(
    "Are you sure you want to delete E2E-Plain? It goes to Recently deleted with its pictures, where it can be restored for 30 days.",
  );
  const plainId = await productIdFromDetail(page);
  const deletePost = await capturePost(page, () => page.getByRole("button", { name: "Confirm Delete" }).click());
  await expect(page.getByRole("heading", { name: "Product Deleted" })).toBeVisible();
  await expectAnonymousReplayRefused(site.url, deletePost);
  expect(await status(`${site.url}/catalog/products/${plainId}`)).toBe(404);
});

test("the server checks the form again: a direct post with missing fields is refused", async ({
  page,
  login,
  site,
}) => {
  await login();
  const cookies = await page.context().cookies();
  const response = await fetch(`${site.url}/dashboard/products/new`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site.url,
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    body: new URLSearchParams({ model: "Sneaky", description: "No category, no image" }).toString(),
  });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Something went wrong - check each input: Category, Main image.");
  expect(html).toContain("Category required");
  expect(html).toContain("Image required (20MB limit)");
  expect(await (await page.request.get("/dashboard/products/")).text()).not.toContain("Sneaky");
});

test("unknown product ids answer 404; anonymous visitors are sent to sign in", async ({ page, login, site }) => {
  const anonymous = await fetch(`${site.url}/dashboard/products/new`, { redirect: "manual" });
  expect([302, 303, 401, 403]).toContain(anonymous.status);
  await login();
  const response = await page.goto("/dashboard/products/00000000-0000-4000-8000-000000000000/");
  expect(response?.status()).toBe(404);
});

import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN_MESSAGES } from "../../app/domain/admin-messages";
import { ALT_TEXT_LABEL } from "../../app/domain/alt-text";
import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { oversizedFile } from "./files";
import { ADMIN, expect, hydrated, liveConnected, test } from "./fixtures";

// One site (empty at the start) for the whole file: each test builds on the items the last one left.
test.describe.configure({ mode: "serial" });
test.use({ ownServer: "home-admin" });
// The hero carousel then stays on its first slide: axe never meets a slide halfway through its fade.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const png = (background: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .png()
    .toBuffer();

/** The home page's info items, in the order shown. */
const items = (page: Page) => page.locator('[id^="info-"]');
const controls = (page: Page, name: string) => page.getByRole("group", { name: `Admin controls: ${name}` });
/** The scripts of app/components/home-admin/, as the build names them. */
const ADMIN_CHUNK = /\/assets\/(home-page-admin|tools|toolbar|item-controls|item-form)-[\w-]+\.js$/;
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Add an info item" });

async function openLiveVisitor(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await liveConnected(page);
}

async function chooseImage(
  form: Locator,
  label: string | RegExp,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await form.getByLabel(label).setInputFiles(file);
}

async function uploadImage(form: Locator, label: string | RegExp, background: string) {
  await chooseImage(form, label, {
    name: `${background.slice(1)}.png`,
    mimeType: "image/png",
    buffer: await png(background),
  });
  await expect(form.locator('[data-upload-state="done"]')).toBeVisible();
}

async function expectGone(url: string, siteUrl: string) {
  const response = await fetch(new URL(url, siteUrl));
  expect(response.status).toBe(404);
}

test("visitors see no admin tools and never download their code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await hydrated(page);
  // The admin tools (app/components/home-admin/: the lazy entry and the chunk of the tools it loads)
  // are fetched only when an admin's page renders them.
  expect(scripts.filter((url) => ADMIN_CHUNK.test(url))).toEqual([]);
  expect(scripts.some((url) => /\/assets\/home-[\w-]+\.js$/.test(url))).toBe(true);
  await expect(page.getByRole("heading", { name: "Welcome to Vantage" })).toBeVisible();
  await expect(page.getByRole("button", { name: "+ NEW CARD" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "+ NEW IMAGE" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "+ NEW BANNER" })).toHaveCount(0);
});

test("the admin's buttons on / wait, disabled, for their lazily loaded script", async ({ page, login }) => {
  await login();
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  // Hold the tools' chunk back, as a slow network would, while the rest of the page hydrates.
  await page.route(/\/assets\/home-page-admin-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto("/");
  await hydrated(page);
  const newCard = toolbar(page).getByRole("button", { name: "+ NEW CARD" });
  await expect(newCard).toBeDisabled();
  release();
  await expect(newCard).toBeEnabled();
  await newCard.click();
  await expect(page.getByRole("form", { name: "New card" })).toBeVisible();
  await page.getByRole("form", { name: "New card" }).getByRole("button", { name: "Cancel" }).click();
  await page.unrouteAll({ behavior: "wait" });
});
test("an admin adds a banner, an image and a card through the new-item panels; visitors see them live", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitor = await browser.newPage({ baseURL: site.url, reducedMotion: "reduce" });
  await openLiveVisitor(visitor);

  await login();
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "There are no info items yet" })).toBeVisible();
  await expect(toolbar(page).getByRole("button")).toHaveText([
    "+ NEW CARD",
    "+ NEW IMAGE",
    "+ NEW BANNER",
    "+ NEW SLIDE",
  ]);
  // The tools load after the page: checked once they can be used, not while they are still greyed out.
  for (const button of await toolbar(page).getByRole("button").all()) await expect(button).toBeEnabled();
  await expectNoA11yViolations(page);

  // Banner: content required and trimmed; Cancel closes without saving; reopening starts empty.
  await page.getByRole("button", { name: "+ NEW BANNER" }).click();
  let form = page.getByRole("form", { name: "New banner" });
  await expect(page.getByRole("heading", { name: "New banner" })).toBeFocused();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Content Required")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Something went wrong - check each input: Content.");
  await form.getByLabel("Content").fill("   ");
  await expect(form.getByText("Content Required")).toBeVisible();
  await form.getByLabel("Content").fill("Not saved");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "+ NEW BANNER" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "There are no info items yet" })).toBeVisible();
  await page.getByRole("button", { name: "+ NEW BANNER" }).click();
  await expect(form.getByLabel("Content")).toHaveValue("");
  await form.getByLabel("Content").fill("  Spring sale  ");
  const bannerPost = await capturePost(page, () => form.getByRole("button", { name: "Submit" }).click());
  await expect(form).toHaveCount(0);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveText("Spring sale");
  await expect(page.getByRole("heading", { name: "There are no info items yet" })).toHaveCount(0);
  await expect(items(visitor).first()).toHaveText("Spring sale");

  // Image: required, an image, at most 20,000,000 bytes.
  await page.getByRole("button", { name: "+ NEW IMAGE" }).click();
  form = page.getByRole("form", { name: "New image" });
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Image required (20MB maximum)")).toBeVisible();
  await chooseImage(form, "Image (20MB maximum)", oversizedFile("huge.png"));
  await expect(form.getByText("Image required (20MB maximum)")).toBeVisible();
  await chooseImage(form, "Image (20MB maximum)", {
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(form.getByText("Image required (20MB maximum)")).toBeVisible();
  await uploadImage(form, "Image (20MB maximum)", "#0284c7");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first().locator("img")).toBeVisible();
  await expect(items(visitor)).toHaveCount(2);

  // Card: heading and content required; an optional image that must be an image of at most 20MB.
  await page.getByRole("button", { name: "+ NEW CARD" }).click();
  form = page.getByRole("form", { name: "New card" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Heading required")).toBeVisible();
  await expect(form.getByText("Content required")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Something went wrong - check each input: Heading, Content.");
  await chooseImage(form, /^Image \(optional/, {
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("text"),
  });
  await expect(form.getByText("Must be an image (20MB maximum)")).toBeVisible();
  await chooseImage(form, /^Image \(optional/, oversizedFile("huge.png"));
  await expect(form.getByText("Must be an image (20MB maximum)")).toBeVisible();
  await form.getByLabel("Heading").fill("Night vision");
  await form.getByLabel("Content").fill("Sees in the dark.");
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).first().getByRole("heading", { name: "Night vision" })).toBeVisible();
  await expect(items(visitor).first().getByRole("heading", { name: "Night vision" })).toBeVisible();

  // The first POST replayed without a session: refused, no second banner.
  await expectAnonymousReplayRefused(site.url, bannerPost);
  await page.reload();
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).filter({ hasText: "Spring sale" })).toHaveCount(1);

  // Visitors still see no tools now that there are items.
  await expect(visitor.getByRole("button", { name: "+ NEW CARD" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await visitor.close();
});

test("an admin edits items inline; a replaced image's URL answers 404", async ({ page, browser, login, site }) => {
  const visitor = await browser.newPage({ baseURL: site.url, reducedMotion: "reduce" });
  await openLiveVisitor(visitor);
  await login();
  await page.goto("/");
  await hydrated(page);

  // Banner: same rules as when new.
  const banner = controls(page, "Banner: Spring sale");
  await banner.getByRole("button", { name: "Edit" }).click();
  let form = page.getByRole("form", { name: "Edit banner" });
  await expect(form.getByLabel("Content")).toHaveValue("Spring sale");
  await form.getByLabel("Content").fill("  ");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Content Required")).toBeVisible();
  await form.getByLabel("Content").fill("Summer sale");
  const editPost = await capturePost(page, () => form.getByRole("button", { name: "Save changes" }).click());
  await expect(form).toHaveCount(0);
  await expect(items(page).filter({ hasText: "Summer sale" })).toHaveCount(1);
  await expect(items(visitor).filter({ hasText: "Summer sale" })).toHaveCount(1);

  // Card: an image added, then replaced; the old one is gone.
  await controls(page, "Card: Night vision").getByRole("button", { name: "Edit" }).click();
  form = page.getByRole("form", { name: "Edit card" });
  await form.getByLabel("Heading").fill("");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Heading required")).toBeVisible();
  await form.getByLabel("Heading").fill("Night vision");
  await uploadImage(form, /^Image \(optional/, "#16a34a");
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  const card = items(page).filter({ has: page.getByRole("heading", { name: "Night vision" }) });
  const firstUrl = await card.locator("img").getAttribute("src");
  expect(firstUrl).toBeTruthy();
  await controls(page, "Card: Night vision").getByRole("button", { name: "Edit" }).click();
  await uploadImage(form, "Replace image", "#dc2626");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  await expect(card.locator("img")).not.toHaveAttribute("src", firstUrl ?? "");
  await expectGone(firstUrl ?? "", site.url);
  await expect(visitor.locator(`img[src="${await card.locator("img").getAttribute("src")}"]`)).toBeVisible();

  // Replayed without a session after a later edit: refused, the later text stays.
  await controls(page, "Banner: Summer sale").getByRole("button", { name: "Edit" }).click();
  await page.getByRole("form", { name: "Edit banner" }).getByLabel("Content").fill("Autumn sale");
  await page.getByRole("form", { name: "Edit banner" }).getByRole("button", { name: "Save changes" }).click();
  await expect(items(page).filter({ hasText: "Autumn sale" })).toHaveCount(1);
  await expectAnonymousReplayRefused(site.url, editPost);
  await page.reload();
  await expect(items(page).filter({ hasText: "Autumn sale" })).toHaveCount(1);
  await expect(items(page).filter({ hasText: "Summer sale" })).toHaveCount(0);
  await visitor.close();
});

test("move to top reorders the items, also on an open visitor page", async ({ page, browser, login, site }) => {
  const visitor = await browser.newPage({ baseURL: site.url, reducedMotion: "reduce" });
  await openLiveVisitor(visitor);
  await login();
  await page.goto("/");
  await hydrated(page);
  // Newest first: card, image, banner.
  await expect(items(page).first().getByRole("heading", { name: "Night vision" })).toBeVisible();
  await expect(items(page).last()).toHaveText("Autumn sale");

  const movePost = await capturePost(page, () =>
    controls(page, "Banner: Autumn sale").getByRole("button", { name: "Move to top" }).click(),
  );
  await expect(items(page).first()).toHaveText("Autumn sale");
  await expect(items(page).last().getByRole("heading", { name: "Night vision" })).toHaveCount(0);
  await expect(items(visitor).first()).toHaveText("Autumn sale");

  // Then the card goes back on top; replaying the banner's move without a session changes nothing.
  await controls(page, "Card: Night vision").getByRole("button", { name: "Move to top" }).click();
  await expect(items(page).first().getByRole("heading", { name: "Night vision" })).toBeVisible();
  await expectAnonymousReplayRefused(site.url, movePost);
  await page.reload();
  await expect(items(page).first().getByRole("heading", { name: "Night vision" })).toBeVisible();
  await visitor.close();

  // Without JavaScript the dashboard summary's "Move to top" is a plain form: it moves the item and
  // comes back to the page.
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto("/login");
  await noScript.getByLabel("Email").fill(ADMIN.email);
  await noScript.getByLabel("Password").fill(ADMIN.password);
  await noScript.getByRole("button", { name: "Log in" }).click();
  await expect(noScript).toHaveURL(/\/dashboard$/);
  for (const name of ["Banner: Autumn sale", "Card: Night vision"]) {
    await noScript.goto("/dashboard");
    await controls(noScript, name).getByRole("button", { name: "Move to top" }).click();
    await expect(noScript).toHaveURL(`${site.url}/dashboard`);
    await expect(noScript.getByRole("group", { name: /^Admin controls: / }).first()).toHaveAccessibleName(
      `Admin controls: ${name}`,
    );
  }
  await context.close();
});

test("two admins edit the same item: the second save gets the conflict message and the newer data", async ({
  page,
  login,
}) => {
  await login();
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await tab.goto("/");
    await hydrated(tab);
    await controls(tab, "Card: Night vision").getByRole("button", { name: "Edit" }).click();
  }
  const first = page.getByRole("form", { name: "Edit card" });
  const second = other.getByRole("form", { name: "Edit card" });
  await first.getByLabel("Content").fill("Sees in the dark, in colour.");
  await first.getByRole("button", { name: "Save changes" }).click();
  await expect(first).toHaveCount(0);
  // The other tab's open form keeps what its admin types while the change arrives live.
  await expect(other.getByText("Sees in the dark, in colour.")).toBeVisible();
  await expect(second.getByLabel("Content")).toHaveValue("Sees in the dark.");

  await second.getByLabel("Heading").fill("Night vision II");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByText(/Someone else saved a change to this while you were editing/)).toBeVisible();
  await expect(second.getByLabel("Content")).toHaveValue("Sees in the dark, in colour.");
  await expect(second.getByLabel("Heading")).toHaveValue("Night vision");
  await expect(items(other).getByRole("heading", { name: "Night vision II" })).toHaveCount(0);

  // Made again on the newer data, the change goes through.
  await second.getByLabel("Heading").fill("Night vision II");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(second).toHaveCount(0);
  await expect(items(other).getByRole("heading", { name: "Night vision II" })).toBeVisible();
  await expect(items(page).getByRole("heading", { name: "Night vision II" })).toBeVisible();
  await other.close();
});

test("delete asks for confirmation, then removes the item and its image file", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitor = await browser.newPage({ baseURL: site.url, reducedMotion: "reduce" });
  await openLiveVisitor(visitor);
  await login();
  await page.goto("/");
  await hydrated(page);
  await expect(items(page)).toHaveCount(3);
  const imageUrl = (await page.locator('figure[id^="info-"] img').getAttribute("src")) ?? "";
  expect(imageUrl).toMatch(/^\//);
  const group = controls(page, "Image");

  await group.getByRole("button", { name: "Delete" }).click();
  await expect(
    group.getByText("Are you sure? It goes to Recently deleted, where it can be restored for 30 days."),
  ).toBeVisible();
  await expect(group.getByRole("button", { name: "CANCEL" })).toBeFocused();
  await expectNoA11yViolations(page);
  await group.getByRole("button", { name: "CANCEL" }).click();
  await expect(
    group.getByText("Are you sure? It goes to Recently deleted, where it can be restored for 30 days."),
  ).toHaveCount(0);
  await expect(group.getByRole("button", { name: "Delete" })).toBeFocused();
  await expect(items(page)).toHaveCount(3);

  await group.getByRole("button", { name: "Delete" }).click();
  const deletePost = await capturePost(page, () => group.getByRole("button", { name: "CONFIRM DELETE" }).click());
  await expect(items(page)).toHaveCount(2);
  await expect(page.locator('figure[id^="info-"]')).toHaveCount(0);
  await expect(items(visitor)).toHaveCount(2);
  await expectGone(imageUrl, site.url);

  // The card (with its image) too; then the replay of a delete without a session changes nothing.
  const cardUrl = (await page.locator('article[id^="info-"] img').getAttribute("src")) ?? "";
  const card = controls(page, "Card: Night vision II");
  await card.getByRole("button", { name: "Delete" }).click();
  await card.getByRole("button", { name: "CONFIRM DELETE" }).click();
  await expect(items(page)).toHaveCount(1);
  await expectGone(cardUrl, site.url);
  await expectAnonymousReplayRefused(site.url, deletePost);
  await page.reload();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveText("Autumn sale");
  await visitor.close();
});

test("a delete refused because the item changed meanwhile closes the prompt and says why", async ({ page, login }) => {
  await login();
  // This tab hears no live updates, so it still holds the version it opened when it deletes.
  await page.route("**/events?**", (route) => route.abort());
  await page.goto("/");
  await hydrated(page);
  const other = await page.context().newPage();
  await other.goto("/");
  await hydrated(other);
  await controls(other, "Banner: Autumn sale").getByRole("button", { name: "Edit" }).click();
  let form = other.getByRole("form", { name: "Edit banner" });
  await form.getByLabel("Content").fill("Autumn sale, extended");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);

  const group = controls(page, "Banner: Autumn sale");
  await group.getByRole("button", { name: "Delete" }).click();
  await group.getByRole("button", { name: "CONFIRM DELETE" }).click();
  await expect(group.getByText(/Someone else saved a change to this while you were editing/)).toBeVisible();
  await expect(
    group.getByText("Are you sure? It goes to Recently deleted, where it can be restored for 30 days."),
  ).toHaveCount(0);
  await expect(group.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.reload();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveText("Autumn sale, extended");

  // The other admin puts the banner back as it was, for the tests after this one.
  await controls(other, "Banner: Autumn sale, extended").getByRole("button", { name: "Edit" }).click();
  form = other.getByRole("form", { name: "Edit banner" });
  await form.getByLabel("Content").fill("Autumn sale");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  await other.close();
});

test("the dashboard summary has the same controls, newest first", async ({ page, login }) => {
  await login();
  await expect(page).toHaveURL("/dashboard");
  const list = page.getByRole("list", { name: "Banners, cards, images and slides, newest first" });
  await page.getByRole("button", { name: "+ NEW CARD" }).click();
  const form = page.getByRole("form", { name: "New card" });
  await form.getByLabel("Heading").fill("From the dashboard");
  await form.getByLabel("Content").fill("Added on the summary.");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("From the dashboard");
  await expectNoA11yViolations(page);

  await controls(page, "Banner: Autumn sale").getByRole("button", { name: "Move to top" }).click();
  await expect(list.getByRole("listitem").first()).toContainText("Autumn sale");

  await controls(page, "Card: From the dashboard").getByRole("button", { name: "Edit" }).click();
  await page.getByRole("form", { name: "Edit card" }).getByLabel("Heading").fill("Edited on the dashboard");
  await page.getByRole("form", { name: "Edit card" }).getByRole("button", { name: "Save changes" }).click();
  await expect(list.getByRole("listitem").last()).toContainText("Edited on the dashboard");

  const group = controls(page, "Card: Edited on the dashboard");
  await group.getByRole("button", { name: "Delete" }).click();
  await group.getByRole("button", { name: "CONFIRM DELETE" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await page.goto("/");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveText("Autumn sale");
});

/** A PNG of the given size, in one colour. */
const sizedPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Every `srcset` candidate of an image, fetched: its URL, the width it claims and its real pixel size. */
async function srcsetCandidates(page: Page, image: Locator) {
  const srcset = (await image.getAttribute("srcset")) ?? "";
  const candidates = srcset.split(",").map((entry) => {
    const [url = "", descriptor = ""] = entry.trim().split(" ");
    return { url, claimed: Number.parseInt(descriptor, 10) };
  });
  return Promise.all(
    candidates.map(async ({ url, claimed }) => {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      const { width, height } = await sharp(await response.body()).metadata();
      return { url, claimed, width, height };
    }),
  );
}

test("home pictures are cut to their slot's shape on the server; descriptions are their alt text", async ({
  page,
  browser,
  login,
  site,
}) => {
  await login();
  await page.goto("/");
  await hydrated(page);

  // An image item, 900 × 1600 (tall): shown at 16:9, so cut to 900 × 506 around its centre.
  await page.getByRole("button", { name: "+ NEW IMAGE" }).click();
  let form = page.getByRole("form", { name: "New image" });
  const imageInput = form.getByLabel("Image (20MB maximum)");
  await expect(imageInput).toHaveAccessibleDescription(
    "Shown at 16:9, at least 1600 × 900 pixels; pictures of another shape are cropped to fit, around their centre.",
  );
  await chooseImage(form, "Image (20MB maximum)", {
    name: "tall.png",
    mimeType: "image/png",
    buffer: await sizedPng(900, 1600, "#7c3aed"),
  });
  await expect(form.locator('[data-upload-state="done"]')).toBeVisible();
  await form.getByLabel("Image description (alt text)").fill("  A violet poster, standing tall  ");
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);

  const visitor = await browser.newPage({ baseURL: site.url, reducedMotion: "reduce" });
  await visitor.goto("/");
  const picture = visitor.locator('figure[id^="info-"] img');
  await expect(picture).toHaveAttribute("alt", "A violet poster, standing tall");
  await expect(picture).toHaveAttribute("width", "900");
  await expect(picture).toHaveAttribute("height", "506");
  await expect(picture).toHaveAttribute("src", /\/16x9\/960\.webp$/);
  const cuts = await srcsetCandidates(visitor, picture);
  expect(cuts.map(({ claimed }) => claimed)).toEqual([320, 480, 640, 900]);
  for (const cut of cuts) {
    expect(cut.url).toMatch(/^\/images\/[0-9a-f-]{36}\/16x9\/\d+\.webp$/);
    expect({ width: cut.width, height: cut.height }, cut.url).toEqual({
      width: cut.claimed,
      height: Math.round((cut.claimed * 9) / 16),
    });
  }
  expect(cuts.at(-1)).toMatchObject({ width: 900, height: 506 });
  // The page reserves that shape before the picture arrives, and shows it so.
  const box = await picture.boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  // The original stays as uploaded: the edit form shows it as the current image.
  await controls(page, "Image: A violet poster, standing tall").getByRole("button", { name: "Edit" }).click();
  form = page.getByRole("form", { name: "Edit image" });
  await expect(form.getByLabel("Image description (alt text)")).toHaveValue("A violet poster, standing tall");
  const originalUrl = (await form.locator("img").getAttribute("src")) ?? "";
  expect(originalUrl).toMatch(/^\/files\//);
  const original = await sharp(await (await page.request.get(originalUrl)).body()).metadata();
  expect({ width: original.width, height: original.height }).toEqual({ width: 900, height: 1600 });
  await form.getByRole("button", { name: "Cancel" }).click();

  // A card with a square picture: 4:3, cut to 600 × 450; its description as alt text.
  await page.getByRole("button", { name: "+ NEW CARD" }).click();
  form = page.getByRole("form", { name: "New card" });
  await expect(form.getByLabel(/^Image \(optional/)).toHaveAccessibleDescription(
    "Shown at 4:3, at least 1280 × 960 pixels; pictures of another shape are cropped to fit, around their centre.",
  );
  await form.getByLabel("Heading").fill("Framed");
  await form.getByLabel("Content").fill("A card with a square picture.");
  await chooseImage(form, /^Image \(optional/, {
    name: "square.png",
    mimeType: "image/png",
    buffer: await sizedPng(600, 600, "#0f766e"),
  });
  await expect(form.locator('[data-upload-state="done"]')).toBeVisible();
  await form.getByLabel("Image description (alt text)").fill("A teal square");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);

  await visitor.reload();
  const cardPicture = visitor.locator('article[id^="info-"]').filter({ hasText: "Framed" }).locator("img");
  await expect(cardPicture).toHaveAttribute("alt", "A teal square");
  await expect(cardPicture).toHaveAttribute("width", "600");
  await expect(cardPicture).toHaveAttribute("height", "450");
  for (const cut of await srcsetCandidates(visitor, cardPicture)) {
    expect(cut.url).toContain("/4x3/");
    expect({ width: cut.width, height: cut.height }).toEqual({
      width: cut.claimed,
      height: Math.round((cut.claimed * 3) / 4),
    });
  }

  // The description is edited with the card; cleared, the picture beside the card's text is decoration.
  await controls(page, "Card: Framed").getByRole("button", { name: "Edit" }).click();
  form = page.getByRole("form", { name: "Edit card" });
  await expect(form.getByLabel("Image description (alt text)")).toHaveValue("A teal square");
  await form.getByLabel("Image description (alt text)").fill("");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  await visitor.reload();
  await expect(cardPicture).toHaveAttribute("alt", "");
  await visitor.close();
});

test("the dashboard summary shows each picture's thumbnail, its description, and when each item was added or changed", async ({
  page,
  login,
}) => {
  await login();
  const list = page.getByRole("list", { name: "Banners, cards, images and slides, newest first" });
  const image = list.getByRole("listitem").filter({ hasText: "A violet poster, standing tall" });
  await expect(image.getByTestId("info-item-thumbnail")).toHaveAttribute("src", /\/16x9\/\d+\.webp$/);
  await expect(image).toContainText(/Added \d{1,2} \w{3} \d{4}/);
  const card = list.getByRole("listitem").filter({ hasText: "Framed" });
  await expect(card.getByTestId("info-item-thumbnail")).toHaveAttribute("src", /\/4x3\/\d+\.webp$/);
  // Edited after it was added.
  await expect(card).toContainText(/Changed \d{1,2} \w{3} \d{4}/);
  const banner = list.getByRole("listitem").filter({ hasText: "Autumn sale" });
  await expect(banner.getByTestId("info-item-thumbnail")).toHaveCount(0);
  await expect(controls(page, "Image: A violet poster, standing tall")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an item's Read more link, date and place: News keeps what the home page lets go", async ({
  page,
  browser,
  login,
  site,
}) => {
  await login();
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "+ NEW CARD" }).click();
  const form = page.getByRole("form", { name: "New card" });
  await form.getByLabel("Heading").fill("Meet us at ISC West");
  await form.getByLabel("Content").fill("Booth 12071, with our engineers.");
  await form.getByLabel("Read more link (optional)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText(ADMIN_MESSAGES.infoLink)).toBeVisible();
  await expect(form.getByLabel("Read more link (optional)")).toBeFocused();
  await form.getByLabel("Read more link (optional)").fill("/contact");
  await form.getByLabel("Date").fill("2026-03-12");
  await form.getByLabel("Shown on").selectOption({ label: "News only" });
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);
  // Not on the home page, even for the admin who made it.
  await expect(items(page).filter({ hasText: "Meet us at ISC West" })).toHaveCount(0);

  const visitor = await browser.newContext({ baseURL: site.url, reducedMotion: "reduce" });
  const news = await visitor.newPage();
  await news.goto("/news");
  await hydrated(news);
  const entry = news.getByRole("article").filter({ has: news.getByRole("heading", { name: "Meet us at ISC West" }) });
  await expect(entry.locator("time")).toHaveText("12 Mar 2026");
  await expect(entry.locator("time")).toHaveAttribute("datetime", "2026-03-12");
  await expect(entry.getByRole("link", { name: "Read more about Meet us at ISC West" })).toHaveAttribute(
    "href",
    "/contact",
  );
  // Newest day first: the items added today come before it.
  await expect(news.getByRole("article").last()).toContainText("Meet us at ISC West");
  await expectNoA11yViolations(news);
  for (const width of [390, 1280]) {
    await news.setViewportSize({ width, height: 900 });
    await news.screenshot({ path: test.info().outputPath(`news-${width}.png`), fullPage: true });
    expect(await news.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // The summary says where it is; put back on the home page, it shows there with its date and link.
  await page.goto("/dashboard");
  const row = page
    .getByRole("list", { name: "Banners, cards, images and slides, newest first" })
    .getByRole("listitem")
    .filter({ hasText: "Meet us at ISC West" });
  await expect(row.getByText("News only", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /^Edit/ }).click();
  const edit = row.getByRole("form", { name: "Edit card" });
  await expect(edit.getByLabel("Date")).toHaveValue("2026-03-12");
  await expect(edit.getByLabel("Read more link (optional)")).toHaveValue("/contact");
  await edit.getByLabel("Shown on").selectOption({ label: "The home page and News" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByText("News only", { exact: true })).toHaveCount(0);

  const home = await visitor.newPage();
  await home.goto("/");
  const card = items(home).filter({ hasText: "Meet us at ISC West" });
  await expect(card.locator("time")).toHaveText("12 Mar 2026");
  await expect(card.getByRole("link", { name: "Read more about Meet us at ISC West" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(home.getByRole("link", { name: "All news" })).toHaveAttribute("href", "/news");
  await expect(home.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/news.atom",
  );
  await visitor.close();
});

test("the owner's slides take the place of the carousel's built-in ones, live, and give it back when gone", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitorContext = await browser.newContext({ baseURL: site.url, reducedMotion: "reduce" });
  const visitor = await visitorContext.newPage();
  await openLiveVisitor(visitor);
  const carousel = visitor.getByRole("region", { name: "Highlights" });
  // Every slide, also those not shown (hidden ones are out of the accessibility tree).
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(3);

  await login();
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "+ NEW SLIDE" }).click();
  const form = page.getByRole("form", { name: "New slide" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Button label required")).toBeVisible();
  await expect(form.getByText(ADMIN_MESSAGES.slideLinkRequired)).toBeVisible();
  await form.getByLabel("Eyebrow (optional)").fill("Perimeter");
  await form.getByLabel("Heading").fill("Sees the whole fence");
  await form.getByLabel("Content").fill("Thermal and optical in one housing.");
  await uploadImage(form, "Image (20MB maximum)", "#0f766e");
  await form.getByLabel(ALT_TEXT_LABEL).fill("A camera on a fence at dusk");
  await form.getByLabel("Button label").fill("See the cameras");
  await form.getByLabel("Button link").fill("/catalog");
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form).toHaveCount(0);
  // A slide is not a home page item: the list below the carousel does not show it.
  await expect(items(page).filter({ hasText: "Sees the whole fence" })).toHaveCount(0);

  // The visitor's open page turns to the owner's one slide, with no controls to turn it.
  await expect(slides).toHaveCount(1);
  await expect(slides.first().getByRole("heading", { name: "Sees the whole fence" })).toBeVisible();
  await expect(slides.first()).toContainText("Perimeter");
  await expect(slides.first().getByRole("link", { name: "See the cameras" })).toHaveAttribute("href", "/catalog");
  await expect(slides.first().getByRole("img", { name: "A camera on a fence at dusk" })).toHaveAttribute(
    "src",
    /\/8x3\/\d+\.webp$/,
  );
  await expect(carousel.getByRole("button", { name: "Next slide" })).toHaveCount(0);
  // Link previews show the owner's first slide too (0f766e.png, the picture uploaded above).
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/files\/[\w-]+\/0f766e\.png$/,
  );
  await expect(visitor.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    "content",
    "A camera on a fence at dusk",
  );
  await expectNoA11yViolations(visitor);

  // Listed with the other items in the summary; deleted there, the built-in slides come back.
  await page.goto("/dashboard");
  const row = page
    .getByRole("list", { name: "Banners, cards, images and slides, newest first" })
    .getByRole("listitem")
    .filter({ hasText: "Sees the whole fence" });
  await expect(row.getByTestId("info-item-thumbnail")).toHaveAttribute("src", /\/8x3\/\d+\.webp$/);
  const slideControls = controls(page, "Slide: Sees the whole fence");
  await slideControls.getByRole("button", { name: "Delete" }).click();
  await slideControls.getByRole("button", { name: "CONFIRM DELETE" }).click();
  await expect(row).toHaveCount(0);
  await expect(slides).toHaveCount(3);
  await visitorContext.close();
});

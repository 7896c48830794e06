import type { Page } from "@playwright/test";
import { CAROUSEL_INTERVAL_MS, HERO_SLIDES } from "../../app/domain/hero";
import { expectNoA11yViolations } from "../support/a11y";
import { carousel, carouselControl as control, expectSlideShown, slide, SLIDE_COUNT } from "../support/carousel";
import { changeDatabase, queryDatabase } from "../support/sql";
import { expect, test } from "./fixtures";

// PostgreSQL rather than PGlite, so this test process can read the same database as the site.
test.use({
  serverEnv: [
    async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase, DEMO_DATA: "1" }),
    { scope: "worker" },
  ],
});

/**
 * Opens the home page on a stopped clock: time moves only when the test moves it, so the carousel
 * cannot advance between two assertions on a slow machine. Resolves once the page is interactive
 * (the controls render only then).
 */
async function openHomeWithStoppedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto("/");
  await expect(carousel(page).getByRole("button", { name: /^(Pause|Play)$/ })).toBeVisible();
}

test.describe("home page on the demo catalog", () => {
  interface InfoRow {
    id: string;
    type: "banner" | "card" | "image";
    heading: string | null;
    link: string | null;
    content: string | null;
  }

  const itemsInDatabaseOrder = (url: string) =>
    queryDatabase<InfoRow>(
      url,
      "select id, type, heading, content, link from info_items where on_home_page order by sort_at desc",
    );

  async function shownItemIds(page: Page): Promise<string[]> {
    return page.locator('main [id^="info-"]').evaluateAll((items) => items.map((item) => item.id.slice(5)));
  }

  test("shows the info items in stored order, newest first, the demo's banner on top", async ({
    page,
    postgresDatabase,
  }) => {
    const rows = await itemsInDatabaseOrder(postgresDatabase);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows[0]?.type).toBe("banner");

    await page.goto("/");
    expect(await shownItemIds(page)).toEqual(rows.map((row) => row.id));
    const first = page.locator('main [id^="info-"]').first();
    await expect(first.locator("p").first()).toHaveText(rows[0]?.content ?? "");
    await expect(first).toContainText("New: the VNT-TH640 thermal series is shipping.");

    for (const row of rows) {
      const item = page.locator(`[id="info-${row.id}"]`);
      if (row.type === "banner") await expect(item.locator("p").first()).toHaveText(row.content ?? "");
      // An item with a link leads there by "Read more", named by what it is about.
      const readMore = item.getByRole("link", { name: /^Read more about / });
      if (row.link) await expect(readMore).toHaveAttribute("href", row.link);
      else await expect(readMore).toHaveCount(0);
      if (row.type === "card") {
        await expect(item.getByRole("heading", { level: 2 })).toHaveText(row.heading ?? "");
        await expect(item.getByText(row.content?.split("\n")[0] ?? "")).toBeVisible();
      }
      if (row.type === "image") await expect(item.locator("img")).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "Welcome to Vantage" })).toHaveCount(0);
  });

  test("an item moved to the top in the database shows first", async ({ page, postgresDatabase, site }) => {
    const rows = await itemsInDatabaseOrder(postgresDatabase);
    const last = rows.at(-1);
    if (!last) throw new Error("the demo catalog has no info items");
    const [{ sort_at: previous } = { sort_at: new Date() }] = await queryDatabase<{ sort_at: Date }>(
      postgresDatabase,
      "select sort_at from info_items where id = $1",
      [last.id],
    );
    await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["info"], (client) =>
      client.query("update info_items set sort_at = now() where id = $1", [last.id]),
    );
    try {
      await page.goto("/");
      expect(await shownItemIds(page)).toEqual([last.id, ...rows.slice(0, -1).map((row) => row.id)]);
    } finally {
      await changeDatabase({ databaseUrl: postgresDatabase, siteUrl: site.url }, ["info"], (client) =>
        client.query("update info_items set sort_at = $2 where id = $1", [last.id, previous]),
      );
    }
  });

  test("passes axe with the carousel and every kind of item", async ({ page }) => {
    await page.goto("/");
    await expect(control(page, "Pause")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("hero carousel", () => {
  test("is a labelled carousel of three labelled slides, the first one shown", async ({ page }) => {
    await page.goto("/");
    const region = carousel(page);
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    for (let number = 1; number <= SLIDE_COUNT; number++) {
      await expect(slide(page, number)).toHaveAttribute("aria-roledescription", "slide");
    }
    await expect(region.getByRole("group")).toHaveCount(1);
    await expectSlideShown(page, 1);
    await expect(slide(page, 1).getByRole("heading", { level: 2 })).toHaveText(HERO_SLIDES[0]?.heading ?? "");
    await expect(slide(page, 1).getByRole("img")).toHaveAttribute("alt", /city street at night/);
    // The pictures of the slides still to come are in the page once it runs, ready before their turn.
    await expect(slide(page, 2).locator("img")).toHaveAttribute("alt", /warehouse aisle/);
    await expect(slide(page, 3).locator("img")).toHaveAttribute("alt", /licence plate/);
    await expect(control(page, "Pause")).toBeVisible();
    await expect(control(page, "Previous slide")).toBeVisible();
    await expect(control(page, "Next slide")).toBeVisible();
  });

  test(`advances every ${CAROUSEL_INTERVAL_MS} ms and wraps around to the first slide`, async ({ page }) => {
    await openHomeWithStoppedClock(page);
    const live = carousel(page).locator("[aria-live]");
    // Announcing automatic changes would talk over the visitor.
    await expect(live).toHaveAttribute("aria-live", "off");
    await expectSlideShown(page, 1);

    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 100);
    await expectSlideShown(page, 1);
    await page.clock.runFor(100);
    await expectSlideShown(page, 2);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlideShown(page, 3);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlideShown(page, 1);
    await expect(live).toHaveAttribute("aria-live", "off");
  });

  test("next and previous wrap around both ways, and a click stops the automatic advance", async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await control(page, "Previous slide").click();
    await expectSlideShown(page, 3);
    await control(page, "Next slide").click();
    await expectSlideShown(page, 1);
    await control(page, "Next slide").click();
    await expectSlideShown(page, 2);
    await control(page, "Next slide").click();
    await expectSlideShown(page, 3);
    await control(page, "Next slide").click();
    await expectSlideShown(page, 1);
    await control(page, "Previous slide").click();
    await expectSlideShown(page, 3);

    // Stopped for good: changes are now the visitor's own, so they are announced.
    await expect(control(page, "Play")).toBeVisible();
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 4);
    await expectSlideShown(page, 3);

    // A button per slide goes straight to it and marks the slide shown.
    const second = carousel(page).getByRole("button", { name: "Show slide 2" });
    await second.click();
    await expectSlideShown(page, 2);
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(carousel(page).getByRole("button", { name: "Show slide 3" })).not.toHaveAttribute("aria-current");
  });

  test("the Pause button stops the advance and Play starts it again", async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await control(page, "Pause").click();
    await expect(control(page, "Play")).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expectSlideShown(page, 1);

    await control(page, "Play").click();
    await expect(control(page, "Pause")).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlideShown(page, 2);
  });

  test("does not advance by itself for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHomeWithStoppedClock(page);
    await expect(control(page, "Play")).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 4);
    await expectSlideShown(page, 1);

    // The visitor can still choose to let it play.
    await control(page, "Play").click();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlideShown(page, 2);
  });

  test("the arrow keys move between slides while focus is in the carousel", async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await control(page, "Next slide").focus();
    await page.keyboard.press("ArrowRight");
    await expectSlideShown(page, 2);
    await page.keyboard.press("ArrowLeft");
    await expectSlideShown(page, 1);
    await page.keyboard.press("ArrowLeft");
    await expectSlideShown(page, 3);
    await page.keyboard.press("ArrowRight");
    await expectSlideShown(page, 1);
    // A key press is a choice too: no automatic advance after it.
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlideShown(page, 1);

    // From a link inside a slide, focus follows to the slide that replaces it.
    const firstLink = slide(page, 1).getByRole("link");
    await firstLink.focus();
    await page.keyboard.press("ArrowRight");
    await expectSlideShown(page, 2);
    await expect(slide(page, 2).getByRole("link")).toBeFocused();

    // Outside the carousel the arrow keys are left alone.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).focus();
    await page.keyboard.press("ArrowRight");
    await expectSlideShown(page, 2);
  });

  test("every slide's picture has its size set; only the first loads eagerly and first", async ({ page, request }) => {
    await page.goto("/");
    const images = carousel(page).locator("img");
    await expect(images).toHaveCount(SLIDE_COUNT);
    for (let index = 0; index < SLIDE_COUNT; index++) {
      const image = images.nth(index);
      await expect(image).toHaveAttribute("width", "1600");
      await expect(image).toHaveAttribute("height", "600");
      await expect(image).toHaveAttribute("srcset", /-800\.webp 800w, .*-1600\.webp 1600w$/);
      await expect(image).toHaveAttribute("sizes", /100vw/);
      await expect(image).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");
      if (index === 0) await expect(image).toHaveAttribute("fetchpriority", "high");
      else await expect(image).not.toHaveAttribute("fetchpriority", /.*/);
      const srcset = (await image.getAttribute("srcset")) ?? "";
      for (const candidate of srcset.split(",")) {
        const url = candidate.trim().split(" ")[0] ?? "";
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()["content-type"], url).toBe("image/webp");
        expect((await response.body()).length, url).toBeLessThan(80_000);
      }
    }
  });

  test("passes axe when paused on another slide", async ({ page }) => {
    await page.goto("/");
    await control(page, "Next slide").click();
    await expectSlideShown(page, 2);
    await expectNoA11yViolations(page);
  });
});

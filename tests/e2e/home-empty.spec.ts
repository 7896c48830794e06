import { HERO_SLIDES } from "../../app/domain/hero";
import { expectNoA11yViolations } from "../support/a11y";
import { carousel, expectSlideShown, slide } from "../support/carousel";
import { expect, test } from "./fixtures";

test.describe("home page on an empty site", () => {
  test("visitors see the welcome card inviting them to the products", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("AI security cameras | Vantage");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /AI-powered security cameras/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vantage: AI security cameras");
    await expect(page.getByRole("heading", { name: "Welcome to Vantage", level: 2 })).toBeVisible();
    await expect(page.getByText("Check out our products to find the right camera for your site.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Check out our products" })).toHaveAttribute("href", "/catalog");
    await expect(page.getByText("There are no info items yet")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("a signed-in admin sees the hint that only admins see, instead of the welcome card", async ({ page, login }) => {
    await login();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "There are no info items yet" })).toBeVisible();
    await expect(
      page.getByText(
        "Only admins see this message. It disappears once items are added: banners, cards and images show here, newest first.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome to Vantage" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});

test.describe("hero carousel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered page shows the first slide, without controls that could not work", async ({ page }) => {
    await page.goto("/");
    await expectSlideShown(page, 1);
    await expect(slide(page, 1).getByRole("heading", { level: 2 })).toHaveText(HERO_SLIDES[0]?.heading ?? "");
    await expect(slide(page, 1).getByRole("link")).toHaveAttribute("href", HERO_SLIDES[0]?.link.to ?? "");
    await expect(carousel(page).getByRole("button")).toHaveCount(0);
    // Nobody sees the other slides without scripts, so their pictures are not fetched.
    await expect(slide(page, 2).locator("img")).toHaveCount(0);
    await expect(slide(page, 3).locator("img")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Welcome to Vantage" })).toBeVisible();
  });
});

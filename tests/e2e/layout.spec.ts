import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

const MENU_LINKS = ["Home", "Products", "About", "Contact", "Support", "Firmware"];

function menuButton(page: Page) {
  return page.getByRole("banner").locator("button[aria-controls]");
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function sideMenu(page: Page) {
  return page.getByRole("navigation", { name: "Menu" });
}

test.describe("header and footer", () => {
  test("show the site navigation, the search box and the footer links", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    for (const [name, href] of [
      ["Home", "/"],
      ["Products", "/catalog"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Support", "/support"],
      ["Firmware", "/support/firmware"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("search", { name: "Site" }).getByLabel("Search products and categories")).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: "YouTube" })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Accessibility" })).toHaveAttribute("href", "/accessibility");
    await expect(footer.getByRole("link", { name: "Firmware" })).toHaveAttribute("href", "/support/firmware");
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/login");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Vantage Security Systems.`);
  });

  test("the footer's links and copyright line are centred under the content at any width", async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/catalog", "/privacy"]) {
        await page.goto(path);
        // What is drawn, not the boxes around it: a range over the links, and one over the copyright's text.
        const middles = await page.getByRole("contentinfo").evaluate((footer) => {
          const drawnMiddle = (node: Node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const rect = range.getBoundingClientRect();
            return rect.left + rect.width / 2;
          };
          const links = footer.querySelector('nav[aria-label="Footer"]');
          const copyright = [...footer.querySelectorAll("p")].find((p) => p.textContent?.startsWith("©"));
          return { links: links && drawnMiddle(links), copyright: copyright && drawnMiddle(copyright) };
        });
        expect(Math.abs((middles.links ?? 0) - width / 2), `links of ${path} at ${width}`).toBeLessThanOrEqual(2);
        expect(Math.abs((middles.copyright ?? 0) - width / 2), `© of ${path} at ${width}`).toBeLessThanOrEqual(2);
      }
    }
  });

  test("every page has a title, the document language and the favicon", async ({ page, request, login }) => {
    for (const [path, title] of [
      ["/", "AI security cameras | Vantage"],
      ["/login", "Admin Login | Vantage"],
      ["/forgot", "Password Reset | Vantage"],
      ["/reset-password?token=unknown", "Choose a new password | Vantage"],
      ["/no/such/page", "Not Found | Vantage"],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "en");
      await expect(page.locator('head link[rel="icon"]'), path).toHaveAttribute("href", "/favicon.svg");
    }
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/svg+xml");

    await login();
    await expect(page).toHaveTitle("Dashboard | Vantage");
  });
});

test.describe("sidebar menu on a narrow window", () => {
  test.use({ viewport: { width: 700, height: 800 } });

  test("opens from the menu button, closes with Escape and when the window grows to 1000px or more", async ({
    page,
  }) => {
    await page.goto("/login");
    await hydrated(page);
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAccessibleName("Open menu");
    await expect(mainNav(page)).toBeHidden();
    await expect(sideMenu(page)).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAccessibleName("Close menu");
    for (const name of MENU_LINKS) {
      await expect(sideMenu(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    // Signed out, the menu offers nothing an admin would see.
    await expect(sideMenu(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();

    await button.click();
    await expect(sideMenu(page)).toBeVisible();
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();
    await expect(button).toBeHidden();
    await expect(mainNav(page)).toBeVisible();

    // Shrinking again must not bring back a menu nobody opened.
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();
  });

  test("works from the keyboard, and Escape inside the menu returns focus to the button", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    const button = menuButton(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const home = sideMenu(page).getByRole("link", { name: "Home", exact: true });
    await home.focus();
    await expect(home).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sideMenu(page)).toBeHidden();
    // Hiding the focused link would otherwise drop keyboard focus back to the top of the page.
    await expect(button).toBeFocused();
  });

  test("closes once a menu link has navigated, also to the page already shown", async ({ page, site }) => {
    await page.goto("/login");
    await hydrated(page);
    await menuButton(page).click();
    await sideMenu(page).getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();

    await menuButton(page).click();
    await sideMenu(page).getByRole("link", { name: "Home", exact: true }).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();
  });

  test("offers Dashboard and Sign Out to a signed-in admin, and closes on Sign Out", async ({ page, site, login }) => {
    await login();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeHidden();
    await menuButton(page).click();
    await expect(sideMenu(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await sideMenu(page).getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(`${site.url}/`);

    // Signing out on the home page redirects to the same path, which alone would not close the menu.
    await menuButton(page).click();
    await sideMenu(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(sideMenu(page)).toBeHidden();
    await menuButton(page).click();
    await expect(sideMenu(page).getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(sideMenu(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  });

  test("the open menu passes axe", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await menuButton(page).click();
    await expect(sideMenu(page)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("error page", () => {
  test("an unknown route answers 404 with the error page inside the site layout", async ({ page }) => {
    const response = await page.goto("/dashboard/no/such/thing");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
    await expect(page.getByText("Sorry, an error has occurred.")).toBeVisible();
    await expect(page.getByText("Not Found", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Not Found | Vantage");
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Admin" })).toBeVisible();
  });
});

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  for (const path of ["/", "/login", "/forgot", "/reset-password?token=unknown", "/no/such/page"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test("/dashboard signed in has no violations", async ({ page, login }) => {
    await login();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("/login with an error message has no violations", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody@vantage.test");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

import type { Page } from "@playwright/test";
import { CONFORMANCE_REPORT_PATH, CRITERIA } from "../../app/domain/accessibility-report";
import { HONEYPOT_FIELD } from "../../app/domain/contact";
import { DEFAULT_SITE } from "../../app/domain/site";
import { a11yViolations, expectNoA11yViolations } from "../support/a11y";
import { expect, hydrated, test } from "./fixtures";

// The demo catalog, so that every page holds many records side by side; a server of its own, since
// the barrier form writes to the inbox.
test.use({ ownServer: "accessibility" });
test.use({
  serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url, DEMO_DATA: "1" }), { scope: "worker" }],
});

/** The widths every page is checked at: a phone's and a laptop's. */
const WIDTHS = [390, 1280] as const;

/** Every kind of public page, as the sitemap lists them, with the states that add most to them. */
async function publicPages(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  const category = listed.find((path) => path.startsWith("/catalog/categories/"));
  const products = listed.filter((path) => path.startsWith("/catalog/products/"));
  if (!category || products.length < 3) throw new Error("The sitemap lists no category or too few products");
  const compared = products.slice(0, 3).map((path) => path.split("/").pop() ?? "");
  // One page of each kind: a category's and a product's pages are made alike.
  const kinds = new Map<string, string>();
  for (const path of listed) kinds.set(path.replace(/\/(categories|products|security)\/[^/]+$/, "/$1/:one"), path);
  return [
    ...new Set([
      ...kinds.values(),
      ...products.slice(0, 3),
      `${category}?sort=newest`,
      "/catalog?page=2",
      "/search?q=dome",
      "/search?q=bulet",
      "/search?q=nothing-matches-this",
      "/support?q=thermal",
      `/compare?p=${compared.join(",")}`,
      "/login",
      "/forgot",
      "/reset-password?token=unknown",
      "/no-such-page",
    ]),
  ];
}

/** The dashboard's pages: its menu's, and the first record's of each list. */
async function dashboardPages(page: Page): Promise<string[]> {
  await page.goto("/dashboard");
  const menu = await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const records: string[] = [];
  for (const [list, pattern] of [
    ["/dashboard/products/", /^\/dashboard\/products\/[0-9a-f-]{36}\/$/],
    ["/dashboard/categories/", /^\/dashboard\/categories\/[0-9a-f-]{36}$/],
    ["/dashboard/downloads/", /^\/dashboard\/downloads\/[0-9a-f-]{36}$/],
    ["/dashboard/firmware/", /^\/dashboard\/firmware\/[0-9a-f-]{36}$/],
    ["/dashboard/attributes", /^\/dashboard\/attributes\/[0-9a-f-]{36}$/],
    ["/dashboard/advisories", /^\/dashboard\/advisories\/[0-9a-f-]{36}$/],
  ] as const) {
    await page.goto(list);
    const paths = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    const first = paths.find((path) => pattern.test(path));
    if (first) records.push(first, ...(first.includes("/products/") ? [`${first}edit`] : []));
  }
  return [
    ...new Set([
      ...menu,
      ...records,
      "/dashboard/products/new",
      "/dashboard/categories/new",
      "/dashboard/downloads/new",
      "/dashboard/firmware/new",
      "/dashboard/products/import",
    ]),
  ];
}

/** Every page at each width, and every violation found on any of them in one list. */
async function expectEveryPageClean(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      const response = await page.goto(path);
      // An error page is the root's boundary, which React takes over without the app's own marker.
      if (response?.ok()) await hydrated(page);
      for (const violation of await a11yViolations(page)) found.push(`${path} at ${width} px: ${violation}`);
    }
  }
  expect(found).toEqual([]);
}

test("every public page passes axe's WCAG 2.2 AA and best-practice rules at 390 and 1280 px", async ({ page }) => {
  test.slow();
  const paths = await publicPages(page);
  expect(paths.length).toBeGreaterThan(15);
  await expectEveryPageClean(page, paths);
});

test("every dashboard page passes axe's WCAG 2.2 AA and best-practice rules at 390 and 1280 px", async ({
  page,
  login,
}) => {
  test.slow();
  await login();
  const paths = await dashboardPages(page);
  expect(paths.length).toBeGreaterThan(25);
  await expectEveryPageClean(page, paths);
});

test("zoomed to 200% on a laptop's screen (640 CSS px wide) no page scrolls sideways", async ({ page, login }) => {
  test.slow();
  // 400% is the 320 px reflow of the public and dashboard pages' own tests; 200% sits between layouts.
  await page.setViewportSize({ width: 640, height: 450 });
  const overflowing: string[] = [];
  const check = async (paths: string[]) => {
    for (const path of paths) {
      const response = await page.goto(path);
      if (response?.ok()) await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) overflowing.push(`${path}: ${overflow} px`);
    }
  };
  await check(await publicPages(page));
  await login();
  await check(await dashboardPages(page));
  expect(overflowing).toEqual([]);
});

test("forms pass axe empty, filled in, and refused with their errors", async ({ page, login }) => {
  test.slow();
  // Refused by the server when sent empty; the sign-in form, whose browser check stops an empty
  // one, when filled in for a person who does not exist.
  const forms: { path: string; refusedFilledIn?: boolean; signedIn?: boolean }[] = [
    { path: "/contact" },
    { path: "/accessibility" },
    { path: "/support/vulnerability-disclosure" },
    { path: "/login", refusedFilledIn: true },
    { path: "/dashboard/products/new", signedIn: true },
    { path: "/dashboard/categories/new", signedIn: true },
    { path: "/dashboard/downloads/new", signedIn: true },
  ];
  // Not the honeypot, which only a bot fills in (and which makes the form pretend it was sent).
  const typed = `input[type=text]:not([name=${HONEYPOT_FIELD}]), input:not([type]):not([name=${HONEYPOT_FIELD}]), input[type=password], input[type=email], textarea`;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const form of forms) {
      if (form.signedIn) await login();
      await page.goto(form.path);
      await hydrated(page);
      const main = page.getByRole("main");
      const fill = async () => {
        for (const field of await main.locator(typed).all()) {
          if (!(await field.isVisible()) || !(await field.isEditable())) continue;
          const email = (await field.getAttribute("type")) === "email";
          await field.fill(email ? "nobody@vantage.example" : "Words a person typed");
        }
      };
      const send = async () => {
        // Enter in a field sends its form, as a person would.
        await main.locator("input[type=email], input[type=text]").first().press("Enter");
        await expect(main.locator("[aria-invalid=true], [role=alert]").first(), form.path).toBeVisible({
          timeout: 10_000,
        });
      };
      await test.step(`${form.path} empty at ${width} px`, () => expectNoA11yViolations(page));
      if (form.refusedFilledIn) {
        await fill();
        await test.step(`${form.path} filled in at ${width} px`, () => expectNoA11yViolations(page));
        await send();
        await test.step(`${form.path} refused at ${width} px`, () => expectNoA11yViolations(page));
      } else {
        await send();
        await test.step(`${form.path} refused at ${width} px`, () => expectNoA11yViolations(page));
        await fill();
        await test.step(`${form.path} filled in after its refusal at ${width} px`, () => expectNoA11yViolations(page));
      }
    }
    await page.context().clearCookies();
  }
});

test("no page plays audio or video, and nothing moves for visitors who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const paths = await publicPages(page);
  for (const path of paths) {
    const response = await page.goto(path);
    if (response?.ok()) await hydrated(page);
    const found = await page.evaluate(() => {
      const media = [...document.querySelectorAll("audio, video, iframe, embed, object, marquee, [autoplay]")].map(
        (element) => element.outerHTML.slice(0, 80),
      );
      // A duration written by the reduced-motion rule is 0.01 ms: anything longer moves.
      const seconds = (value: string) => Math.max(...value.split(",").map((part) => parseFloat(part) || 0));
      const moving = [...document.querySelectorAll("*")].flatMap((element) => {
        const style = getComputedStyle(element);
        const animated = style.animationName !== "none" && seconds(style.animationDuration) > 0.001;
        const transitioned = seconds(style.transitionDuration) > 0.001;
        return animated || transitioned ? [`${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)] : [];
      });
      return { media, moving };
    });
    expect(found.media, path).toEqual([]);
    expect(found.moving, path).toEqual([]);
  }
  // Nothing listens to the device's motion or orientation.
  const fs = await import("node:fs");
  const sources = fs
    .readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => fs.readFileSync(`app/${file}`, "utf8"));
  expect(sources.filter((source) => /devicemotion|deviceorientation/i.test(source))).toEqual([]);
});

/** What a focused element looks like to the test: where it is, and whether its focus can be seen. */
interface FocusStop {
  name: string;
  top: number;
  bottom: number;
  pageTop: number;
  inHeader: boolean;
  /** In a carousel, whose controls come before its slides by design (WAI-ARIA's carousel pattern). */
  inCarousel: boolean;
  ring: boolean;
}

async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      name: `${element.tagName.toLowerCase()} ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}`,
      top: rect.top,
      bottom: rect.bottom,
      pageTop: rect.top + window.scrollY,
      // The page's frame: the header, and the skip link shown over it.
      inHeader:
        (element.closest("header, [role=banner]") !== null && element.closest("main") === null) ||
        element.matches("body > a[href^='#']"),
      inCarousel: element.closest("[aria-roledescription=carousel]") !== null,
      ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none",
    };
  });
}

test("focus moves down each page in reading order, always visible and never under the sticky header", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 800 });
  const listed = await publicPages(page);
  const paths = [
    "/",
    "/catalog",
    listed.find((path) => path.startsWith("/catalog/categories/")) ?? "/catalog",
    listed.find((path) => path.startsWith("/catalog/products/")) ?? "/catalog",
    "/support",
    "/search?q=dome",
    "/contact",
    "/accessibility",
  ];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    const url = page.url();
    // No single key does anything while nothing has focus (no character-key shortcuts).
    for (const key of ["s", "/", "?", "k"]) await page.keyboard.press(key);
    expect(page.url(), path).toBe(url);
    const header = await page.locator("body > header").boundingBox();
    const headerBottom = header ? header.y + header.height : 0;
    let previous: FocusStop | null = null;
    const seen: string[] = [];
    for (let stop = 0; stop < 400; stop++) {
      await page.keyboard.press("Tab");
      const now = await focusStop(page);
      if (!now) break;
      const where = `${path}, stop ${stop + 1}: ${now.name}`;
      expect(now.ring, `${where} shows no focus ring`).toBe(true);
      expect(now.bottom, `${where} is above the window`).toBeGreaterThan(0);
      if (!now.inHeader)
        expect(now.top, `${where} is under the sticky header`).toBeGreaterThanOrEqual(headerBottom - 1);
      // Down the page: a later stop never lies wholly above an earlier one (a row reads left to right).
      if (previous && !previous.inHeader && !now.inHeader && !(previous.inCarousel && now.inCarousel)) {
        expect(now.pageTop + (now.bottom - now.top), `${where} comes before ${previous.name}`).toBeGreaterThan(
          previous.pageTop,
        );
      }
      // Focus alone changes nothing: the page stays.
      expect(page.url(), where).toBe(url);
      seen.push(now.name);
      previous = now;
      if (now.name.startsWith("a Admin")) break;
    }
    // Tab reaches the end of the page: nothing holds focus.
    expect(seen.at(-1), path).toMatch(/^a Admin/);
    // And back up: each stop shown clear of the header.
    for (let stop = 0; stop < seen.length - 1; stop++) {
      await page.keyboard.press("Shift+Tab");
      const now = await focusStop(page);
      if (!now || now.inHeader) break;
      expect(now.top, `${path}, back to ${now.name}: under the sticky header`).toBeGreaterThanOrEqual(headerBottom - 1);
    }
  }
});

test("in forced colors every button and field keeps a visible edge", async ({ page, login }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await login();
  for (const path of ["/", "/catalog", "/contact", "/accessibility", "/search?q=dome", "/dashboard/products/new"]) {
    await page.goto(path);
    await hydrated(page);
    const edgeless = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          "button, select, textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio])",
        ),
      ]
        .filter((element) => element instanceof HTMLElement && element.checkVisibility())
        .filter((element) => {
          const style = getComputedStyle(element);
          const sides = ["Top", "Right", "Bottom", "Left"] as const;
          return sides.some(
            (side) =>
              style.getPropertyValue(`border-${side.toLowerCase()}-style`) === "none" ||
              parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) < 1,
          );
        })
        .map((element) => element.outerHTML.slice(0, 100)),
    );
    expect(edgeless, path).toEqual([]);
  }
});

test("every field's edge and the focus ring stand out 3:1 from the page", async ({ page, login }) => {
  await login();
  for (const path of [
    "/contact",
    "/accessibility",
    "/search?q=dome",
    "/support",
    "/support/firmware",
    "/dashboard/products/new",
    "/dashboard/categories/new",
    "/dashboard/settings",
    "/dashboard/people",
  ]) {
    await page.goto(path);
    await hydrated(page);
    const faint = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) throw new Error("no canvas");
      // Any CSS colour (Tailwind's are oklch) to sRGB through the canvas, then WCAG's luminance.
      const luminance = (color: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const contrast = (a: string, b: string) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (light + 0.05) / (dark + 0.05);
      };
      const backgroundOf = (element: Element | null): string => {
        for (let at = element; at; at = at.parentElement) {
          const color = getComputedStyle(at).backgroundColor;
          if (color !== "rgba(0, 0, 0, 0)" && color !== "transparent") return color;
        }
        return "white";
      };
      const fields = [
        ...document.querySelectorAll(
          "main select, main textarea, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=submit])",
        ),
      ].filter((element) => element instanceof HTMLElement && element.checkVisibility());
      return fields.flatMap((field) => {
        const style = getComputedStyle(field);
        const around = backgroundOf(field.parentElement);
        const ratio = contrast(style.borderTopColor, around);
        const ring = contrast(getComputedStyle(document.documentElement).getPropertyValue("--color-brand-600"), around);
        return ratio < 3 || ring < 3
          ? [`${field.outerHTML.slice(0, 80)}: edge ${ratio.toFixed(2)}, ring ${ring.toFixed(2)}`]
          : [];
      });
    });
    expect(faint, path).toEqual([]);
  }
});

/** Tabs from where the skip link leads until a field of a form has focus; null after three. */
async function tabsToFirstField(page: Page): Promise<number | null> {
  for (let tabs = 1; tabs <= 3; tabs++) {
    await page.keyboard.press("Tab");
    const isField = await page.evaluate(() => {
      const active = document.activeElement;
      return (
        (active instanceof HTMLInputElement && active.type !== "submit" && active.type !== "button") ||
        active instanceof HTMLSelectElement ||
        active instanceof HTMLTextAreaElement
      );
    });
    if (isField) return tabs;
  }
  return null;
}

/** Opens `path`, follows the skip link by keyboard, and expects a field of its form within three Tabs. */
async function skipToFirstField(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  expect(await tabsToFirstField(page), path).not.toBeNull();
}

test("the skip link passes the dashboard's menu, and each form's first field is within three Tabs", async ({
  page,
  login,
}) => {
  for (const path of ["/contact", "/login", "/forgot"]) await skipToFirstField(page, path);
  await login();
  for (const path of [
    "/dashboard/products/new",
    "/dashboard/categories/new",
    "/dashboard/downloads/new",
    "/dashboard/firmware/new",
    "/dashboard/advisories/new",
    "/dashboard/attributes/new",
    "/dashboard/settings",
    "/dashboard/search-synonyms",
  ]) {
    await skipToFirstField(page, path);
    // Past the menu: no stop on the way was in the dashboard's navigation.
    await expect(page.getByRole("navigation", { name: "Dashboard" }).locator(":focus")).toHaveCount(0);
  }
});

test("the barrier form, by keyboard alone, reaches the dashboard's accessibility reports", async ({
  page,
  login,
  mailSink,
}) => {
  await page.goto("/support/firmware");
  await hydrated(page);
  // From the page's end, back to the footer's Accessibility link.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Admin" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Conformance" })).toMatchAriaSnapshot(`
    - heading "Conformance" [level=2]
    - paragraph: /conforms to the Web Content Accessibility Guidelines \\(WCAG\\) 2\\.2 at level AA/
    - paragraph:
      - link "Download the Accessibility Conformance Report (VPAT 2.5, WCAG 2.2, HTML)"
  `);
  // Tab to the form's first field, naming each stop on the way.
  const stops: string[] = [];
  for (let tab = 0; tab < 10; tab++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() => {
      const active = document.activeElement;
      return active instanceof HTMLInputElement ? (active.labels?.[0]?.textContent ?? "") : (active?.textContent ?? "");
    });
    stops.push(label);
    if (label === "Name (optional)") break;
  }
  expect(stops.at(-1)).toBe("Name (optional)");
  await page.keyboard.type("Robin Reader");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.type("robin@reader.example");
  await page.keyboard.press("Tab");
  // Where the visitor came from is offered as where they met the barrier.
  await expect(page.getByLabel("Page (optional)")).toBeFocused();
  await expect(page.getByLabel("Page (optional)")).toHaveValue("/support/firmware");
  await page.keyboard.press("Tab");
  await page.keyboard.type("NVDA 2025.3 with Firefox");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("What you met")).toBeFocused();
  await page.keyboard.type("The firmware filter's product list is not announced when it opens.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send report" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The thanks takes focus, so a screen reader says it.
  const thanks = page.getByRole("status");
  await expect(thanks).toBeFocused();
  await expect(thanks).toHaveText(/reached the team that looks after this site's accessibility/);

  const mail = await mailSink.take(DEFAULT_SITE.contactEmail);
  expect(mail.headers.get("subject")).toBe("Accessibility barrier reported by Robin Reader");
  expect(mail.text).toContain("Page: /support/firmware");
  expect(mail.text).toContain("Browser and assistive technology: NVDA 2025.3 with Firefox");

  await login();
  await page.goto("/dashboard/inbox?box=accessibility");
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Inbox boxes" })).toMatchAriaSnapshot(`
    - link "Accessibility reports (1 unread)"
  `);
  const report = page.getByRole("list", { name: "Accessibility reports, newest first" }).getByRole("link");
  await expect(report).toHaveCount(1);
  await report.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility report from Robin Reader" })).toBeFocused();
  await expect(page.getByRole("main").locator("dl")).toMatchAriaSnapshot(`
    - term: Page
    - definition: /support/firmware
    - term: Browser and assistive technology
    - definition: NVDA 2025.3 with Firefox
  `);
});

test("the conformance report downloads with every criterion, its conformance and its tests, and passes axe", async ({
  page,
}) => {
  const response = await page.request.get(CONFORMANCE_REPORT_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.html"$/);
  const html = await response.text();
  await page.setContent(html);
  for (const criterion of CRITERIA) {
    const row = page.getByRole("row", { name: `${criterion.id} ${criterion.name} (Level ${criterion.level})` });
    await expect(row, criterion.id).toContainText(criterion.conformance);
    for (const held of criterion.heldBy) await expect(row, criterion.id).toContainText(held.test);
  }
  await expectNoA11yViolations(page);
});

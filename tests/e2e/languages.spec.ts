import type { Browser, Page } from "@playwright/test";
import { expectNoA11yViolations, expectNoA11yViolationsOnPhoneAndDesktop } from "../support/a11y";
import { expect, hydrated, liveConnected, test } from "./fixtures";

// The first test gives the site its languages; the others read the site it leaves.
test.describe.configure({ mode: "serial" });
// Languages change every public page's address and head: no other file may meet them.
test.use({ ownServer: "languages", serverEnv: { DEMO_DATA: "1" } });

const LANGUAGES = ["de", "fr", "es", "ja", "ar"] as const;

/** A visitor's page: a context of its own, so that no session of the owner's reaches it (and axe can run in it). */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Fails when the page, `width` px wide, scrolls sideways (a right-to-left page does so to reach what lies off its left). */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(clientWidth);
}

/** The address of a product's page, as a visitor finds it: the first card of the catalog. */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto("/catalog");
  const link = page
    .getByRole("article")
    .first()
    .getByRole("link", { name: /^View Details/ });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/catalog\/products\/[^/]+/);
  return href ?? "";
}

test("the owner lists the site's languages; a line that is no language tag is refused and nothing is saved", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  expect((await visitor.goto("/de/catalog"))?.status()).toBe(404);

  await login();
  await page.goto("/dashboard/settings");
  await hydrated(page);
  const field = page.getByLabel("Languages besides English");
  await expect(field).toHaveValue("");

  // A good line before the bad one: had any of the text been kept, /de would answer.
  await field.fill("de\nxx-!!");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/^“xx-!!” is not a language tag the site takes/)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Settings saved.")).toHaveCount(0);
  await page.reload();
  await expect(field).toHaveValue("");
  expect((await visitor.goto("/de/catalog"))?.status()).toBe(404);

  await field.fill(LANGUAGES.join("\n"));
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue(LANGUAGES.join("\n"));

  expect((await visitor.goto("/de/catalog"))?.status()).toBe(200);
  // A prefix of no language of the site stays unknown.
  expect((await visitor.goto("/xx/catalog"))?.status()).toBe(404);
  expect((await visitor.goto("/de-at/catalog"))?.status()).toBe(404);
  await visitor.context().close();
});

test("a visitor reads a product's page in German from the footer, keeps the prefix, and goes back to English", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  // With a query the page reads: another language is the same page, its query too.
  const path = `${await firstProductPath(visitor)}?distance=12&unit=ft`;
  await visitor.goto(path);
  await hydrated(visitor);
  const heading = await visitor.getByRole("heading", { level: 1 }).innerText();
  // Named in the page's language: "Sprache" on a German page.
  const languageNav = visitor.getByRole("contentinfo").getByRole("navigation", { name: /^(Language|Sprache)$/ });
  await expect(languageNav.getByRole("link")).toHaveText([
    "English",
    "Deutsch",
    "Français",
    "Español",
    "日本語",
    "العربية",
  ]);
  await expect(languageNav.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await expect(languageNav.getByRole("link", { name: "Deutsch" })).toHaveAttribute("hreflang", "de");
  await expect(languageNav.getByRole("link", { name: "Deutsch" })).toHaveAttribute("lang", "de");

  await languageNav.getByRole("link", { name: "Deutsch" }).click();
  await expect(visitor).toHaveURL(`/de${path}`);
  await hydrated(visitor);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "ltr");
  // The shell speaks German; the product's content is not translated yet, and says it is English.
  await expect(visitor.getByRole("main")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("banner")).not.toHaveAttribute("lang");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
  // The page's own words are German, marked so inside the English content; the record's stay English.
  await expect(visitor.getByRole("article").first()).toHaveAttribute("lang", "de");
  await expect(visitor.getByRole("heading", { level: 2, name: "Konformität" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /^Datenblatt herunterladen: .+ \(PDF\)$/ })).toHaveText(
    "Datenblatt herunterladen",
  );
  await expect(visitor.getByRole("navigation", { name: "Brotkrümelnavigation" })).toContainText("Produkte");
  await expect(languageNav.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
  await expect(visitor.getByRole("contentinfo").getByRole("navigation", { name: "Fußzeile" })).toContainText(
    "Datenschutz",
  );
  await expect(visitor.getByRole("search", { name: "Website" }).getByPlaceholder("Suchen")).toBeVisible();
  const mainNavigation = visitor.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(mainNavigation.getByRole("link", { name: "Produkte" })).toHaveAttribute("href", /^\/de\//);
  // Within the language the router moves without a whole load: the catalog's data comes from under the prefix.
  const catalogData = visitor.waitForResponse((response) => new URL(response.url()).pathname === "/de/catalog.data");
  await mainNavigation.getByRole("link", { name: "Produkte" }).click();
  expect((await catalogData).status()).toBe(200);
  await expect(visitor).toHaveURL("/de/catalog");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
  // The footer offers the page now shown.
  await expect(languageNav.getByRole("link", { name: "Français" })).toHaveAttribute("href", "/fr/catalog");
  await visitor.goBack();
  await expect(visitor).toHaveURL(`/de${path}`);
  // Back once the product's page is shown again, its footer with it.
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(languageNav.getByRole("link", { name: "English" })).toHaveAttribute("href", path);

  await languageNav.getByRole("link", { name: "English" }).click();
  await expect(visitor).toHaveURL(path);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(visitor.getByRole("heading", { level: 2, name: "Compliance" })).toBeVisible();
  await visitor.context().close();
});

test("the Arabic home page is right to left, its shell in Arabic, its English text left to right, on a phone", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  await visitor.goto("/ar/");
  await hydrated(visitor);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "ar");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByRole("navigation", { name: "التنقل الرئيسي" })).toBeAttached();
  // The content is not in Arabic yet: English laid out right to left would put each full stop first.
  await expect(visitor.getByRole("main")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("main")).toHaveAttribute("dir", "ltr");
  const copyright = visitor.getByRole("contentinfo").getByText(/All rights reserved\.$/);
  const { sign, fullStop } = await copyright.evaluate((element) => {
    // React writes the line as several text nodes: its first character is in the first, its last in the last.
    const texts: Text[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node instanceof Text) texts.push(node);
    const leftOf = (text: Text | undefined, at: (length: number) => number) => {
      if (!text) return Number.NaN;
      const range = document.createRange();
      range.setStart(text, at(text.length));
      range.setEnd(text, at(text.length) + 1);
      return range.getBoundingClientRect().left;
    };
    return { sign: leftOf(texts[0], () => 0), fullStop: leftOf(texts.at(-1), (length) => length - 1) };
  });
  // "© 2026 … reserved." reads from its sign on the left to its full stop on the right.
  expect(sign).toBeLessThan(fullStop);
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.screenshot({ path: test.info().outputPath(`home-ar-${width}.png`), fullPage: true });
    await expectNoSidewaysScroll(visitor, width);
  }
  await visitor.context().close();
});

test("German product, search, about, privacy, compare, lifecycle, advisories, firmware and news pages pass axe on a phone and a desktop", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  const path = await firstProductPath(visitor);
  const pages = [
    `/de${path}`,
    "/de/search?q=camera",
    "/de/about",
    "/de/privacy",
    "/de/compare?add=VNT-D4M-AI28",
    "/de/support/lifecycle",
    "/de/support/security",
    "/de/support/security/vsa-2026-001",
    "/de/support/firmware",
    "/de/news?page=2",
  ];
  for (const page of pages) {
    await visitor.goto(page);
    await hydrated(visitor);
    await expectNoA11yViolationsOnPhoneAndDesktop(visitor);
  }
  // Firmware and an advisory in German, what their records say marked as the English it is.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/de/support/firmware");
  await expect(visitor.getByRole("heading", { level: 2 }).first()).toHaveText(/^Firmware [\d.]+/);
  await expect(visitor.getByRole("button", { name: "Versionen anzeigen" })).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath("firmware-de-390.png") });
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto("/de/support/security/vsa-2026-001");
  await expect(visitor.getByRole("table").getByRole("columnheader", { name: "Betroffene Firmware" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  await visitor.screenshot({ path: test.info().outputPath("advisory-de-1280.png"), fullPage: true });
  await visitor.goto("/de/news?page=2");
  // News in German: its words, its days and its page links; its items marked as the English they are.
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Neuigkeiten");
  await expect(visitor.getByRole("navigation", { name: "Seiten" }).getByRole("link", { name: "Zurück" })).toBeVisible();
  await expect(visitor.locator("article").first()).toHaveAttribute("lang", "en");
  await expect(visitor.locator("article time").first()).toHaveAttribute("lang", "de");
  await visitor.screenshot({ path: test.info().outputPath("news-de.png") });
  // The comparison in German: its own rows named in German, a product's removal named with its model.
  await visitor.goto("/de/compare?add=VNT-D4M-AI28");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Produkte vergleichen");
  await expect(visitor.getByRole("table", { name: "Vergleich von VNT-D4M-AI28" })).toBeVisible();
  await expect(visitor.getByRole("row", { name: /^NDAA-konform/ })).toContainText("Ja");
  await expect(visitor.getByRole("link", { name: "VNT-D4M-AI28 aus dem Vergleich entfernen" })).toHaveText("Entfernen");
  await visitor.screenshot({ path: test.info().outputPath("compare-de.png"), fullPage: true });
  // Two products that differ, on a phone: each row's name and "(unterschiedlich)" stay within the first
  // column, the mark on a line of its own rather than broken inside its word.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${visitor.url()}&add=VNT-D8M-AIZ`);
  await expect(visitor.getByRole("table", { name: "Vergleich von VNT-D4M-AI28, VNT-D8M-AIZ" })).toBeVisible();
  const names = await visitor.locator("tbody th[scope=row]").evaluateAll((cells) =>
    cells.map((cell) => ({
      text: cell.textContent ?? "",
      overflows: cell.scrollWidth > cell.clientWidth,
      // The lines the mark's word takes (the space before it may end the line above).
      markLines: [...cell.querySelectorAll("span[title]")].map((mark) => {
        const text = mark.firstChild;
        const range = document.createRange();
        range.setStart(text ?? mark, (text?.textContent ?? "").indexOf("("));
        range.setEnd(text ?? mark, (text?.textContent ?? "").length);
        return range.getClientRects().length;
      }),
    })),
  );
  expect(names.filter((name) => name.text.includes("(unterschiedlich)")).length).toBeGreaterThan(3);
  expect(names.filter((name) => name.overflows || name.markLines.some((lines) => lines !== 1))).toEqual([]);
  await visitor.screenshot({ path: test.info().outputPath("compare-de-390.png"), fullPage: true });
  await visitor.setViewportSize({ width: 1280, height: 900 });
  // About in German around the owner's English text, its picture described in German.
  await visitor.goto("/de/about");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Über uns");
  await expect(visitor.getByRole("img", { name: /Leiterplattenmuster/ })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Unsere Produkte ansehen" })).toHaveAttribute("href", "/de/catalog");
  await visitor.screenshot({ path: test.info().outputPath("about-de.png"), fullPage: true });
  // Privacy in Arabic, right to left around the owner's English policy, on a phone.
  await visitor.setViewportSize({ width: 390, height: 900 });
  await visitor.goto("/ar/privacy");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("سياسة الخصوصية");
  await expect(visitor.locator("article")).toHaveAttribute("dir", "rtl");
  await expectNoSidewaysScroll(visitor, 390);
  await visitor.screenshot({ path: test.info().outputPath("privacy-ar.png"), fullPage: true });
  await visitor.context().close();
});

test("a German visitor filters and orders a category and ticks products to compare, all in German", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  await visitor.goto("/de/catalog/categories/dome-cameras");
  await hydrated(visitor);
  await expect(visitor.getByRole("status").filter({ hasText: /Produkte$/ })).toHaveText(/^\d+ Produkte$/);
  // A bound named in German around the specification's English name, taken on Enter.
  const filters = visitor.getByRole("form", { name: "Filter" });
  await filters.getByRole("spinbutton", { name: "Von (Resolution)" }).fill("4");
  await filters.getByRole("spinbutton", { name: "Von (Resolution)" }).press("Enter");
  await expect(visitor).toHaveURL(/resolution-min=4/);
  await expect(visitor.getByRole("link", { name: /^Resolution ≥ 4 MP ?, Filter entfernen$/ })).toBeVisible();
  await visitor.getByLabel("Sortieren nach").selectOption({ label: "Focal length, absteigend" });
  await expect(visitor).toHaveURL(/sort=focal-length-desc/);
  await expect(visitor.getByRole("link", { name: /^Details ansehen: VNT-/ }).first()).toHaveText("Details ansehen");
  // The comparison's bar counts in German as products are ticked.
  const cards = visitor.getByRole("article");
  await cards
    .nth(0)
    .getByRole("checkbox", { name: /^Vergleichen / })
    .check();
  await cards
    .nth(1)
    .getByRole("checkbox", { name: /^Vergleichen / })
    .check();
  const compare = visitor.getByRole("button", { name: "Auswahl vergleichen (2)" });
  await expect(compare).toBeVisible();
  await expect(visitor.getByText("2 von 4 ausgewählt.")).toBeVisible();
  await expectNoA11yViolationsOnPhoneAndDesktop(visitor);
  await visitor.screenshot({ path: test.info().outputPath("category-de.png"), fullPage: true });
  await compare.click();
  await expect(visitor).toHaveURL(/\/de\/compare\?p=[^,]+,[^,]+$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(/ vergleichen$/);
  // In Arabic the list reads right to left, its records' English left to right, and fits a phone.
  await visitor.setViewportSize({ width: 390, height: 900 });
  await visitor.goto("/ar/catalog");
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("جميع المنتجات");
  await expect(
    visitor.getByRole("article").first().getByRole("heading", { level: 2 }).locator("span").first(),
  ).toHaveAttribute("dir", "ltr");
  await expectNoSidewaysScroll(visitor, 390);
  await expectNoA11yViolations(visitor);
  await visitor.screenshot({ path: test.info().outputPath("catalog-ar.png") });
  await visitor.context().close();
});

test("a German visitor narrows support's downloads by type, told in German what is shown", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  await visitor.goto("/de/support");
  await hydrated(visitor);
  const search = visitor.getByRole("search", { name: "Downloads" });
  await search.getByLabel("Typ").selectOption({ label: "Datenblätter" });
  await expect(visitor).toHaveURL(/\/de\/support\?type=datasheet$/);
  await expect(visitor.getByRole("status")).toHaveText(/^\d+ Produkte mit Datenblättern\.$/);
  await search.getByLabel("Downloads durchsuchen").fill("zzzz");
  await expect(visitor.getByRole("status")).toHaveText("Für „zzzz“ wurden keine Datenblätter gefunden.");
  await expect(visitor.getByRole("link", { name: "Alle Downloads anzeigen" })).toBeVisible();
  await visitor.goto("/de/support?type=datasheet");
  await hydrated(visitor);
  // A product's line opens to its files, each with its size and, for screen readers, where it opens.
  const first = visitor.getByRole("group").first();
  await expect(first.locator("summary")).toHaveText(/^›\d+ Downloads? für VNT-/);
  await expectNoA11yViolationsOnPhoneAndDesktop(visitor);
  await visitor.screenshot({ path: test.info().outputPath("support-de.png") });
  await visitor.setViewportSize({ width: 390, height: 900 });
  await visitor.goto("/ar/support");
  await hydrated(visitor);
  await expectNoSidewaysScroll(visitor, 390);
  await expectNoA11yViolations(visitor);
  await visitor.screenshot({ path: test.info().outputPath("support-ar.png") });
  await visitor.context().close();
});

test("a German visitor writes through the contact form, told what to mend and thanked in German", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  await visitor.goto("/de/contact");
  await hydrated(visitor);
  await expectNoA11yViolationsOnPhoneAndDesktop(visitor);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  const form = visitor.getByRole("region", { name: "Schreiben Sie uns" });
  await form.getByLabel("E-Mail").fill("dana@example.com");
  await form.getByLabel("Nachricht").fill("Kurz");
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(form.getByRole("alert")).toHaveText("Bitte prüfen Sie Ihre Eingaben");
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Geben Sie Ihren Namen ein");
  await expect(form.getByLabel("Nachricht")).toHaveAccessibleDescription(
    "Schreiben Sie etwas mehr: mindestens 10 Zeichen",
  );
  await expectNoA11yViolations(visitor);
  await visitor.screenshot({ path: test.info().outputPath("contact-de-refused.png"), fullPage: true });
  await form.getByLabel("Name", { exact: true }).fill("Dana");
  await form.getByLabel("Nachricht").fill("Bitte ein Angebot für zwölf Kameras.");
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "Vielen Dank: Ihre Nachricht wurde gesendet. Wir antworten innerhalb eines Werktags.",
  );
  await expect(visitor).toHaveURL("/de/contact?sent=1");
  // Arabic, right to left on a phone, with no sideways scroll.
  await visitor.setViewportSize({ width: 390, height: 900 });
  await visitor.goto("/ar/contact");
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("اتصل بنا");
  await expect(visitor.getByRole("button", { name: "إرسال الرسالة" })).toBeVisible();
  await expectNoSidewaysScroll(visitor, 390);
  await expectNoA11yViolations(visitor);
  await visitor.screenshot({ path: test.info().outputPath("contact-ar.png"), fullPage: true });
  await visitor.context().close();
});

test("a German product page names itself canonical and the same page in every language, English the default", async ({
  browser,
  site,
}) => {
  const visitor = await visitorPage(browser, site.url);
  const path = await firstProductPath(visitor);
  await visitor.goto(`/de${path}`);
  await expect(visitor.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${site.url}/de${path}`);
  const alternates = await visitor
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
  expect(alternates).toEqual([
    ["en", `${site.url}${path}`],
    ...LANGUAGES.map((tag) => [tag, `${site.url}/${tag}${path}`]),
    ["x-default", `${site.url}${path}`],
  ]);
  await visitor.context().close();
});

test("a German browser is offered the page in German, never sent there, and can say no for good", async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.url, locale: "de-AT" });
  const visitor = await context.newPage();
  const path = await firstProductPath(visitor);
  await visitor.goto(path);
  await hydrated(visitor);
  // The browser's language suggests; the page stays where it was asked for.
  await expect(visitor).toHaveURL(path);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  // The offer is in the language it offers, marked so, its name as a sentence of it says it.
  const notice = visitor.getByRole("complementary", { name: "Sprachvorschlag" });
  await expect(notice).toHaveText("Diese Seite gibt es auch auf DeutschNein, danke");
  await expect(notice).toHaveAttribute("lang", "de");
  await expect(notice.getByRole("link", { name: "Deutsch" })).toHaveAttribute("href", `/de${path}`);
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.screenshot({ path: test.info().outputPath(`language-notice-${width}.png`) });
    await expectNoA11yViolations(visitor);
  }

  await notice.getByRole("button", { name: "Nein, danke" }).click();
  await expect(notice).toHaveCount(0);
  // The keyboard goes on at the page's header, not at the top of the document.
  await expect(visitor.getByRole("banner").getByRole("link").first()).toBeFocused();
  await visitor.reload();
  await hydrated(visitor);
  await expect(visitor.getByRole("complementary", { name: "Sprachvorschlag" })).toHaveCount(0);
  await context.close();
});

test("the language a visitor chose is the one offered on the pages of another", async ({ browser, site }) => {
  const context = await browser.newContext({ baseURL: site.url, locale: "de-DE" });
  const visitor = await context.newPage();
  const path = await firstProductPath(visitor);
  await visitor.goto(path);
  await hydrated(visitor);
  // Chosen from the footer: French, whatever the browser says.
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Français" }).click();
  await expect(visitor).toHaveURL(`/fr${path}`);
  await hydrated(visitor);
  await expect(visitor.getByRole("complementary")).toHaveCount(0);
  await visitor.goto("/about");
  await hydrated(visitor);
  const notice = visitor.getByRole("complementary", { name: "Suggestion de langue" });
  await expect(notice).toHaveText("Cette page existe aussi en françaisNon merci");
  await notice.getByRole("link", { name: "français" }).click();
  await expect(visitor).toHaveURL("/fr/about");
  await context.close();
});

test("an editor translates a product into German; an open German page shows it live, the rest marked English", async ({
  browser,
  site,
  page,
  login,
}) => {
  const visitor = await visitorPage(browser, site.url);
  const path = await firstProductPath(visitor);
  await visitor.goto(`/de${path}`);
  await hydrated(visitor);
  await liveConnected(visitor);
  const model = await visitor.getByRole("heading", { level: 1 }).innerText();
  const article = visitor.getByRole("article").first();
  // Untranslated, the name is the English one, marked so inside the German page.
  const englishName = article.locator("h1 + p");
  await expect(englishName).toHaveAttribute("lang", "en");
  const name = await englishName.innerText();

  await login();
  await page.goto(`/dashboard/products/?q=${encodeURIComponent(model)}`);
  // The row's link is named by the model, and by its NDAA mark when it has one.
  await page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( NDAA compliant)?$`) })
    .click({ timeout: 30_000 });
  await page.getByRole("navigation", { name: "Product actions" }).getByRole("link", { name: "Translations" }).click();
  await expect(page).toHaveURL(/\/translations\/de$/);
  await hydrated(page);
  const languages = page.getByRole("navigation", { name: "Languages" });
  await expect(languages.getByRole("link", { name: /^Deutsch/ })).toHaveAttribute("aria-current", "page");
  const nameGroup = page.getByRole("group", { name: /^Name/ });
  await expect(nameGroup).toContainText(name);
  await expect(nameGroup).toContainText("Missing");
  const germanName = page.getByLabel("Name in Deutsch");
  await expect(germanName).toHaveAttribute("lang", "de");
  await germanName.fill("Kuppelkamera für draußen");
  await page.getByLabel("Description in Deutsch").fill("Eine Kuppelkamera, die Tag und Nacht sieht.");
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(page.getByText("Translations saved.")).toBeVisible();
  await expect(nameGroup).toContainText("Current");
  await expectNoA11yViolationsOnPhoneAndDesktop(page);

  // The open German page shows both without a reload, now in the page's language; its specifications,
  // not translated, stay English and say so.
  const germanNameShown = article.getByText("Kuppelkamera für draußen", { exact: true });
  await expect(germanNameShown).toBeVisible();
  await expect(germanNameShown).not.toHaveAttribute("lang");
  await expect(article.getByText("Eine Kuppelkamera, die Tag und Nacht sieht.")).not.toHaveAttribute("lang");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(model);
  await expect(visitor).toHaveTitle(/Kuppelkamera für draußen/);
  // The French page still reads English, marked English.
  await visitor.goto(`/fr${path}`);
  await expect(article.locator("h1 + p")).toHaveText(name);
  await expect(article.locator("h1 + p")).toHaveAttribute("lang", "en");
  await visitor.context().close();
});

import { expect, hydrated, test } from "./fixtures";

test("health endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect((await request.get("/readyz")).status()).toBe(200);
});

test("an unknown route shows the error page with a 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
  await expect(page.getByText("Sorry, an error has occurred.")).toBeVisible();
  await expect(page.getByText("Not Found")).toBeVisible();
  // A way out of it: home, or the catalog.
  const next = page.getByRole("main").getByRole("navigation", { name: "Where to go next" });
  await expect(next.getByRole("link", { name: "Browse all products" })).toHaveAttribute("href", "/catalog");
  await next.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("a page from the page cache runs in the browser under its hash-based policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/catalog", "/support", "/about", "/search?q=dome"]) {
    await page.goto(path);
    await hydrated(page);
    const cached = await page.goto(path);
    expect([path, await cached?.headerValue("x-cache")]).toEqual([path, "hit"]);
    expect(await cached?.headerValue("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    await hydrated(page);
    // Client-side navigation and live data still work from a cached document.
    await page.getByRole("link", { name: "Support", exact: true }).first().click();
    await expect(page).toHaveURL("/support");
  }
  expect(violations).toEqual([]);
});

test("pages are styled by the stylesheet in the document, before any script and after React takes over", async ({
  page,
  browser,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
  });

  await page.goto("/catalog");
  await hydrated(page);
  await expect(page.locator("body")).toHaveCSS("display", "flex");
  // Client-side navigations re-render the document's head: its stylesheet must survive them.
  for (const [link, path] of [
    ["Support", "/support"],
    ["About", "/about"],
    ["Products", "/catalog"],
  ] as const) {
    await page.getByRole("link", { name: link, exact: true }).first().click();
    await expect(page).toHaveURL(path);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("display", "flex");
  }
  const styleText = await page.locator("head > style").evaluateAll((styles) => styles.map((s) => s.textContent ?? ""));
  expect(styleText).toHaveLength(1);
  expect(styleText[0]?.length).toBeGreaterThan(10_000);
  expect(stylesheetRequests).toEqual([]);
  expect(problems).toEqual([]);

  // Without JavaScript the page is just as styled: nothing about its looks waits for a script.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/support");
  await expect(plain.locator("body")).toHaveCSS("display", "flex");
  // The header's ink ground (#0f172a, the theme's --color-ink) and sticky place come from the stylesheet.
  await expect(plain.getByRole("banner")).toHaveCSS("background-color", "rgb(15, 23, 42)");
  await expect(plain.getByRole("banner")).toHaveCSS("position", "sticky");
  await noScript.close();
});

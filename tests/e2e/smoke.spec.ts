import { expect, hydrated, test } from "./fixtures";

test("health endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect((await request.get("/readyz")).status()).toBe(200);
});

test("an unknown route shows the error page with a 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Opps" })).toBeVisible();
  await expect(page.getByText("Sorry, an error has occurred.")).toBeVisible();
  await expect(page.getByText("Not Found")).toBeVisible();
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

import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { refuseWrites } from "../support/sql";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "dashboard-settings" });
// On PostgreSQL, so that a test can make the database itself refuse a write.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

test("an admin edits the site settings; the footer and /contact show them, open pages live", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto("/contact");
  await hydrated(visitor);

  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Site Settings" }).click();
  await expect(page).toHaveURL("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Invalid input: inline messages beside the fields and the form-level one, nothing saved.
  await page.getByLabel("Company name").fill("   ");
  await page.getByLabel("Contact e-mail").fill("not-an-address");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Company name required")).toBeVisible();
  await expect(page.getByText("A valid e-mail address")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "Something went wrong - check each input: Company name, Contact e-mail.",
  );
  await expect(page.getByLabel("Company name")).toHaveAttribute("aria-invalid", "true");
  // Fixing a field clears its message as you type (after the first submit).
  await page.getByLabel("Company name").fill("Acme Vision");
  await expect(page.getByText("Company name required")).toHaveCount(0);

  await page.getByLabel("Contact e-mail").fill("sales@acme.example");
  await page.getByRole("group", { name: "Social link 1" }).getByLabel("Label").fill("Mastodon");
  await page
    .getByRole("group", { name: "Social link 1" })
    .getByLabel("Web address")
    .fill("https://mastodon.example/@acme");
  await page.getByLabel("Copyright holder").fill("Acme Vision Ltd");
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Save settings" }).click());
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Acme Vision Ltd.`);
  await expect(footer.getByRole("link", { name: "Mastodon" })).toHaveAttribute(
    "href",
    "https://mastodon.example/@acme",
  );

  // The visitor's open /contact page follows without a reload.
  await expect(visitor.getByRole("link", { name: "sales@acme.example" })).toHaveAttribute(
    "href",
    "mailto:sales@acme.example",
  );
  await expect(visitor.getByRole("contentinfo")).toContainText("Acme Vision Ltd");

  // A later save, then the first POST replayed without a session: refused, the later values stay.
  await page.getByLabel("Copyright holder").fill("Acme Two");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(footer).toContainText("Acme Two");
  await expectAnonymousReplayRefused(site.url, posted);
  await page.reload();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Acme Two.`);
  await expect(page.getByLabel("Copyright holder")).toHaveValue("Acme Two");
  await visitor.close();
});

test("a server-side check refuses what the browser would have refused", async ({ page, login, site }) => {
  await login();
  await page.goto("/contact");
  const footerBefore = await page.getByRole("contentinfo").innerText();
  const cookies = await page.context().cookies();
  const response = await fetch(`${site.url}/dashboard/settings`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site.url,
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    body: new URLSearchParams({ companyName: "", contactEmail: "x", copyrightHolder: "" }).toString(),
  });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Something went wrong - check each input: Company name, Contact e-mail,");
  await page.reload();
  expect(await page.getByRole("contentinfo").innerText()).toBe(footerBefore);
});

test("a save the database refuses says so on the form and changes nothing", async ({
  page,
  login,
  postgresDatabase,
}) => {
  await login();
  await page.goto("/dashboard/settings");
  await hydrated(page);
  const before = await page.getByLabel("Company name").inputValue();
  const allowWrites = await refuseWrites(postgresDatabase, {
    table: "site_settings",
    column: "value",
    prefix: "Broken",
  });
  try {
    await page.getByLabel("Company name").fill("Broken Company");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error submitting edit to database");
    await expect(page.getByText("Settings saved.")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Company name")).toHaveValue(before);
  } finally {
    await allowWrites();
  }
});

test("the owner's security e-mail and disclosure policy make the policy page and security.txt", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitorContext = await browser.newContext({ baseURL: site.url });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/support");
  await visitor.getByRole("link", { name: "Vulnerability disclosure policy" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Vulnerability disclosure policy" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Reporting a vulnerability" })).toBeVisible();
  await hydrated(visitor);
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(visitor);
  }

  await login();
  await page.goto("/dashboard/settings");
  await hydrated(page);
  await page.getByLabel("Security e-mail").fill("psirt@acme.example");
  await page
    .getByLabel("Vulnerability disclosure policy")
    .fill("## Scope\n\nEvery **camera** we sell.\n\n- Report within [our portal](https://acme.example/psirt)");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  // The open policy page follows; what the owner wrote is Markdown, never HTML.
  await expect(visitor.getByRole("heading", { level: 2, name: "Scope" })).toBeVisible();
  await expect(visitor.getByText("Every camera we sell.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "our portal" })).toHaveAttribute("href", "https://acme.example/psirt");
  await expect(visitor.getByRole("link", { name: "psirt@acme.example" })).toHaveAttribute(
    "href",
    "mailto:psirt@acme.example",
  );

  const text = await (await fetch(`${site.url}/.well-known/security.txt`)).text();
  const lines = text
    .trim()
    .split("\n")
    .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)] as const);
  // Two ways to reach the team, the mail first: the form's place on the policy page.
  expect(lines.filter(([name]) => name === "Contact").map(([, value]) => value)).toEqual([
    "mailto:psirt@acme.example",
    `${site.url}/support/vulnerability-disclosure#report`,
  ]);
  const fields = Object.fromEntries(lines);
  expect(fields).toMatchObject({
    Policy: `${site.url}/support/vulnerability-disclosure`,
    "Preferred-Languages": "en",
    Canonical: `${site.url}/.well-known/security.txt`,
  });
  const expires = Date.parse(fields.Expires ?? "");
  expect(expires).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);

  // History reads the change in words.
  await page.getByRole("link", { name: "History of the settings" }).click();
  await expect(page.getByText("psirt@acme.example").first()).toBeVisible();
  await visitorContext.close();
});

test("the owner writes the About page, the privacy policy and the footer's note; open pages follow", async ({
  page,
  browser,
  login,
  site,
}) => {
  const visitorContext = await browser.newContext({ baseURL: site.url });
  const about = await visitorContext.newPage();
  await about.goto("/about");
  await hydrated(about);
  await expect(about.getByRole("heading", { level: 2 })).toHaveText([
    "AI on the edge",
    "One system, end to end",
    "Built for trust",
    "Partners, not just products",
  ]);
  const privacy = await visitorContext.newPage();
  await privacy.goto("/privacy");
  await hydrated(privacy);

  await login();
  await page.goto("/dashboard/settings");
  await hydrated(page);
  await expect(page.getByLabel("About page")).toHaveValue(/is a manufacturer of AI-powered CCTV/);
  await expect(page.getByLabel("Privacy policy")).toHaveValue(/## 3\. Transfer of Data/);
  await expect(page.getByLabel("Footer note (optional)")).toHaveValue("All rights reserved.");
  await page.getByLabel("About page").fill("   ");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("About text required")).toBeVisible();
  await expect(page.getByLabel("About page")).toBeFocused();

  await page
    .getByLabel("About page")
    .fill(
      "We make **cameras** in Leeds.\n\n## Made here\n\nIn our own plant.\n\n## Served for years\n\nTen years of firmware.",
    );
  await page.getByLabel("Privacy policy").fill("We keep little.\n\n## 1. What we keep\n\n- Server logs, for a week.");
  await page.getByLabel("Footer note (optional)").fill("Made with care in Leeds.");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  // The open pages follow without a reload: the opening paragraph, then each section a tile.
  await expect(about.getByText("We make cameras in Leeds.")).toBeVisible();
  await expect(about.locator("strong")).toHaveText("cameras");
  await expect(about.getByRole("heading", { level: 2 })).toHaveText(["Made here", "Served for years"]);
  await expect(about.getByRole("contentinfo")).toContainText(". Made with care in Leeds.");
  await expect(privacy.getByText("We keep little.")).toBeVisible();
  await expect(privacy.getByRole("region", { name: "1. What we keep" })).toContainText("Server logs, for a week.");
  await expect(privacy.getByRole("region")).toHaveCount(1);
  for (const width of [390, 1280]) {
    await about.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(about);
    await privacy.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(privacy);
  }

  // Without a note, the copyright line stands alone.
  await page.getByLabel("Footer note (optional)").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await expect(about.getByRole("contentinfo").getByText(/^© \d{4} .+\.$/)).toBeVisible();

  await page.getByRole("link", { name: "History of the settings" }).click();
  await expect(page.getByText("Made with care in Leeds.").first()).toBeVisible();
  await expect(page.getByText("About page").first()).toBeVisible();
  await visitorContext.close();
});

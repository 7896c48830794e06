import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// Its own server: the sessions listed are this spec's alone, and ending them signs out no other spec.
test.use({ ownServer: "sessions" });

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("a person sees where they are signed in and ends another browser's session, which is signed out at once", async ({
  page,
  browser,
  login,
  site,
}) => {
  const elsewhere = await browser.newContext({ baseURL: site.url, userAgent: FIREFOX_ON_WINDOWS });
  const otherPage = await elsewhere.newPage();
  await login(otherPage);
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Sessions" })).toBeVisible();
  await hydrated(page);
  const sessions = page.getByRole("list", { name: "Your sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("(this session)");
  const firefox = sessions.filter({ hasText: "Firefox 133 on Windows" });
  await expect(firefox).toContainText("127.0.0.1");
  await expectNoA11yViolations(page);

  const ended = await capturePost(page, () =>
    firefox
      .getByRole("button", { name: /^End session \d of \d, Firefox 133 on Windows at 127\.0\.0\.1, signed in / })
      .click(),
  );
  await expect(page.getByRole("status").filter({ hasText: "Session ended." })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expectAnonymousReplayRefused(site.url, ended);

  // The other browser's next page is the sign-in page.
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  await elsewhere.close();
});

test("ending all other sessions signs out every other browser and keeps this one", async ({
  page,
  browser,
  login,
  site,
}) => {
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL: site.url })));
  const others = await Promise.all(contexts.map((context) => context.newPage()));
  for (const other of others) await login(other);
  await login();
  await page.goto("/dashboard/account");
  await hydrated(page);
  await page.getByRole("button", { name: "End all other sessions" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^\d+ other sessions ended\.$/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your sessions" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "End all other sessions" })).toHaveCount(0);
  for (const other of others) {
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/login/);
  }
  await page.goto("/dashboard/account");
  await expect(page.getByRole("heading", { level: 2, name: "Sessions" })).toBeVisible();
  await Promise.all(contexts.map((context) => context.close()));
});

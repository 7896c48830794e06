import type { Cookie, Page } from "@playwright/test";
import { ADMIN, expect, hydrated, test } from "./fixtures";

const SESSION_COOKIE = /^vantage\.session_token$/;

function header(page: Page) {
  return page.getByRole("banner");
}

function footerAdminLink(page: Page) {
  return page.getByRole("contentinfo").getByRole("link", { name: "Admin" });
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

function cookieHeader(cookies: Cookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

test.describe("signing in", () => {
  test("a wrong password or an unknown address shows the failure message and signs nobody in", async ({
    page,
    context,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot");

    await signInThroughForm(page, ADMIN.email, "not the password");
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, "nobody@vantage.test", ADMIN.password);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");

    expect((await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name))).toEqual([]);
    await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(header(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  });

  test("success opens the dashboard with a session cookie and an admin header and footer", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(footerAdminLink(page)).toHaveAttribute("href", "/login");

    await footerAdminLink(page).click();
    await expect(page).toHaveURL(/\/login$/);
    await hydrated(page);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
    await expect(page).toHaveTitle("Dashboard | Vantage");
    await expect(
      header(page).getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
    ).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(footerAdminLink(page)).toHaveAttribute("href", "/dashboard");

    // The cookie must come from the action's redirect, marked so page scripts cannot read it.
    const session = (await context.cookies()).find((cookie) => SESSION_COOKIE.test(cookie.name));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    // A full server render (not only client state) knows the admin.
    await page.goto("/");
    await expect(header(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await footerAdminLink(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
  });

  test("works without JavaScript too", async ({ browser, site }) => {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await signInThroughForm(page, ADMIN.email, "not the password");
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
    await context.close();
  });

  test("visiting /login while signed in goes to the dashboard", async ({ page, login }) => {
    await login();
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    const response = await page.request.get("/login", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  });

  test("the dashboard shows a signed-out visitor the login page, then returns there after sign-in", async ({
    page,
    request,
  }) => {
    const target = "/dashboard?view=summary";
    await page.goto(target);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Fview%3Dsummary$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText("Signed in as")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);

    // Neither the document nor the client-side data request may carry dashboard data.
    const documentResponse = await request.get(target, { maxRedirects: 0 });
    expect(documentResponse.status()).toBe(302);
    expect(documentResponse.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(target)}`);
    for (const path of [target, "/dashboard.data"]) {
      const body = await (await request.get(path, { maxRedirects: 0 })).text();
      expect(body).not.toContain(ADMIN.email);
      expect(body).not.toContain("counts");
    }

    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\?view=summary$/);
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
  });

  test("a redirectTo that could leave the site is ignored", async ({ page, playwright, site }) => {
    await page.goto("/login?redirectTo=//evil.example/steal");
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(`${site.url}/dashboard`);

    // Browsers drop tabs and newlines from a Location and treat a backslash as a slash.
    for (const target of ["//evil.example/", "/\t/evil.example/", "/\n/evil.example/", "/\\evil.example/"]) {
      const api = await playwright.request.newContext({ baseURL: site.url });
      const response = await api.post("/login", {
        form: { email: ADMIN.email, password: ADMIN.password, redirectTo: target },
        headers: { origin: site.url },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(target)).toBe(302);
      expect(response.headers().location, JSON.stringify(target)).toBe("/dashboard");
      await api.dispose();
    }
  });
});

test.describe("signing out", () => {
  test("ends the session on the server, so the old cookie no longer opens the dashboard", async ({
    page,
    context,
    browser,
    playwright,
    site,
    login,
  }) => {
    await login();
    const oldCookies = await context.cookies();
    expect(oldCookies.some((cookie) => SESSION_COOKIE.test(cookie.name))).toBe(true);

    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(header(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(header(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await expect(footerAdminLink(page)).toHaveAttribute("href", "/login");
    expect((await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name))).toEqual([]);

    // A copy of the cookie taken before signing out must be worthless now.
    const replay = await browser.newContext({ baseURL: site.url });
    await replay.addCookies(oldCookies);
    const replayPage = await replay.newPage();
    await replayPage.goto("/dashboard");
    await expect(replayPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expect(replayPage.getByText("Signed in as")).toHaveCount(0);
    await replay.close();

    const api = await playwright.request.newContext({
      baseURL: site.url,
      extraHTTPHeaders: { cookie: cookieHeader(oldCookies) },
    });
    const dashboard = await api.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers().location).toMatch(/^\/login\?/);
    // Signing out again with the dead cookie is harmless, not a server error.
    const again = await api.post("/logout", { headers: { origin: site.url }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("/");
    await api.dispose();
  });

  test("Back after signing out does not show the dashboard again from the browser's cache", async ({
    browser,
    site,
  }) => {
    // Without JavaScript every page is a real document load, the kind a browser keeps for Back.
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
    for (const path of ["/dashboard", "/dashboard.data", "/"]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }

    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(`${site.url}/`);
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expect(page.getByText("Signed in as")).toHaveCount(0);
    await context.close();
  });

  test("with no session at all simply goes home", async ({ request, site }) => {
    const post = await request.post("/logout", { headers: { origin: site.url }, maxRedirects: 0 });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe("/");
    const get = await request.get("/logout", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers().location).toBe("/");
  });
});

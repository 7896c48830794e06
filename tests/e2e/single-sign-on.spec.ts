import type { Page } from "@playwright/test";
import { execFile } from "node:child_process";
import os from "node:os";
import { CONFIRM_MESSAGES, PASSWORDS_OFF, SSO_MESSAGES } from "../../app/domain/auth-messages";
import { expectNoA11yViolations } from "../support/a11y";
import { queryDatabase } from "../support/sql";
import { startOidcProvider } from "../support/oidc-provider";
import { freePort } from "../support/ports";
import { ADMIN, expect, hydrated, test } from "./fixtures";

const PROVIDER = "Test IdP";

test.describe.configure({ mode: "serial" });
// Its own server, registered at a real OpenID Connect provider on loopback: the provider must know
// the site's callback address, so the site's port is chosen first.
test.use({
  ownServer: "single-sign-on",
  sitePort: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => use(await freePort()),
    { scope: "worker" },
  ],
  // On PostgreSQL, so that the test can age a session as 16 minutes of work would.
  serverEnv: [
    async ({ sitePort, postgresDatabase }, use) => {
      const provider = await startOidcProvider(`http://127.0.0.1:${sitePort}/auth/oidc/callback`);
      await use({ ...provider.env(PROVIDER), DATABASE_URL: postgresDatabase });
      await provider.stop();
    },
    { scope: "worker" },
  ],
});

/**
 * Signs in at the provider as `login` (its development pages: any password, then consent); with
 * `tamperState`, the state the site sent the browser with is changed on its way to the provider.
 */
async function signInAtProvider(page: Page, login: string, { tamperState = false } = {}) {
  // Signed out of the provider too (its cookies are on the same host): it would otherwise sign in
  // whoever it last signed in without asking, as a company's provider does.
  await page.context().clearCookies();
  await page.goto("/login");
  await hydrated(page);
  const authorization = page.waitForRequest((request) => new URL(request.url()).searchParams.has("state"));
  await page.getByRole("button", { name: `Sign in with ${PROVIDER}` }).click();
  if (tamperState) {
    await page.locator("input[name=login]").waitFor();
    const asked = new URL((await authorization).url());
    asked.searchParams.set("state", `${asked.searchParams.get("state") ?? ""}x`);
    await page.goto(asked.toString());
  }
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  // Consent is asked once per account.
  await Promise.race([
    consent.waitFor().then(() => consent.click()),
    page.waitForURL((url) => url.pathname === "/login" || url.pathname.startsWith("/dashboard")),
  ]);
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
}

test("an invited person signs in with the company's provider; an unknown one is refused with a clear message", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel("E-mail", { exact: true }).fill("invited@vantage.test");
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to invited@vantage.test." })).toBeVisible();
  await signOut(page);

  await page.goto("/login");
  await expect(page.getByRole("button", { name: `Sign in with ${PROVIDER}` })).toBeVisible();
  await expectNoA11yViolations(page);
  await signInAtProvider(page, "invited@vantage.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");
  await expect(page.getByText("Signed in as invited@vantage.test.")).toBeVisible();
  // An editor: People is for owners.
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "People" })).toHaveCount(
    0,
  );
  await signOut(page);

  await signInAtProvider(page, "stranger@elsewhere.test");
  await expect(page).toHaveURL(/\/login\?error=not_invited/);
  await expect(page.getByRole("alert")).toHaveText(SSO_MESSAGES["not-invited"](PROVIDER));
  await expectNoA11yViolations(page);

  await signInAtProvider(page, "unverified:invited@vantage.test");
  await expect(page.getByRole("alert")).toHaveText(SSO_MESSAGES.unverified(PROVIDER));
});

test("a tampered state is refused, and an allowed domain's person becomes an editor uninvited", async ({
  page,
  login,
  postgresDatabase,
}) => {
  // A state changed on the way: the provider's answer comes back with it, and the library refuses it.
  await signInAtProvider(page, "invited@vantage.test", { tamperState: true });
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole("alert")).toHaveText(SSO_MESSAGES.restart(PROVIDER));

  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel(`E-mail domains that may sign in with ${PROVIDER}`).fill("partner.test, @Example.org");
  await page.getByRole("button", { name: "Save sign-in policy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "partner.test, example.org" })).toBeVisible();
  await signOut(page);

  // Two factors required of everyone: the provider's sign-in counts as them (it asks for its own).
  await queryDatabase(postgresDatabase, "update sign_in_policy set require_two_factor = true");
  await signInAtProvider(page, "colleague@partner.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");
  await expect(page.getByText("Signed in as colleague@partner.test.")).toBeVisible();
  await queryDatabase(postgresDatabase, "update sign_in_policy set require_two_factor = false");
});

test("a person who came by single sign-on confirms it is them with the provider before a sensitive action", async ({
  page,
  login,
  postgresDatabase,
}) => {
  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel("E-mail", { exact: true }).fill("boss@vantage.test");
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("owner");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to boss@vantage.test." })).toBeVisible();
  await signOut(page);

  await signInAtProvider(page, "boss@vantage.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await queryDatabase(
    postgresDatabase,
    "update session set created_at = now() - interval '16 minutes', confirmed_at = null",
  );
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel("E-mail", { exact: true }).fill("new.hire@vantage.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const confirm = page.getByRole("region", { name: "Confirm it's you" });
  await expect(confirm.getByText(CONFIRM_MESSAGES.needed)).toBeVisible();
  // Still signed in at the provider: it answers at once, and the fresh sign-in is the confirmation.
  await confirm.getByRole("button", { name: `Confirm with ${PROVIDER}` }).click();
  // Back on a page of its own, loaded afresh (the same address as before).
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/people$/);
  await hydrated(page);
  await page.getByLabel("E-mail", { exact: true }).fill("new.hire@vantage.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to new.hire@vantage.test." })).toBeVisible();
});

test("an owner who came by single sign-on turns passwords off; the command line turns them on again", async ({
  page,
  login,
  site,
}) => {
  // An owner signed in with a password is refused: they could not come back without one.
  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel(`Only ${PROVIDER} and passkeys sign people in`).check();
  await page.getByRole("button", { name: "Save sign-in policy" }).click();
  await expect(page.getByRole("alert")).toHaveText(PASSWORDS_OFF.ownFirst(PROVIDER));
  await signOut(page);

  await signInAtProvider(page, "boss@vantage.test");
  await page.goto("/dashboard/people");
  await hydrated(page);
  await page.getByLabel(`Only ${PROVIDER} and passkeys sign people in`).check();
  await page.getByRole("button", { name: "Save sign-in policy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passwords no longer sign anyone in" })).toBeVisible();
  // Your account offers no password to change and no authenticator app to set up, and refuses both.
  await page.goto("/dashboard/account");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Password and two-factor authentication" })).toBeVisible();
  await expect(page.getByText(PASSWORDS_OFF.account(PROVIDER))).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change password", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Two-factor authentication", exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);
  for (const intent of ["password", "start"]) {
    const refusedHere = await page.request.post("/dashboard/account", {
      form: { intent, current: ADMIN.password, password: "a new password 123", confirm: "a new password 123" },
      headers: { Origin: site.url },
    });
    expect(refusedHere.status(), intent).toBe(403);
  }
  await signOut(page);

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Sign in with ${PROVIDER}` })).toBeVisible();
  await expectNoA11yViolations(page);
  const refused = await page.request.post("/login", {
    form: { email: ADMIN.email, password: ADMIN.password },
    headers: { Origin: site.url },
  });
  expect(refused.status()).toBe(403);
  await page.goto("/forgot");
  await expect(page.getByRole("status")).toHaveText(PASSWORDS_OFF.reset(PROVIDER));

  const turnedOn = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["scripts/admin.js", "password-sign-in-on"],
      { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATA_DIR: site.dataDir, LOG_LEVEL: "silent" } },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  expect(turnedOn).toBe("Signing in with a password is on again.\n");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

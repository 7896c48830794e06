import { Secret, TOTP } from "otpauth";
import { CONFIRM_MESSAGES, SECOND_FACTOR_MESSAGES } from "../../app/domain/auth-messages";
import { expectNoA11yViolations } from "../support/a11y";
import { queryDatabase } from "../support/sql";
import { ADMIN, expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// On PostgreSQL, so that the test can age the session as 16 minutes of work would.
test.use({
  ownServer: "confirm-identity",
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

/** As if the password was last given 16 minutes ago, in every session. */
async function ageSessions(databaseUrl: string) {
  await queryDatabase(
    databaseUrl,
    "update session set created_at = now() - interval '16 minutes', confirmed_at = null",
  );
}

test("a sensitive action asks for the password again after 15 minutes, and what was entered stays", async ({
  page,
  login,
  postgresDatabase,
}) => {
  await login();
  await page.goto("/dashboard/settings");
  await hydrated(page);
  await ageSessions(postgresDatabase);

  const companyName = page.getByLabel("Company name");
  await companyName.fill("Vantage Security Systems");
  await page.getByRole("button", { name: "Save" }).click();
  const confirm = page.getByRole("region", { name: "Confirm it's you" });
  await expect(confirm.getByText(CONFIRM_MESSAGES.needed)).toBeVisible();
  await expect(confirm.getByLabel("Your password")).toBeFocused();
  await expectNoA11yViolations(page);

  await confirm.getByLabel("Your password").fill("not the password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByText(CONFIRM_MESSAGES.wrongPassword)).toBeVisible();
  await expect(confirm.getByLabel("Your password")).toBeFocused();

  await confirm.getByLabel("Your password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: CONFIRM_MESSAGES.confirmed })).toBeFocused();
  await expect(companyName).toHaveValue("Vantage Security Systems");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Company name")).toHaveValue("Vantage Security Systems");

  const audit = await queryDatabase<{ kind: string }>(
    postgresDatabase,
    "select kind from audit_log where kind in ('identity-confirmed', 'sign-in-failed') order by at",
  );
  expect(audit.map((row) => row.kind)).toEqual(["sign-in-failed", "identity-confirmed"]);
});

test("People asks too, and keeps the address being invited", async ({ page, login, postgresDatabase }) => {
  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  await ageSessions(postgresDatabase);
  await page.getByLabel("E-mail").fill("new.editor@vantage.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const confirm = page.getByRole("region", { name: "Confirm it's you" });
  await expect(confirm.getByLabel("Your password")).toBeFocused();
  const invitations = await queryDatabase(postgresDatabase, "select 1 from invitations");
  expect(invitations).toHaveLength(0);
  await confirm.getByLabel("Your password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: CONFIRM_MESSAGES.confirmed })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("new.editor@vantage.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Invitation sent to new.editor@vantage.test." }),
  ).toBeVisible();
});

test("without scripts, the confirmation is a page of its own that comes back", async ({
  browser,
  site,
  postgresDatabase,
}) => {
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const page = await context.newPage();
  const signedIn = await page.request.post(`${site.url}/login`, {
    form: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  await ageSessions(postgresDatabase);
  await page.goto("/dashboard/confirm?redirectTo=%2Fdashboard%2Fsettings");
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByLabel("Your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await context.close();
});

// Last in the file: it turns two factors on for the admin, whom the other tests sign in with a password alone.
test("a person with an authenticator app may confirm with its code instead of the password", async ({
  page,
  login,
  postgresDatabase,
}) => {
  await login();
  await page.goto("/dashboard/account");
  await hydrated(page);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const key = (await page.locator("code").first().textContent())?.replace(/\s+/g, "") ?? "";
  const totp = new TOTP({ issuer: "Vantage", label: ADMIN.email, secret: Secret.fromBase32(key) });
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();

  await page.goto("/dashboard/settings");
  await hydrated(page);
  await ageSessions(postgresDatabase);
  await page.getByLabel("Company name").fill("Vantage Security Systems AG");
  await page.getByRole("button", { name: "Save" }).click();
  const confirm = page.getByRole("region", { name: "Confirm it's you" });
  await confirm.getByRole("button", { name: "Use an authentication code instead" }).click();
  await expect(confirm.getByLabel("Authentication code")).toBeFocused();
  await confirm.getByLabel("Authentication code").fill("000000");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await confirm.getByLabel("Authentication code").fill(totp.generate());
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: CONFIRM_MESSAGES.confirmed })).toBeFocused();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  const confirmed = await queryDatabase<{ details: Record<string, string> | null }>(
    postgresDatabase,
    "select details from audit_log where kind = 'identity-confirmed' order by at desc limit 1",
  );
  expect(confirmed[0]?.details).toEqual({ with: "authenticator app" });
});

import type { CDPSession, Page } from "@playwright/test";
import { CONFIRM_MESSAGES, PASSKEY_MESSAGES } from "../../app/domain/auth-messages";
import { expectNoA11yViolations } from "../support/a11y";
import { queryDatabase } from "../support/sql";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// Passkeys are bound to a domain: the browser reaches this file's server as localhost. On PostgreSQL,
// so that the test can age the session as 16 minutes of work would.
test.use({
  ownServer: "passkeys",
  siteHostName: "localhost",
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) for `page`: a platform
 * authenticator that keeps passkeys and checks its person (a PIN or a fingerprint), always present.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
}

async function auditEntries(databaseUrl: string, kind: string) {
  return queryDatabase<{ details: Record<string, string> | null }>(
    databaseUrl,
    "select details from audit_log where kind = $1 order by at",
    [kind],
  );
}

test("a person adds a passkey, signs in with it instead of the password, and renames it", async ({
  page,
  login,
  postgresDatabase,
}) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await login();
  await page.goto("/dashboard/account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await section.getByLabel("Name of the new passkey").fill("Test laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Passkey Test laptop added." })).toBeFocused();
  const passkeys = section.getByRole("list", { name: "Your passkeys" });
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);
  await expect(passkeys.getByRole("listitem").first()).toContainText("Test laptop");
  await expect(passkeys.getByRole("listitem").first()).toContainText("Last usedNever");
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
  expect((await auditEntries(postgresDatabase, "passkey-added")).map((entry) => entry.details?.name)).toEqual([
    "Test laptop",
  ]);
  await expectNoA11yViolations(page);

  // The same device cannot hold two of one person's passkeys: the browser is told which it has.
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("alert")).toHaveText(PASSKEY_MESSAGES.alreadyHeld);

  await signOut(page);
  await page.goto("/login?redirectTo=%2Fdashboard%2Faccount");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("listitem").first()).not.toContainText("Never");
  const signIns = await auditEntries(postgresDatabase, "sign-in");
  expect(signIns.at(-1)?.details).toEqual({ passkey: "Test laptop" });

  await hydrated(page);
  await section.getByRole("button", { name: "Rename Test laptop" }).click();
  await expect(section.getByLabel("New name for Test laptop")).toBeFocused();
  await section.getByLabel("New name for Test laptop").fill("Work laptop");
  await section.getByRole("button", { name: "Save name" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Passkey renamed." })).toBeVisible();
  await expect(passkeys.getByRole("listitem").first()).toContainText("Work laptop");

  // A passkey that does not say its person was checked is refused by the server:
  // tests/integration/passkeys.test.ts signs one as such an authenticator would.
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0]?.signCount).toBeGreaterThan(0);
});

test("removing a passkey asks who it is after 15 minutes, and a passkey confirms it", async ({
  page,
  login,
  postgresDatabase,
}) => {
  await virtualAuthenticator(page);
  await login();
  await page.goto("/dashboard/account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await section.getByLabel("Name of the new passkey").fill("Security key");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Passkey Security key added." })).toBeVisible();

  await queryDatabase(
    postgresDatabase,
    "update session set created_at = now() - interval '16 minutes', confirmed_at = null",
  );
  const sessionCount = async () =>
    Number((await queryDatabase<{ count: string }>(postgresDatabase, "select count(*) from session"))[0]?.count);
  const sessionsBefore = await sessionCount();
  await section.getByRole("button", { name: "Remove Security key" }).click();
  const confirm = page.getByRole("region", { name: "Confirm it's you" });
  await expect(confirm.getByText(CONFIRM_MESSAGES.needed)).toBeVisible();
  await expect(confirm.getByLabel("Your password")).toBeFocused();
  await confirm.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByRole("status").filter({ hasText: CONFIRM_MESSAGES.confirmed })).toBeFocused();
  const confirmed = await auditEntries(postgresDatabase, "identity-confirmed");
  expect(confirmed.at(-1)?.details).toEqual({ with: "passkey" });
  // The library makes a session of every passkey it checks: the confirmation's is gone at once.
  expect(await sessionCount()).toBe(sessionsBefore);

  await section.getByRole("button", { name: "Remove Security key" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Passkey removed." })).toBeVisible();
  await expect(section.getByRole("list", { name: "Your passkeys" }).getByText("Security key")).toHaveCount(0);
  expect((await auditEntries(postgresDatabase, "passkey-removed")).map((entry) => entry.details?.name)).toContain(
    "Security key",
  );
});

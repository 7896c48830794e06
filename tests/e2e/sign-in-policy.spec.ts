import { TWO_FACTOR_FIRST } from "../../app/server/people/admins.server";
import { expectNoA11yViolations } from "../support/a11y";
import { queryDatabase } from "../support/sql";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { ADMIN, expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// On PostgreSQL, so that the test can say who has two factors on without an authenticator app.
test.use({
  ownServer: "sign-in-policy",
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

async function setOwnTwoFactor(databaseUrl: string, on: boolean) {
  await queryDatabase(databaseUrl, `update "user" set two_factor_enabled = $1 where email = $2`, [on, ADMIN.email]);
}

test("an owner requires two factors of everyone; a person without them is sent to set them up", async ({
  page,
  login,
  site,
  postgresDatabase,
}) => {
  await login();
  await page.goto("/dashboard/people");
  await hydrated(page);
  const policy = page.getByRole("form", { name: "Sign-in policy" });
  const required = policy.getByRole("checkbox", { name: "Require two-factor authentication for everyone" });
  await expect(policy.getByText("0 of 1 person has it on.")).toBeVisible();
  await expectNoA11yViolations(page);

  // Not before the owner has them.
  await required.check();
  await policy.getByRole("button", { name: "Save sign-in policy" }).click();
  await expect(page.getByRole("alert").filter({ hasText: TWO_FACTOR_FIRST })).toBeVisible();

  await setOwnTwoFactor(postgresDatabase, true);
  await page.reload();
  await expect(policy.getByText("1 of 1 person has it on.")).toBeVisible();
  await required.check();
  const saved = await capturePost(page, () => policy.getByRole("button", { name: "Save sign-in policy" }).click());
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is now required" })).toBeVisible();
  await expect(required).toBeChecked();
  await expectAnonymousReplayRefused(site.url, saved);

  // Someone without them (the owner, as if they had never set them up) gets only the set-up.
  await setOwnTwoFactor(postgresDatabase, false);
  await page.goto("/dashboard/products");
  await expect(page).toHaveURL(/\/dashboard\/account\?required=two-factor$/);
  await expect(
    page.getByRole("status").filter({ hasText: "This site requires two-factor authentication" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
  await page.goto("/dashboard/people");
  await expect(page).toHaveURL(/\/dashboard\/account\?required=two-factor$/);
  const status = await page.request.post(`${site.url}/dashboard/people`, {
    form: { intent: "sign-in-policy" },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(status.status()).toBe(302);
  expect(
    (await queryDatabase<{ on: boolean }>(postgresDatabase, "select require_two_factor as on from sign_in_policy"))[0]
      ?.on,
  ).toBe(true);

  // With them on again, the dashboard opens, and turning them off is refused while required.
  await setOwnTwoFactor(postgresDatabase, true);
  await page.goto("/dashboard/products");
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const audit = await queryDatabase<{ details: { twoFactor: string } }>(
    postgresDatabase,
    "select details from audit_log where kind = 'sign-in-policy-changed'",
  );
  expect(audit.map((row) => row.details.twoFactor)).toEqual(["required"]);
});

import { outboxFiles, resetLinkIn } from "../support/mail";
import { expect, test } from "./fixtures";

const OWNER = { email: "smtp-owner@vantage.test", password: "the original password" } as const;

// The sink must be listening before this file's server starts, so the server's environment
// is a worker fixture built from the sink's address.
test.use({
  serverEnv: [
    async ({ mailSink }, use) =>
      use({
        SMTP_URL: mailSink.url,
        MAIL_FROM: "Vantage <no-reply@vantage.test>",
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
      }),
    { scope: "worker" },
  ],
});

test("reset round trip through a real SMTP server", async ({ page, site, mailSink }) => {
  await page.goto("/forgot");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText("Reset link sent - check your email");

  const mail = await mailSink.take(OWNER.email);
  expect(mail.from).toBe("no-reply@vantage.test");
  expect(mail.headers.get("subject")).toBe("Reset your Vantage password");
  const link = resetLinkIn(mail);
  expect(link.startsWith(`${site.url}/reset-password?token=`)).toBe(true);
  // With SMTP configured nothing is left in the outbox folder.
  expect(outboxFiles(site.dataDir)).toEqual([]);

  await page.goto(link);
  // The shortest password allowed.
  const newPassword = "smtp8chr";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);

  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${OWNER.email}`)).toBeVisible();
});

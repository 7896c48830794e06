import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { SECOND_FACTOR_MESSAGES } from "../../app/domain/auth-messages";
import { expectNoA11yViolations } from "../support/a11y";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { ADMIN, expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
// Its own server: once two factors are on, the other specs' sign-in would stop at the code.
test.use({ ownServer: "two-factor" });

/** The first step of a sign-in, through the form. */
async function signInWithPassword(page: Page) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
}

let totp: TOTP;
let recoveryCodes: string[] = [];

test("a person turns on two factors with an authenticator app: the key as a QR code and as text, and a first code", async ({
  page,
  login,
  site,
}) => {
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Two-factor authentication" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  const started = await capturePost(page, () =>
    page.getByRole("button", { name: "Set up two-factor authentication" }).click(),
  );
  await expect(page.getByRole("img", { name: "QR code of your two-factor key" })).toBeVisible();
  await expectAnonymousReplayRefused(site.url, started);
  const key = (await page.locator("code").first().textContent())?.replace(/\s+/g, "") ?? "";
  totp = new TOTP({ issuer: "Vantage", label: ADMIN.email, secret: Secret.fromBase32(key) });
  recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expect(page.getByRole("link", { name: "Download the recovery codes" })).toHaveAttribute(
    "download",
    "vantage-recovery-codes.txt",
  );
  await expectNoA11yViolations(page);

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("sign-in then asks for a code after the password; a wrong one is refused, a recovery code works once", async ({
  page,
}) => {
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/login\/code\?/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectNoA11yViolations(page);
  const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Authentication code").fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  for (const accepted of [true, false]) {
    await signInWithPassword(page);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    if (accepted) {
      await expect(page).toHaveURL(/\/dashboard$/);
      await signOut(page);
    } else {
      await expect(page.getByText(SECOND_FACTOR_MESSAGES.wrongRecoveryCode)).toBeVisible();
    }
  }
  // The second step cannot be reached without the first.
  const fresh = await page.context().browser()?.newPage();
  await fresh?.goto(`${new URL(page.url()).origin}/login/code`);
  if (fresh) await expect(fresh.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await fresh?.close();
});

test("new recovery codes need the password; turning two factors off needs the password and a code", async ({
  page,
  site,
}) => {
  await signInWithPassword(page);
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");
  await hydrated(page);
  const renew = page.getByRole("form", { name: "New recovery codes" });
  await renew.getByLabel("Password").fill(ADMIN.password);
  const renewed = await capturePost(page, () => renew.getByRole("button", { name: "Make new recovery codes" }).click());
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectAnonymousReplayRefused(site.url, renewed);

  const off = page.getByRole("form", { name: "Turn off two-factor authentication" });
  await off.getByLabel("Password").fill(ADMIN.password);
  await off.getByLabel("Authentication code").fill("000000");
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(
    page.getByText("The password or the code is not right: two-factor authentication stays on."),
  ).toBeVisible();
  await off.getByLabel("Password").fill(ADMIN.password);
  await off.getByLabel("Authentication code").fill(totp.generate());
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
  await expectNoA11yViolations(page);

  // The password alone signs in again; the audit log has each step.
  await signOut(page);
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/audit");
  for (const kind of [
    "Two-factor authentication turned on",
    "New recovery codes made",
    "Two-factor authentication turned off",
  ]) {
    await expect(page.getByRole("cell", { name: kind }).first()).toBeVisible();
  }
});

test("changing the password ends the person's other sessions", async ({ page, browser, site }) => {
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const elsewhere = await (await browser.newContext({ baseURL: site.url })).newPage();
  await signInWithPassword(elsewhere);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  await page.goto("/dashboard/account");
  await hydrated(page);
  const change = page.getByRole("form", { name: "Change password" });
  await change.getByLabel("Current password").fill("not the password");
  await change.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await change.getByLabel("Confirm new password").fill("a brand new passphrase");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByText("That password is not right.")).toBeVisible();
  await change.getByLabel("Current password").fill(ADMIN.password);
  await change.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await change.getByLabel("Confirm new password").fill("a brand new passphrase");
  const changed = await capturePost(page, () => change.getByRole("button", { name: "Change password" }).click());
  await expect(page.getByText("Password changed. Your other sessions have ended.")).toBeVisible();
  await expectAnonymousReplayRefused(site.url, changed);
  await expectNoA11yViolations(page);

  // This session goes on; the other one is over.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await elsewhere.goto("/dashboard");
  await expect(elsewhere).toHaveURL(/\/login\?redirectTo=/);
  await elsewhere.close();
});

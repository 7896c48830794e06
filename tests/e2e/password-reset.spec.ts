import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { outboxFiles, parseMail, resetLinkIn } from "../support/mail";
import { expect, test } from "./fixtures";

// This file changes its admin's password, so its server has an admin of its own.
const OWNER = { email: "reset-owner@vantage.test", password: "the original password" } as const;
test.use({ serverEnv: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });

const EXPIRED = "This reset link has expired or has already been used.";

async function askForResetLink(page: Page, email: string) {
  await page.goto("/forgot");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Waits for exactly one new outbox file beyond `before` and returns its path. */
async function newOutboxFile(dataDir: string, before: string[]): Promise<string> {
  await expect.poll(() => outboxFiles(dataDir).length).toBe(before.length + 1);
  const added = outboxFiles(dataDir).filter((file) => !before.includes(file));
  expect(added).toHaveLength(1);
  return added[0] ?? "";
}

test("/forgot shows the form, a way back to /login and 'Invalid email' for a bad address", async ({ page, site }) => {
  const before = outboxFiles(site.dataDir);
  await page.goto("/forgot");
  await expect(page.getByRole("heading", { name: "Password Reset" })).toBeVisible();

  for (const address of ["not-an-email", "", "  "]) {
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email");
  }
  expect(outboxFiles(site.dataDir)).toEqual(before);

  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
});

test("an address without an account gets the same answer, and no mail is sent", async ({ page, site }) => {
  const before = outboxFiles(site.dataDir);
  await askForResetLink(page, "stranger@vantage.test");
  await expect(page.getByRole("status")).toHaveText("Reset link sent - check your email");
  expect(outboxFiles(site.dataDir)).toEqual(before);
});

test("reset round trip through the outbox: mail, link, new password, single use", async ({ page, browser, site }) => {
  // A session opened before the reset must not outlive it.
  const otherDevice = await browser.newContext({ baseURL: site.url });
  const otherPage = await otherDevice.newPage();
  await signIn(otherPage, OWNER.email, OWNER.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  const before = outboxFiles(site.dataDir);
  // The address is matched case-insensitively, as it is at sign-in.
  await askForResetLink(page, OWNER.email.toUpperCase());
  await expect(page.getByRole("status")).toHaveText("Reset link sent - check your email");

  const eml = await newOutboxFile(site.dataDir, before);
  const mail = parseMail(fs.readFileSync(eml, "utf8"));
  expect(mail.headers.get("to")).toContain(OWNER.email);
  expect(mail.headers.get("subject")).toBe("Reset your Vantage password");
  const link = resetLinkIn(mail);
  expect(link).toMatch(new RegExp(`^${site.url}/reset-password\\?token=[A-Za-z0-9%_-]+$`));
  // Beside the .eml, the same mail as plain text a person reads: the link whole, on its own line.
  const readable = fs.readFileSync(eml.replace(/\.eml$/, ".txt"), "utf8");
  expect(readable).toContain(`To: ${OWNER.email}\nSubject: Reset your Vantage password\n`);
  expect(readable.split("\n")).toContain(link);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");

  await password.fill("short");
  await confirm.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Password must be at least 8 characters");

  // The longest password allowed (128 characters); one more is refused by the server.
  const newPassword = "a brand new passphrase ".repeat(6).slice(0, 128);
  await expect(password).toHaveAttribute("maxlength", "128");
  const token = new URL(link).searchParams.get("token") ?? "";
  const tooLong = await page.request.post("/reset-password", {
    form: { token, password: `${newPassword}x`, confirm: `${newPassword}x` },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain("Password must be at most 128 characters");

  await password.fill(newPassword);
  await confirm.fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
  await expect(page.getByText("Password must be at least 8 characters")).toHaveCount(0);
  // The failed attempts must not have spent the link.
  await expect(page.getByText(EXPIRED)).toHaveCount(0);

  await password.fill(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("status")).toHaveText("Your password was changed. Log in with the new one.");

  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
  await signIn(page, OWNER.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${OWNER.email}`)).toBeVisible();

  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await otherDevice.close();

  // Single use: the page says so, and posting the token directly changes nothing.
  await page.goto(link);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot");
  const replay = await page.request.post("/reset-password", {
    form: { token, password: "yet another password", confirm: "yet another password" },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(400);
  await page.context().clearCookies();
  await signIn(page, OWNER.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown reset token shows the expired message instead of the form", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await page.goto("/reset-password");
  await expect(page.getByText(EXPIRED)).toBeVisible();
});

test("the reset form with a live link passes axe, errors shown or not", async ({ page, site }) => {
  const before = outboxFiles(site.dataDir);
  await askForResetLink(page, OWNER.email);
  await expect(page.getByRole("status")).toBeVisible();
  const link = resetLinkIn(parseMail(fs.readFileSync(await newOutboxFile(site.dataDir, before), "utf8")));

  await page.goto(link);
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expectNoA11yViolations(page);
});

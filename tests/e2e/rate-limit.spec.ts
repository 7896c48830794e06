import type { Page } from "@playwright/test";
import { outboxFiles } from "../support/mail";
import { expect, test } from "./fixtures";

// Locking an account out must not lock out the admin other files sign in with: own account, own server.
const LOCKED = { email: "locked-out@vantage.test", password: "the right password" } as const;
test.use({ serverEnv: { ADMIN_EMAIL: LOCKED.email, ADMIN_PASSWORD: LOCKED.password } });

const TOO_MANY = /^Too many sign-in attempts\. Try again in 15 minutes\.$/;

async function attempt(page: Page, password: string) {
  await page.getByLabel("Email").fill(LOCKED.email);
  await page.getByLabel("Password").fill(password);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Log in" }).click();
  return answer;
}

test("after 5 failed sign-ins the account is refused, even with the right password, with a 429", async ({
  page,
  browser,
  site,
}) => {
  await page.goto("/login");
  for (let failure = 1; failure <= 5; failure++) {
    const response = await attempt(page, `wrong password ${failure}`);
    expect(response.status(), `attempt ${failure}`).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
  }

  const refused = await attempt(page, LOCKED.password);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(page).toHaveURL(/\/login$/);

  // Without JavaScript the form posts a document; that response carries the status itself.
  const noScript = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const plainPage = await noScript.newPage();
  await plainPage.goto("/login");
  const documentResponse = await attempt(plainPage, LOCKED.password);
  expect(documentResponse.request().isNavigationRequest()).toBe(true);
  expect(documentResponse.status()).toBe(429);
  expect(Number(documentResponse.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(plainPage.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(plainPage.getByText("Signed in as")).toHaveCount(0);
  await noScript.close();

  // Letter case must not open a second bucket for the same account.
  await page.getByLabel("Email").fill(LOCKED.email.toUpperCase());
  await page.getByLabel("Password").fill(LOCKED.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
});

test("reset mails to one address are limited to 3 in 15 minutes, so nobody's inbox can be flooded", async ({
  page,
  site,
}) => {
  const before = outboxFiles(site.dataDir).length;
  await page.goto("/forgot");
  // Each request waits for its own answer: the message from the first stays on screen, so it says
  // nothing about the later ones, and the outbox fills before the answer leaves the server.
  const ask = async () => {
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByLabel("Email").fill(LOCKED.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    return answer;
  };
  for (let request = 1; request <= 3; request++) {
    expect((await ask()).status(), `request ${request}`).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Reset link set - check your email");
  }
  await expect.poll(() => outboxFiles(site.dataDir).length).toBe(before + 3);

  const refused = await ask();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(page.getByRole("alert")).toHaveText(/^Too many reset requests\. Try again in 15 minutes\.$/);
  expect(outboxFiles(site.dataDir)).toHaveLength(before + 3);
});

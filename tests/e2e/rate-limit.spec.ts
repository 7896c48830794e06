import type { Browser, Page, TestInfo } from "@playwright/test";
import { CLIENT_FAILURE_LIMIT, RESET_PAIR_LIMIT } from "../../app/server/people/sign-in-throttle.server";
import { outboxFiles } from "../support/mail";
import { expect, test } from "./fixtures";

// The account these tests wear down must not be the admin other files sign in with: own account, own
// server. One proxy hop is trusted, so each browser context can be its own client address.
const OWNER = { email: "throttled@vantage.test", password: "the right password" } as const;
test.use({ serverEnv: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: "1" } });

const CLIENT_REFUSED = /^Too many sign-in attempts\. Try again in 15 minutes\.$/;

/** A client address of its own for each test, repeat and retry: the server's counters outlive a test. */
function clientAddress(testInfo: TestInfo, client: number): string {
  const run = testInfo.repeatEachIndex * 4 + testInfo.retry;
  return `10.${testInfo.line % 250}.${run % 250}.${client}`;
}

async function contextAs(browser: Browser, baseURL: string, address: string, javaScriptEnabled = true) {
  return browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": address } });
}

async function attempt(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Log in" }).click();
  return answer;
}

test("a client that failed too often is refused with a 429, with or without JavaScript; others sign in", async ({
  browser,
  site,
}, testInfo) => {
  const attacker = clientAddress(testInfo, 1);
  const guessing = await contextAs(browser, site.url, attacker);
  const page = await guessing.newPage();
  await page.goto("/login");
  for (let failure = 1; failure <= CLIENT_FAILURE_LIMIT; failure++) {
    // Other accounts each time: the client's own limit is what is tested, not an account's back-off.
    const response = await attempt(page, `guess${failure}@vantage.test`, "wrong password");
    expect(response.status(), `attempt ${failure}`).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
  }

  const refused = await attempt(page, OWNER.email, OWNER.password);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(page.getByRole("alert")).toHaveText(CLIENT_REFUSED);
  await expect(page).toHaveURL(/\/login$/);
  await guessing.close();

  // Without JavaScript the form posts a document; that response carries the status itself.
  const noScript = await contextAs(browser, site.url, attacker, false);
  const plainPage = await noScript.newPage();
  await plainPage.goto("/login");
  const documentResponse = await attempt(plainPage, OWNER.email.toUpperCase(), OWNER.password);
  expect(documentResponse.request().isNavigationRequest()).toBe(true);
  expect(documentResponse.status()).toBe(429);
  expect(Number(documentResponse.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(plainPage.getByRole("alert")).toHaveText(CLIENT_REFUSED);
  await noScript.close();

  // The owner, from another address, is not held up by any of it.
  const owner = await contextAs(browser, site.url, clientAddress(testInfo, 2));
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/login");
  expect((await attempt(ownerPage, OWNER.email, OWNER.password)).status()).toBeLessThan(400);
  await expect(ownerPage).toHaveURL(/\/dashboard$/);
  await owner.close();
});

test("reset mails from one client to one address are limited; the owner elsewhere still gets one", async ({
  browser,
  site,
}, testInfo) => {
  const flooding = await contextAs(browser, site.url, clientAddress(testInfo, 1));
  const page = await flooding.newPage();
  const before = outboxFiles(site.dataDir).length;
  await page.goto("/forgot");
  // Each request waits for its own answer: the message from the first stays on screen, so it says
  // nothing about the later ones, and the outbox fills before the answer leaves the server.
  const ask = async (on: Page) => {
    const answer = on.waitForResponse((response) => response.request().method() === "POST");
    await on.getByLabel("Email").fill(OWNER.email);
    await on.getByRole("button", { name: "Send reset link" }).click();
    return answer;
  };
  for (let request = 1; request <= RESET_PAIR_LIMIT; request++) {
    expect((await ask(page)).status(), `request ${request}`).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Reset link sent - check your email");
  }
  await expect.poll(() => outboxFiles(site.dataDir).length).toBe(before + RESET_PAIR_LIMIT);

  const refused = await ask(page);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(page.getByRole("alert")).toHaveText(/^Too many reset requests\. Try again in 15 minutes\.$/);
  expect(outboxFiles(site.dataDir)).toHaveLength(before + RESET_PAIR_LIMIT);
  await flooding.close();

  const owner = await contextAs(browser, site.url, clientAddress(testInfo, 2));
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/forgot");
  expect((await ask(ownerPage)).status()).toBe(200);
  await expect.poll(() => outboxFiles(site.dataDir).length).toBe(before + RESET_PAIR_LIMIT + 1);
  await owner.close();
});

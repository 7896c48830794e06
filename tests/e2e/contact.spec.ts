import type { Page } from "@playwright/test";
import { CONTACT_LIMIT } from "../../app/domain/contact";
import { en } from "../../app/messages/en";
import { DEFAULT_SITE } from "../../app/domain/site";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "contact" });
test.use({
  serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url, DEMO_DATA: "1" }), { scope: "worker" }],
});

const inbox = (page: Page) => page.getByRole("list", { name: "Messages, newest first" });

test("a visitor's message arrives by mail at the contact address and in the dashboard's inbox", async ({
  page,
  browser,
  login,
  mailSink,
  site,
}) => {
  const visitor = await (await browser.newContext({ baseURL: site.url })).newPage();
  await visitor.goto("/contact");
  await hydrated(visitor);
  // The address stays, the form sits beside it.
  await expect(visitor.getByText(`For all inquiries, please email us at ${DEFAULT_SITE.contactEmail}.`)).toBeVisible();

  // Nothing filled in: each field says what it needs.
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByRole("alert")).toHaveText(en["visitorForm.checkEachInput"]);
  await expect(visitor.getByText(en["contactForm.nameRequired"])).toBeVisible();
  await expect(visitor.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(visitor.getByText(en["contactForm.messageRequired"])).toBeVisible();
  await expectNoA11yViolations(visitor);

  await visitor.getByLabel("Name").fill("Dana Installer");
  await visitor.getByLabel("E-mail").fill("not an address");
  await visitor.getByLabel("Company (optional)").fill("Secure Sites Ltd");
  await visitor.getByLabel("Product model (optional)").fill(DEMO_KNOWN_MODELS.lpr);
  await visitor.getByLabel("Message").fill("Can it read plates at 60 km/h on a two-lane road, at night?");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByText(en["contactForm.emailInvalid"])).toBeVisible();
  // What was typed is still there.
  await expect(visitor.getByLabel("Message")).toHaveValue(
    "Can it read plates at 60 km/h on a two-lane road, at night?",
  );
  await visitor.getByLabel("E-mail").fill("dana@installer.example");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByRole("status")).toHaveText(en["contact.sent"]);

  // Through a real SMTP server to the contact address of the site settings, the visitor as Reply-To.
  const mail = await mailSink.take(DEFAULT_SITE.contactEmail);
  expect(mail.headers.get("subject")).toBe("Contact form: Dana Installer (Secure Sites Ltd)");
  expect(mail.headers.get("reply-to")).toContain("dana@installer.example");
  expect(mail.text).toContain("Can it read plates at 60 km/h on a two-lane road, at night?");
  expect(mail.text).toContain(`Product: ${DEMO_KNOWN_MODELS.lpr}`);

  // In the inbox: unread until opened, with the product linked.
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Inbox" }).click();
  await hydrated(page);
  const entry = inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" });
  await expect(entry).toContainText("Unread");
  await expectNoA11yViolations(page);
  await entry.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Message from Dana Installer" })).toBeVisible();
  await expect(page.getByText("Can it read plates at 60 km/h on a two-lane road, at night?")).toBeVisible();
  await expect(page.getByRole("link", { name: DEMO_KNOWN_MODELS.lpr })).toHaveAttribute(
    "href",
    /^\/catalog\/products\//,
  );
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    /^mailto:dana%40installer\.example\?subject=/,
  );
  await hydrated(page);
  // Open in a browser, it is read.
  await expect(page.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" })).not.toContainText("Unread");

  // Mark as unread, then delete: each refused when replayed without a session.
  await inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" }).getByRole("link").click();
  await hydrated(page);
  const unread = await capturePost(page, () => page.getByRole("button", { name: "Mark as unread" }).click());
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" })).toContainText("Unread");
  await expectAnonymousReplayRefused(site.url, unread);
  await inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" }).getByRole("link").click();
  await hydrated(page);
  await page.getByRole("button", { name: "Delete message" }).click();
  const deleted = await capturePost(page, () => page.getByRole("button", { name: "Confirm Delete" }).click());
  await expect(page.getByRole("status")).toHaveText("Message deleted.");
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "Dana Installer" })).toHaveCount(0);
  await expectAnonymousReplayRefused(site.url, deleted);
});

test("without scripts the form works; a bot's honeypot goes nowhere; too many messages are refused", async ({
  browser,
  login,
  page,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto("/contact");
  await visitor.getByLabel("Name").fill("No Script");
  await visitor.getByLabel("E-mail").fill("noscript@example.com");
  await visitor.getByLabel("Message").fill("Sent from a browser without JavaScript.");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByRole("status")).toHaveText(en["contact.sent"]);

  // A bot fills in every field, the hidden one too: thanked, and nothing kept.
  const bot = await fetch(`${site.url}/contact`, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Bot",
      email: "bot@spam.example",
      message: "Cheap followers, visit now!",
      website: "https://spam.example",
    }),
  });
  expect(bot.status).toBe(200);

  // This client has sent two; the rest of its allowance, then a refusal that says when to try again.
  for (let sent = 2; sent < CONTACT_LIMIT; sent++) {
    await visitor.goto("/contact");
    await visitor.getByLabel("Name").fill(`Visitor ${sent}`);
    await visitor.getByLabel("E-mail").fill("noscript@example.com");
    await visitor.getByLabel("Message").fill("Another question about the catalog.");
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByRole("status")).toHaveText(en["contact.sent"]);
  }
  await visitor.goto("/contact");
  await visitor.getByLabel("Name").fill("One Too Many");
  await visitor.getByLabel("E-mail").fill("noscript@example.com");
  await visitor.getByLabel("Message").fill("Yet another question about the catalog.");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByRole("alert")).toContainText("You have sent several messages in a short time.");
  await expect(visitor.getByLabel("Message")).toHaveValue("Yet another question about the catalog.");
  await context.close();

  await login();
  await page.goto("/dashboard/inbox");
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "No Script" })).toHaveCount(1);
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "Bot" })).toHaveCount(0);
  await expect(inbox(page).getByRole("listitem").filter({ hasText: "One Too Many" })).toHaveCount(0);
});

import { CVSS_MESSAGES } from "../../app/domain/cvss";
import { ADVISORY_MESSAGES } from "../../app/domain/forms/advisory";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "advisories", serverEnv: { DEMO_DATA: "1" } });

const MODELS = [DEMO_KNOWN_MODELS.dome, DEMO_KNOWN_MODELS.bullet];

test("an editor writes an advisory under embargo, publishes it, then a second revision with its note", async ({
  page,
  login,
  site,
}) => {
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Security advisories" }).click();
  await expect(page.getByText("No security advisories yet.")).toBeVisible();
  await page.getByRole("link", { name: "New security advisory" }).click();
  await hydrated(page);

  await page.getByLabel("Id", { exact: true }).fill("vsa-2026-101");
  await page.getByLabel("Title").fill("Authentication bypass in the web interface");
  await page
    .getByLabel("Summary")
    .fill("An attacker on the network can sign in to the web interface without a password.");
  await page.getByLabel("CVSS 3.1 vector").fill("CVSS:3.1/AV:N/AC:L");
  await page.getByLabel("CVE ids (one a line)").fill("CVE-2026-40101");
  for (const model of MODELS) {
    await page.getByRole("combobox", { name: "Add product" }).fill(model);
    await page
      .getByRole("listbox", { name: "Matching products" })
      .getByRole("option", { name: model, exact: true })
      .click();
    await page.getByLabel(`Affected versions of ${model}`).fill("<2.5.4");
    await page.getByLabel(`Fixed in (${model})`).selectOption({ label: "Firmware 2.5.4" });
  }
  await expectNoA11yViolations(page);

  // The server scores the vector: one it cannot score is refused beside its field, nothing saved.
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText(CVSS_MESSAGES.metrics("3.1"))).toBeVisible();
  await page.getByLabel("CVSS 3.1 vector").fill("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H");
  const created = await capturePost(page, () => page.getByRole("button", { name: "Save as draft" }).click());
  await expect(page.getByRole("status").filter({ hasText: "VSA-2026-101 created successfully." })).toBeVisible();
  await expectAnonymousReplayRefused(site.url, created);

  // Under embargo: a draft, no revision yet.
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /VSA-2026-101/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Published revisions" })).toHaveCount(0);
  await hydrated(page);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Security advisory saved." })).toBeVisible();
  const revisions = page.getByRole("region", { name: "Published revisions" });
  await expect(revisions.getByRole("listitem")).toHaveText([/Initial release\.$/]);

  // A published advisory's next save is its next revision: it asks what changed.
  await hydrated(page);
  await page.getByLabel("Workaround (when there is no fix, or until it is installed)").fill("Turn off UPnP.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(ADVISORY_MESSAGES.noteRequired)).toBeVisible();
  await page.getByLabel("What changed (this revision's note)").fill("Workaround added.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(revisions.getByRole("listitem")).toHaveText([/Initial release\.$/, /Workaround added\.$/]);
  await expectNoA11yViolations(page);

  // History names the revision; the list shows it published.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByText("2: Workaround added.").first()).toBeVisible();
  await page.goto("/dashboard/advisories/");
  const listed = page.getByRole("list", { name: "Security advisories, newest first" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Authentication bypass in the web interface");
});

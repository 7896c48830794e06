import { CVSS_MESSAGES } from "../../app/domain/cvss";
import { ADVISORY_MESSAGES } from "../../app/domain/forms/advisory";
import { expectNoA11yViolations } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { localDateTimeValue } from "../../app/domain/publication";
import { plainSlug } from "../support/addresses";
import { csafProblems } from "../support/csaf";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { expect, hydrated, liveConnected, test } from "./fixtures";

/** What the tests read of a CSAF document: its revisions. */
interface CsafRevisions {
  document: { tracking: { revision_history: { summary: string }[] } };
}

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
  // The demo's three are there.
  await expect(page.getByRole("list", { name: "Security advisories, newest first" }).getByRole("listitem")).toHaveCount(
    3,
  );
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
  await expect(listed).toHaveCount(4);
  await expect(listed.first()).toContainText("Authentication bypass in the web interface");

  // Deleted: a replayed delete without a session is refused, the editor's own goes through.
  await listed.first().getByRole("link").first().click();
  await hydrated(page);
  await page.getByRole("button", { name: "Delete advisory" }).click();
  const deleted = await capturePost(page, () => page.getByRole("button", { name: "Confirm Delete" }).click());
  await expect(listed).toHaveCount(3);
  await expectAnonymousReplayRefused(site.url, deleted);
  expect((await fetch(`${site.url}/support/security/vsa-2026-101`)).status).toBe(404);
});

/** What a visitor gets at `path`: its status and text, with no session. */
async function visitor(origin: string, path: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${origin}${path}`);
  return { status: answer.status, text: await answer.text() };
}

test("an advisory scheduled under embargo is nowhere until its time, then live everywhere, then revised", async ({
  page,
  login,
  site,
  browser,
}) => {
  // The schedule's minute, the server's check every SCHEDULE_CHECK_MS and the live update.
  test.setTimeout(5 * 60_000);
  await login();
  await page.goto("/dashboard/advisories/new");
  await hydrated(page);
  const [dome, bullet] = MODELS;
  await page.getByLabel("Id", { exact: true }).fill("VSA-2026-301");
  await page.getByLabel("Title").fill("Command injection through the ONVIF service");
  await page.getByLabel("Summary").fill("A crafted ONVIF request runs commands on the camera as its administrator.");
  await page.getByLabel("CVSS 3.1 vector").fill("CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H");
  await page.getByLabel("CVE ids (one a line)").fill("CVE-2026-40301");
  for (const [model, range] of [
    [dome, ">=2.4.0|<2.5.4"],
    [bullet, "<2.5.4"],
  ] as const) {
    await page.getByRole("combobox", { name: "Add product" }).fill(model ?? "");
    await page
      .getByRole("listbox", { name: "Matching products" })
      .getByRole("option", { name: model, exact: true })
      .click();
    await page.getByLabel(`Affected versions of ${model}`).fill(range);
    await page.getByLabel(`Fixed in (${model})`).selectOption({ label: "Firmware 2.5.4" });
  }
  // Its disclosure time: a whole minute at least a minute ahead (the field takes minutes), in the
  // editor's own zone.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByText("Schedule publishing").click();
  await page.getByLabel("Publish at").fill(localDateTimeValue(at.toISOString(), zone));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "VSA-2026-301 created successfully." })).toBeVisible();

  // A visitor has the dome's page open; the demo's own advisory for it is there, this one is not.
  const productPath = `/catalog/products/${plainSlug(dome ?? "")}`;
  const visitorPage = await (await browser.newContext()).newPage();
  await visitorPage.goto(`${site.url}${productPath}`);
  await liveConnected(visitorPage);
  const section = visitorPage.getByRole("region", { name: "Security advisories" });
  await expect(section.getByRole("link", { name: /^VSA-2026-002: / })).toBeVisible();

  // Under embargo: nothing of it anywhere a visitor or a tool looks.
  const pageLink = 'href="/support/security/vsa-2026-301"';
  const year = at.toISOString().slice(0, 4);
  const nowhere = async () => {
    for (const path of ["/support/security", productPath, "/search?q=VSA-2026-301", "/support/firmware"]) {
      expect((await visitor(site.url, path)).text, path).not.toContain(pageLink);
    }
    expect((await visitor(site.url, "/support/security/vsa-2026-301")).status).toBe(404);
    for (const path of [
      "/support/security.atom",
      `${productPath}/security.atom`,
      "/.well-known/csaf/white/index.txt",
      "/.well-known/csaf/white/changes.csv",
      "/sitemap.xml",
    ]) {
      expect((await visitor(site.url, path)).text.toLowerCase(), path).not.toContain("vsa-2026-301");
    }
    expect((await visitor(site.url, `/.well-known/csaf/white/${year}/vsa-2026-301.json`)).status).toBe(404);
  };
  await nowhere();
  await expect(section.getByRole("link", { name: /^VSA-2026-301: / })).toHaveCount(0);

  // Its time comes: the open product page shows it by itself, with whether the latest firmware fixes it.
  await expect(
    section.getByRole("link", { name: "VSA-2026-301: Command injection through the ONVIF service" }),
  ).toBeVisible({
    timeout: 3 * 60_000,
  });
  await expect(section).toContainText("Fixed in firmware 2.5.4, the latest firmware.");
  expect((await visitor(site.url, "/support/security")).text).toContain(pageLink);
  expect((await visitor(site.url, "/sitemap.xml")).text).toContain("/support/security/vsa-2026-301");
  expect((await visitor(site.url, "/search?q=CVE-2026-40301")).text).toContain(pageLink);
  const advisoryPage = await visitor(site.url, "/support/security/vsa-2026-301");
  expect(advisoryPage.status).toBe(200);
  for (const path of [
    "/support/security.atom",
    `${productPath}/security.atom`,
    `/catalog/products/${plainSlug(bullet ?? "")}/security.atom`,
  ]) {
    expect((await visitor(site.url, path)).text, path).toContain(
      "<title>VSA-2026-301: Command injection through the ONVIF service</title>",
    );
  }
  expect((await visitor(site.url, "/.well-known/csaf/white/index.txt")).text).toContain(`${year}/vsa-2026-301.json`);
  const csafPath = `/.well-known/csaf/white/${year}/vsa-2026-301.json`;
  const first = JSON.parse((await visitor(site.url, csafPath)).text) as CsafRevisions;
  expect(await csafProblems(first)).toEqual([]);
  expect(first.document.tracking.revision_history.map((revision) => revision.summary)).toEqual(["Initial release."]);

  // The visitor opens it: the products, their ranges and the fixing release, linked.
  await section.getByRole("link", { name: /^VSA-2026-301: / }).click();
  await expect(
    visitorPage.getByRole("heading", { level: 1, name: "Command injection through the ONVIF service" }),
  ).toBeVisible();
  const affected = visitorPage.getByRole("region", { name: "Affected products" });
  await expect(affected.getByRole("row", { name: new RegExp(`^${dome}`) })).toContainText(
    "2.4.0 and later, before 2.5.4",
  );
  await expect(affected.getByRole("row", { name: new RegExp(`^${bullet}`) })).toContainText("before 2.5.4");
  await expectNoA11yViolations(visitorPage);

  // A second revision: the editor says what changed; the page, the feeds and the CSAF document have it.
  await page.getByRole("link", { name: "View details" }).click();
  await hydrated(page);
  await page.getByLabel("Workaround (when there is no fix, or until it is installed)").fill("Turn off ONVIF.");
  await page.getByLabel("What changed (this revision's note)").fill("Workaround added for cameras not yet updated.");
  const revised = await capturePost(page, () => page.getByRole("button", { name: "Save changes" }).click());
  await expect(page.getByRole("region", { name: "Published revisions" }).getByRole("listitem")).toHaveCount(2);
  await expectAnonymousReplayRefused(site.url, revised);
  await expect(visitorPage.getByRole("region", { name: "Revision history" }).getByRole("listitem")).toHaveCount(2);
  await expect(visitorPage.getByRole("region", { name: "Workaround" })).toContainText("Turn off ONVIF.");
  expect((await visitor(site.url, "/support/security.atom")).text).toContain(
    "Workaround added for cameras not yet updated.",
  );
  const second = JSON.parse((await visitor(site.url, csafPath)).text) as CsafRevisions;
  expect(await csafProblems(second)).toEqual([]);
  expect(second.document.tracking.revision_history.map((revision) => revision.summary)).toEqual([
    "Initial release.",
    "Workaround added for cameras not yet updated.",
  ]);
  expect((await visitor(site.url, "/.well-known/csaf/white/changes.csv")).text.split("\n")[0]).toContain(
    `${year}/vsa-2026-301.json`,
  );
});

test("the public advisory pages read well at 390 px and 1280 px, and pass axe", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/support/security");
    await expect(page.getByRole("heading", { level: 1, name: "Security advisories" })).toBeVisible();
    await expectNoA11yViolations(page);
    // Narrowed by severity without scripts' help as with them: the URL says it.
    await hydrated(page);
    await page.getByLabel("Severity").selectOption("Critical");
    await expect(page).toHaveURL(/severity=Critical/);
    await expect(page.getByRole("status")).toHaveText(/^1 advisory$/);
    await page.getByRole("link", { name: /^VSA-2026-002: / }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Authentication bypass in the web interface of IP cameras",
    );
    await expectNoA11yViolations(page);
    await page.goto("/support/security/vsa-2026-001");
    await expect(page.getByRole("region", { name: "Revision history" }).getByRole("listitem")).toHaveCount(2);
    await expectNoA11yViolations(page);
  }
});

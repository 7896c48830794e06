import fs from "node:fs";
import type { Page } from "@playwright/test";
import { LAST_OWNER_MESSAGE } from "../../app/server/people/admins.server";
import { expectNoA11yViolations } from "../support/a11y";
import { invitationLinkIn } from "../support/mail";
import { capturePost, cookieHeaderOf, expectAnonymousReplayRefused, expectEditorReplayRefused } from "./admin";
import { ADMIN, expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "people" });
test.use({
  serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url }), { scope: "worker" }],
});

const EDITOR = { email: "editor@vantage.test", password: "editor password 1" } as const;
const EDITOR_OPTIONS = [
  "Summary",
  "New Category",
  "Edit Category",
  "New Product",
  "Edit Product",
  "New Download",
  "Edit Download",
  "Specifications",
  "Recently deleted",
  "Firmware releases",
  "Security advisories",
  "Inbox",
  "Your account",
];
const OWNER_ONLY = [
  "/dashboard/people",
  "/dashboard/settings",
  "/dashboard/history/settings/site",
  "/dashboard/audit",
  "/dashboard/audit.csv",
];
const FORBIDDEN = "Only an owner of the site can open this page.";

/** The editor's own browser, signed in through the invitation in the first test. */
let editorPage: Page | undefined;
const editor = () => {
  if (!editorPage) throw new Error("the editor has not accepted the invitation yet");
  return editorPage;
};

async function openPeople(page: Page) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL("/dashboard/people");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await hydrated(page);
}

const personRow = (page: Page, email: string) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: email }) });

test("an owner invites an editor, who chooses a password and is kept out of People, Settings and the audit log", async ({
  page,
  browser,
  login,
  site,
  mailSink,
}) => {
  await login();
  await openPeople(page);
  await expectNoA11yViolations(page);
  await expect(personRow(page, `${ADMIN.email} (you)`)).toBeVisible();

  // Bad input is refused with a message beside the field.
  await page.getByLabel("E-mail").fill("not an address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("A valid e-mail address")).toBeVisible();

  await page.getByLabel("E-mail").fill(EDITOR.email);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("editor");
  const invited = await capturePost(page, () => page.getByRole("button", { name: "Send invitation" }).click());
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${EDITOR.email}.` })).toBeVisible();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(`${EDITOR.email} as editor, invited by ${ADMIN.email}; link valid until`);

  const mail = await mailSink.take(EDITOR.email);
  expect(mail.headers.get("subject")).toBe("You are invited to the Vantage dashboard");
  const link = invitationLinkIn(mail);
  expect(link.startsWith(`${site.url}/invite?token=`)).toBe(true);

  const context = await browser.newContext({ baseURL: site.url });
  editorPage = await context.newPage();
  await editorPage.goto(link);
  await expect(editorPage.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expect(editorPage.getByText(`You are invited to the dashboard as an editor.`)).toBeVisible();
  await expectNoA11yViolations(editorPage);
  await editorPage.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await editorPage.getByLabel("Confirm password").fill("something else");
  await editorPage.getByRole("button", { name: "Set password and log in" }).click();
  await expect(editorPage.getByText("Passwords do not match")).toBeVisible();
  await editorPage.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await editorPage.getByLabel("Confirm password").fill(EDITOR.password);
  await editorPage.getByRole("button", { name: "Set password and log in" }).click();
  await expect(editorPage).toHaveURL(/\/dashboard$/);
  await expect(editorPage.getByText(`Signed in as ${EDITOR.email} (editor)`)).toBeVisible();
  // The editor's menu has no owner's options.
  await expect(editorPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText(EDITOR_OPTIONS);

  // The link worked once.
  const again = await browser.newPage({ baseURL: site.url });
  await again.goto(link);
  await expect(again.getByRole("alert")).toContainText("This invitation has expired or has already been used.");
  await again.close();

  // The owner's pages are refused to the editor, whether opened, fetched or posted to.
  const editorCookie = await cookieHeaderOf(editorPage, site.url);
  for (const path of OWNER_ONLY) {
    const response = await fetch(`${site.url}${path}`, { headers: { cookie: editorCookie }, redirect: "manual" });
    expect(response.status, path).toBe(403);
  }
  const opened = await editorPage.goto("/dashboard/settings");
  expect(opened?.status()).toBe(403);
  await expect(editorPage.getByText(FORBIDDEN)).toBeVisible();
  await expectEditorReplayRefused(site.url, invited, editorCookie);
  // Posts to every other owner-only page, as the owner's forms would send them: refused before anything.
  const ownerId =
    (await page.locator('input[name="intent"][value="set-role"] + input[name="id"]').first().getAttribute("value")) ??
    "";
  expect(ownerId).not.toBe("");
  for (const [path, fields] of [
    ["/dashboard/people", { intent: "delete", id: ownerId }],
    ["/dashboard/people", { intent: "set-role", id: ownerId, role: "editor" }],
    ["/dashboard/history/settings/site", { intent: "restore", revision: ownerId, version: "0" }],
  ] as const) {
    const response = await fetch(`${site.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie: editorCookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(response.status, `${path} ${fields.intent}`).toBe(403);
  }
  await expectAnonymousReplayRefused(site.url, invited);

  // A settings save by the owner, replayed by the editor: refused, the owner's value stays.
  await page.goto("/dashboard/settings");
  await hydrated(page);
  await page.getByLabel("Copyright holder").fill("People Test Ltd");
  const saved = await capturePost(page, () => page.getByRole("button", { name: "Save settings" }).click());
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await page.getByLabel("Copyright holder").fill("People Test Two");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("contentinfo")).toContainText("People Test Two");
  await expectEditorReplayRefused(site.url, saved, editorCookie);
  await page.reload();
  await expect(page.getByLabel("Copyright holder")).toHaveValue("People Test Two");

  // The owner's open People page shows the new editor, with a last sign-in.
  await openPeople(page);
  await expect(pending).toHaveCount(0);
  await expect(page.getByText("No invitations are waiting to be accepted.")).toBeVisible();
  const row = personRow(page, EDITOR.email);
  await expect(row.getByRole("combobox", { name: `Role of ${EDITOR.email}` })).toHaveValue("editor");
  await expect(row.locator("time")).toHaveCount(1);
});

test("roles change, the last owner stays one, and a removed person's session ends at once", async ({
  page,
  login,
  site,
}) => {
  await login();
  await openPeople(page);

  // The only owner cannot make themselves an editor, nor remove themselves.
  const own = personRow(page, `${ADMIN.email} (you)`);
  await own.getByRole("combobox", { name: `Role of ${ADMIN.email}` }).selectOption("editor");
  await own.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("alert").filter({ hasText: LAST_OWNER_MESSAGE })).toBeVisible();
  await expect(own.getByRole("combobox", { name: `Role of ${ADMIN.email}` })).toHaveValue("owner");
  await expect(own.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  // Made an owner, the editor sees the owner's options; made an editor again, they go.
  const row = personRow(page, EDITOR.email);
  await row.getByRole("combobox", { name: `Role of ${EDITOR.email}` }).selectOption("owner");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${EDITOR.email} is now an owner.` })).toBeVisible();
  await editor().goto("/dashboard");
  await expect(
    editor().getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "People" }),
  ).toBeVisible();
  await row.getByRole("combobox", { name: `Role of ${EDITOR.email}` }).selectOption("editor");
  const demoted = await capturePost(page, () => row.getByRole("button", { name: "Change role" }).click());
  await expect(page.getByRole("status").filter({ hasText: `${EDITOR.email} is now an editor.` })).toBeVisible();
  await editor().reload();
  await expect(
    editor().getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "People" }),
  ).toHaveCount(0);
  const editorCookie = await cookieHeaderOf(editor(), site.url);
  await expectEditorReplayRefused(site.url, demoted, editorCookie);
  await expectAnonymousReplayRefused(site.url, demoted);

  // An invitation cancelled: its replays are refused too.
  await page.getByLabel("E-mail").fill("maybe@vantage.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to maybe@vantage.test." })).toBeVisible();
  const cancelled = await capturePost(page, () =>
    page.getByRole("button", { name: "Cancel invitation to maybe@vantage.test" }).click(),
  );
  await expect(page.getByRole("status").filter({ hasText: "Invitation cancelled." })).toBeVisible();
  await expect(page.getByText("No invitations are waiting to be accepted.")).toBeVisible();
  await expectEditorReplayRefused(site.url, cancelled, editorCookie);
  await expectAnonymousReplayRefused(site.url, cancelled);

  // Their sessions ended by an owner (a lost laptop): the editor's open dashboard is sent to sign in.
  const ended = await capturePost(page, () =>
    row.getByRole("button", { name: `End sessions (1) of ${EDITOR.email}` }).click(),
  );
  await expect(page.getByRole("status").filter({ hasText: "1 session ended." })).toBeVisible();
  await expect(row.getByRole("button", { name: /^End sessions/ })).toHaveCount(0);
  await expectAnonymousReplayRefused(site.url, ended);
  await editor().goto("/dashboard");
  await expect(editor()).toHaveURL(/\/login\?redirectTo=/);
  await editor().getByLabel("Email").fill(EDITOR.email);
  await editor().getByLabel("Password").fill(EDITOR.password);
  await editor().getByRole("button", { name: "Log in" }).click();
  await expect(editor().getByRole("navigation", { name: "Dashboard" })).toBeVisible();

  // Removed: the editor's open dashboard stops working at its next request.
  await row.getByRole("button", { name: `Remove ${EDITOR.email}` }).click();
  await expect(page.getByTestId("delete-confirmation")).toHaveText(
    `Remove ${EDITOR.email}? They are signed out at once and can no longer log in.`,
  );
  const removed = await capturePost(page, () => page.getByRole("button", { name: "Confirm removal" }).click());
  await expect(page.getByRole("status").filter({ hasText: "Removed: their sessions have ended." })).toBeVisible();
  await expect(personRow(page, EDITOR.email)).toHaveCount(0);
  await expectAnonymousReplayRefused(site.url, removed);
  await editor().getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Edit Product" }).click();
  await expect(editor()).toHaveURL(/\/login\?redirectTo=/);
  const response = await fetch(`${site.url}/dashboard`, { headers: { cookie: editorCookie }, redirect: "manual" });
  expect(response.status).toBe(302);
  await editor().context().close();
});

test("the audit log shows each of these, filters them and exports them as CSV", async ({ page, login }) => {
  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL("/dashboard/audit");
  await hydrated(page);
  await expectNoA11yViolations(page);
  const table = page.getByRole("table", { name: "Audit log entries, newest first" });
  for (const [action, record] of [
    ["Invitation sent", EDITOR.email],
    ["Invitation accepted", EDITOR.email],
    ["Role changed", EDITOR.email],
    ["Invitation cancelled", "maybe@vantage.test"],
    ["Sessions ended by an owner", EDITOR.email],
    ["Person removed", EDITOR.email],
    ["Saved", "Site settings"],
  ]) {
    await expect(table.getByRole("row").filter({ hasText: action }).filter({ hasText: record }).first()).toBeVisible();
  }

  // The editor's own entries: accepting the invitation, signing in with it, and again once their
  // sessions were ended.
  await page.getByLabel("Person").selectOption(EDITOR.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/person=editor%40vantage\.test/);
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText("Signed in");
  await expect(table.getByRole("row").nth(2)).toContainText("Signed in");
  await expect(table.getByRole("row").nth(3)).toContainText("Invitation accepted");

  await page.getByLabel("Person").selectOption("");
  await page.getByLabel("Action").selectOption({ label: "Role changed" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 entries match" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "role: owner → editor" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "role: editor → owner" })).toHaveCount(1);

  // Days are the reader's own: today's entries are all there, tomorrow's none.
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  await page.getByLabel("From (day)").fill(today);
  await page.getByLabel("To (day, included)").fill(today);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 entries match" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vantage-audit-log-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync((await download.path()) ?? "", "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("\uFEFFTime (UTC),Person,Client address,Action,Record type,Record id,Record,Details");
  expect(lines.slice(1)).toHaveLength(2);
  for (const line of lines.slice(1)) expect(line).toContain(`,${ADMIN.email},`);
  for (const line of lines.slice(1)) expect(line).toContain(",Role changed,person,");
});

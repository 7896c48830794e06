import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { CATALOG_COLUMNS } from "../../app/domain/catalog-sheet";
import { csvLine, parseCsv } from "../../app/server/platform/csv.server";
import { expectDistinctControlNames } from "../support/a11y";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { ADMIN, expect, hydrated, test } from "./fixtures";
import { announced, chooseFileByKeyboard, expectFocusAnnounced, openAtContent, tabTo } from "./keyboard";

// An editor's daily tasks in the dashboard with the keyboard alone, checking at each step where focus
// is and what a screen reader announces there. A server of its own: every test here writes.
test.use({ ownServer: "keyboard-dashboard" });
test.use({
  serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url, DEMO_DATA: "1" }), { scope: "worker" }],
});
test.describe.configure({ mode: "serial" });
// The order a date and time are typed in, part by part, is the browser's locale's.
test.use({ locale: "en-US" });

const MODEL = "KB-DOME-1";

async function png(name: string) {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Signs in from /login with the keyboard alone; focus ends on the dashboard's heading. */
async function signInByKeyboard(page: Page) {
  await openAtContent(page, "/login");
  await tabTo(page, page.getByLabel("Email"), { most: 3 });
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, page.getByLabel("Password", { exact: true }), 'textbox "Password"');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
}

test("an editor signs in by keyboard; a wrong password is said, and the dashboard's menu can be skipped", async ({
  page,
}) => {
  await openAtContent(page, "/login");
  await tabTo(page, page.getByLabel("Email"), { most: 3 });
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");
  // The failure is an alert, said as it appears; focus stays in the password, sent with Enter, to try again.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect email or password");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await tabTo(page, page.getByLabel("Email"), { most: 3, back: true });

  await signInByKeyboard(page);
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), /^heading ".+" \[level=1\]$/);
  // On any dashboard page the skip link passes the menu, a landmark of its own.
  await openAtContent(page, "/dashboard/products/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("navigation", { name: "Dashboard" }).locator(":focus")).toHaveCount(0);
  await expect(page.getByRole("main").locator(":focus")).toHaveCount(1);
});

test("a product made by keyboard with an image and a download, then its page opened", async ({ page }) => {
  await signInByKeyboard(page);
  await openAtContent(page, "/dashboard/products/new");
  const form = page.getByRole("main");
  await tabTo(page, form.getByLabel("Category"), { most: 3 });
  // A closed list chooses by the first letter typed, as a screen reader user picks from it.
  await page.keyboard.press("D");
  await expect(form.getByLabel("Category")).toHaveValue(/.+/);
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, form.getByLabel("Model"), 'textbox "Model"');
  await page.keyboard.type(MODEL);
  await tabTo(page, form.getByLabel("Description", { exact: true }).first());
  await page.keyboard.type("Made with the keyboard alone.");

  // The main image: its field is announced as a button that opens the system's file chooser.
  const image = form.getByLabel("Image", { exact: true });
  await tabTo(page, image, { most: 40 });
  expect(await announced(page)).toBe('button "Image"');
  await chooseFileByKeyboard(page, await png("front.png"));
  await expect(form.getByText("front.png (")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(
    page,
    form.getByLabel("Image description (alt text)"),
    /^textbox "Image description \(alt text\)"/,
  );
  await page.keyboard.type("The dome from the front");

  // A download: the row added takes focus in its first field.
  await tabTo(page, form.getByRole("button", { name: "Add download" }), { most: 8 });
  await page.keyboard.press("Enter");
  const download = form.getByRole("group", { name: "Download 1" });
  await expectFocusAnnounced(page, download.getByLabel("Description"), 'textbox "Description"');
  await page.keyboard.type("Installation guide");
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, download.getByLabel("Type"), /^combobox "Type"/);
  await page.keyboard.press("M");
  await expect(download.getByLabel("Type")).toHaveValue("manual");
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, download.getByLabel("File", { exact: true }), 'button "File"');
  await chooseFileByKeyboard(page, { name: "guide.txt", mimeType: "text/plain", buffer: Buffer.from("Mount it.") });
  await expect(download.getByText("guide.txt (")).toBeVisible();

  // A second row added and removed: focus goes back to the Add button, not to the page's start.
  await tabTo(page, form.getByRole("button", { name: "Add download" }));
  await page.keyboard.press("Enter");
  await expect(form.getByRole("group", { name: "Download 2" }).getByLabel("Description")).toBeFocused();
  await tabTo(page, form.getByRole("button", { name: "Remove download 2" }));
  await page.keyboard.press("Enter");
  await expect(form.getByRole("group", { name: "Download 2" })).toHaveCount(0);
  await expectFocusAnnounced(page, form.getByRole("button", { name: "Add download" }), 'button "Add download"');

  // Filled in, with files chosen: every Remove button says which file or row it removes.
  await expect(form.getByRole("button", { name: "Remove the file chosen for Image" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Remove the file chosen for download 1" })).toBeVisible();
  await expectDistinctControlNames(page);
  await tabTo(page, form.getByRole("button", { name: "Submit" }));
  await page.keyboard.press("Enter");
  const created = page.getByRole("main").getByRole("status");
  await expect(created).toHaveText(`${MODEL} created successfully.`);
  await expect(created).toBeFocused();
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, page.getByRole("link", { name: "View details" }), 'link "View details"');
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), `heading "${MODEL}" [level=1]`);
  await expect(page.getByRole("list", { name: "Downloads" })).toContainText("guide.txt");
});

/** From the product list, by keyboard: the made product's row, then its page. */
async function openMadeProduct(page: Page) {
  await openAtContent(page, "/dashboard/products/");
  // Each row is one link: the search's two stops, then the first row.
  await tabTo(page, page.getByRole("main").getByRole("link", { name: new RegExp(`^${MODEL}`) }), { most: 8 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), `heading "${MODEL}" [level=1]`);
}

/** On the product's page: Edit, by keyboard; focus ends on the form's heading. */
async function editMadeProduct(page: Page) {
  await tabTo(page, page.getByRole("link", { name: "Edit", exact: true }), { most: 4 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), `heading "Edit ${MODEL}" [level=1]`);
}

const saved = (page: Page) =>
  page.getByRole("main").getByRole("status").filter({ hasText: "Product edited successfully." });

test("the product edited, unpublished, scheduled, published and deleted by keyboard, then restored twice", async ({
  page,
}) => {
  await signInByKeyboard(page);
  await openMadeProduct(page);
  await editMadeProduct(page);
  const form = page.getByRole("main");
  await tabTo(page, form.getByLabel("Description", { exact: true }).first(), { most: 6 });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Edited with the keyboard alone.");
  await tabTo(page, form.getByRole("button", { name: "Save changes" }), { most: 60 });
  await page.keyboard.press("Enter");
  // The save's message takes focus, so it is said.
  await expect(saved(page)).toBeFocused();
  await expect(page.getByText("Edited with the keyboard alone.")).toBeVisible();

  await editMadeProduct(page);
  await tabTo(page, form.getByRole("button", { name: "Unpublish" }), { most: 60 });
  await page.keyboard.press("Enter");
  await expect(saved(page)).toBeFocused();

  // Scheduled: the disclosure opens with Enter, the time is typed a part at a time, Enter schedules.
  await editMadeProduct(page);
  await tabTo(page, form.getByRole("button", { name: "Publish now" }), { most: 60 });
  await tabTo(page, /^text: Schedule publishing$/, { most: 4 });
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const when = form.getByLabel("Publish at");
  await expectFocusAnnounced(page, when, 'textbox "Publish at"');
  const year = String(new Date().getFullYear() + 1);
  for (const key of `1231${year}`) await page.keyboard.press(key);
  await page.keyboard.press("Tab");
  for (const key of "0930A") await page.keyboard.press(key);
  await expect(when).toHaveValue(`${year}-12-31T09:30`);
  await page.keyboard.press("Enter");
  await expect(saved(page)).toBeFocused();
  await expect(page.getByTestId("publication-status")).toContainText("Scheduled: will be published on");

  await editMadeProduct(page);
  await tabTo(page, form.getByRole("button", { name: "Publish now" }), { most: 60 });
  await page.keyboard.press("Enter");
  await expect(saved(page)).toBeFocused();
  await expect(page.getByTestId("publication-status")).toHaveText("Status: Published");

  // Delete asks first, with focus on Cancel; Escape gives focus back to Delete.
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await tabTo(page, remove, { most: 20 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("button", { name: "Cancel" }), 'button "Cancel"');
  await page.keyboard.press("Escape");
  await expectFocusAnnounced(page, remove, 'button "Delete"');
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Tab");
  await expectFocusAnnounced(page, page.getByRole("button", { name: "Confirm Delete" }), 'button "Confirm Delete"');
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Product Deleted" })).toBeVisible();

  // Back from Recently deleted, through the dashboard's menu.
  await page.goto("/dashboard");
  await hydrated(page);
  await tabTo(
    page,
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Recently deleted" }),
    {
      most: 40,
    },
  );
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), 'heading "Recently deleted" [level=1]');
  await tabTo(page, page.getByRole("button", { name: `Restore ${MODEL}` }), { most: 4 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Product restored." })).toBeFocused();

  // And its first edit undone from History: the restore's message takes focus.
  await tabTo(page, page.getByRole("link", { name: "History" }), { most: 8 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), `heading "History of ${MODEL}" [level=1]`);
  const first = page.getByRole("button", { name: "Restore revision 1" });
  await tabTo(page, first, { most: 40 });
  await page.keyboard.press("Enter");
  const restored = page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: /^Revision 1 restored/ });
  await expect(restored).toBeFocused();
  await page.goto(`/catalog/products/${MODEL.toLowerCase()}`);
  await expect(page.getByText("Made with the keyboard alone.")).toBeVisible();
});

test("an owner invites a person by keyboard, and the invitation's message is said", async ({ page, mailSink }) => {
  await signInByKeyboard(page);
  await openAtContent(page, "/dashboard/people");
  const form = page.getByRole("main");
  await tabTo(page, form.getByLabel("E-mail"), { most: 40 });
  await page.keyboard.type("not an address");
  await tabTo(page, form.getByRole("button", { name: "Send invitation" }), { most: 4 });
  await page.keyboard.press("Enter");
  // Refused: focus is back in the field, which says why.
  await expectFocusAnnounced(page, form.getByLabel("E-mail"), 'textbox "E-mail" [invalid]: not an address');
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("kim@keyboard.example");
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, form.getByRole("combobox", { name: "Role", exact: true }), /^combobox "Role"/);
  await page.keyboard.press("E");
  await expect(form.getByRole("combobox", { name: "Role", exact: true })).toHaveValue("editor");
  await tabTo(page, form.getByRole("button", { name: "Send invitation" }), { most: 4 });
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status").filter({ hasText: "Invitation sent to kim@keyboard.example." })).toBeFocused();
  expect((await mailSink.take("kim@keyboard.example")).headers.get("subject")).toBe(
    "You are invited to the Vantage dashboard",
  );
});

test("an editor exports the catalog, imports it changed and applies it, by keyboard", async ({ page }) => {
  await signInByKeyboard(page);
  await openAtContent(page, "/dashboard/products/");
  await tabTo(page, page.getByRole("link", { name: "Export all as CSV" }), { most: 4 });
  const exported = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const rows = parseCsv(fs.readFileSync(await (await exported).path(), "utf8"), 10_001);
  const description = CATALOG_COLUMNS.indexOf("Description");
  for (const row of rows) {
    if (row[0] === DEMO_KNOWN_MODELS.dome) row[description] = "Changed in a spreadsheet, sent by keyboard.";
  }
  const sheet = {
    name: "catalog.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(rows.map((row) => csvLine(row)).join("")),
  };

  await tabTo(page, page.getByRole("link", { name: "Import from a spreadsheet" }), { most: 4 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), 'heading "Import products" [level=1]');
  await tabTo(page, page.getByLabel("Spreadsheet (.csv, .xlsx or .xls)"), { most: 6 });
  await chooseFileByKeyboard(page, sheet);
  await expect(page.getByText("catalog.csv uploaded")).toBeAttached();
  await tabTo(page, page.getByRole("button", { name: "Check file" }), { most: 6 });
  await page.keyboard.press("Enter");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByText(/^0 to create, 1 to update, \d+ unchanged, 0 rows with errors\.$/)).toBeVisible();
  await expect(preview.getByRole("row").filter({ hasText: DEMO_KNOWN_MODELS.dome })).toContainText(
    "Changes: Description",
  );
  await tabTo(page, page.getByRole("button", { name: "Apply: 1 product" }), { most: 20 });
  await page.keyboard.press("Enter");
  await expect(
    page
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: /^Imported: 0 created, 1 updated/ }),
  ).toBeFocused();
});

test("an editor reads a visitor's message and answers it, by keyboard", async ({ page, site }) => {
  // A visitor's message, posted as the contact form posts it without scripts.
  const sent = await fetch(`${site.url}/contact`, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Ola Asker",
      email: "ola@asker.example",
      message: "Does the dome fit a 3.5 inch box?",
    }),
  });
  expect(sent.status).toBe(200);
  await signInByKeyboard(page);
  // The menu is before the page's heading, which has focus.
  await tabTo(page, page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Inbox/ }), {
    most: 30,
    back: true,
  });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), /^heading "Inbox.*" \[level=1\]$/);
  const message = page.getByRole("main").getByRole("link", { name: /Ola Asker/ });
  await tabTo(page, message, { most: 8 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(
    page,
    page.getByRole("heading", { level: 1 }),
    'heading "Message from Ola Asker" [level=1]',
  );
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  await tabTo(page, reply, { most: 8 });
  await expect(reply).toHaveAttribute("href", /^mailto:ola%40asker\.example\?subject=/);
  await tabTo(page, page.getByRole("button", { name: "Mark as unread" }), { most: 4 });
  await page.keyboard.press("Enter");
  // Back in the inbox, at its heading, the message said unread again.
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), /^heading "Inbox.*" \[level=1\]$/);
  await expect(page.getByRole("main").getByRole("link", { name: /^Unread Ola Asker/ })).toBeVisible();
});

test("long lists take one Tab stop a row: products, inbox and the audit log", async ({ page }) => {
  await signInByKeyboard(page);
  for (const [path, rows] of [
    ["/dashboard/products/", "main li"],
    ["/dashboard/inbox", "main li"],
    ["/dashboard/audit", "main tbody tr"],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    const stops = await page
      .locator(rows)
      .evaluateAll((found) =>
        found.map(
          (row) =>
            row.querySelectorAll(
              "a[href], button:not([disabled]), input:not([type=hidden]), select, textarea, [tabindex]",
            ).length,
        ),
      );
    expect(stops.length, path).toBeGreaterThan(1);
    expect(
      stops.filter((count) => count > 1),
      path,
    ).toEqual([]);
  }
});

test("panels that open in place give focus back to what opened them", async ({ page }) => {
  await signInByKeyboard(page);
  // The home page's new-item panel: its heading takes focus; Cancel gives it back to its button.
  const newCard = page.getByRole("button", { name: "+ NEW CARD" });
  await tabTo(page, newCard, { most: 4 });
  await page.keyboard.press("Enter");
  await expectFocusAnnounced(page, page.getByRole("heading", { name: "New card" }), 'heading "New card" [level=2]');
  const panel = page.locator("#new-info-item");
  await tabTo(page, panel.getByRole("button", { name: "Cancel" }), { most: 20 });
  await page.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
  await expectFocusAnnounced(page, newCard, 'button "+ NEW CARD"');

  // An item's edit form in place: Cancel gives focus back to its Edit button.
  const edit = page.getByRole("button", { name: "Edit Card: Edge AI in every camera" });
  await tabTo(page, edit, { most: 20 });
  await page.keyboard.press("Enter");
  const cancel = page.getByRole("main").getByRole("button", { name: "Cancel", exact: true });
  await tabTo(page, cancel, { most: 20 });
  await page.keyboard.press("Enter");
  await expect(cancel).toHaveCount(0);
  await expectFocusAnnounced(page, edit, 'button "Edit Card: Edge AI in every camera"');

  // A delete's confirmation: Escape closes it and gives focus back to Delete.
  const remove = page.getByRole("button", { name: "Delete Card: Edge AI in every camera" });
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, remove, 'button "Delete Card: Edge AI in every camera"');
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "CANCEL" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expectFocusAnnounced(page, remove, 'button "Delete Card: Edge AI in every camera"');
});

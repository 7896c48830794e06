import { DEFAULT_SITE } from "../../app/domain/site";
import { en } from "../../app/messages/en";
import { expect, hydrated, test } from "./fixtures";
import { announced, expectFocusAnnounced, openAtContent, skipToContent, tabTo } from "./keyboard";

// A visitor's tasks on the public site with the keyboard alone, checking at each step where focus is
// and what a screen reader announces there. A server of its own: the contact form writes to the inbox.
test.use({ ownServer: "keyboard-public" });
test.use({
  serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url, DEMO_DATA: "1" }), { scope: "worker" }],
});

const DOME_CATEGORY = "/catalog/categories/dome-cameras";

test("a visitor filters a category by keyboard: focus stays on the box and the count is announced", async ({
  page,
}) => {
  await page.goto(DOME_CATEGORY);
  await hydrated(page);
  const count = page.getByRole("main").getByRole("status");
  const everything = await count.textContent();
  await skipToContent(page);
  const starlight = page.getByRole("checkbox", { name: /^Starlight \(\d+\)$/ });
  const passed = await tabTo(page, starlight);
  // Past the categories' menu, straight into the filters: no product card on the way.
  expect(passed.filter((stop) => /VNT-/.test(stop))).toEqual([]);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\?feature=[0-9a-f-]{36}(#main)?$/);
  // The new results are in, and the count said anew (a status)...
  await expect(count).toHaveText(/^\d+ products?$/);
  await expect(count).not.toHaveText(everything ?? "");
  // ...and the box is the same element: focus is still on it, now ticked.
  await expectFocusAnnounced(page, starlight, /^checkbox "Starlight \(\d+\)" \[checked\]$/);
  // The chosen filter is listed as a link that takes it away again.
  const chip = page.getByRole("link", { name: /^Starlight\b.*remove filter$/ });
  await expect(chip).toBeVisible();

  // A second group narrows: Tab on to a box of it and tick it too.
  const poe = page.getByRole("checkbox", { name: /^PoE \(\d+\)$/ });
  await tabTo(page, poe);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/feature=.+&feature=/);
  await expectFocusAnnounced(page, poe, /^checkbox "PoE \(\d+\)" \[checked\]$/);

  // A bound of a number: typed, then Enter applies it, focus staying in the field.
  const from = page.getByRole("spinbutton", { name: "From (IR range)" });
  await tabTo(page, from);
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]${await from.getAttribute("name")}=1(&|#|$)`));
  await expect(from).toBeFocused();
  await expect(from).toHaveValue("1");

  // Back to the first box and untick it: still there, unticked.
  await tabTo(page, starlight, { back: true });
  const unticked = new RegExp(`feature=${await starlight.getAttribute("value")}`);
  await page.keyboard.press("Space");
  await expect(page).not.toHaveURL(unticked);
  await expect(chip).toHaveCount(0);
  await expectFocusAnnounced(page, starlight, /^checkbox "Starlight \(\d+\)"$/);
});

test("a visitor compares three products by keyboard and reads the comparison's table", async ({ page }) => {
  await page.goto(DOME_CATEGORY);
  await hydrated(page);
  const boxes = page.getByRole("main").getByRole("checkbox", { name: /^Compare VNT-/ });
  const models: string[] = [];
  for (let card = 0; card < 3; card++) {
    const box = boxes.nth(card);
    await tabTo(page, box, { most: 45 });
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    // Said with its product's model, which the visible "Compare" needs beside it.
    const model = /^checkbox "Compare (VNT-[A-Z0-9-]+)" \[checked\]$/.exec(await announced(page))?.[1];
    expect(model).toBeDefined();
    models.push(model ?? "");
  }
  const compare = page.getByRole("button", { name: "Compare 3 selected" });
  await tabTo(page, compare, { most: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/compare\?p=/);
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), /^heading "Compare.*" \[level=1\]$/);
  const columns = page.getByRole("table").locator("thead th").getByRole("link", { name: /^VNT-/ });
  await expect(columns).toHaveText(models);
  await expect(page.getByRole("table").getByRole("row").first()).toMatchAriaSnapshot(`
    - row:
      - cell
      - columnheader /${models[0]}/
      - columnheader /${models[1]}/
      - columnheader /${models[2]}/
  `);
  // "Only differences" is a box the keyboard reaches and ticks.
  const only = page.getByRole("checkbox", { name: "Only differences" });
  await tabTo(page, only);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/&only=1$/);
  await expect(only).toBeFocused();
});

test("a visitor searches, opens a product and downloads its datasheet by keyboard", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  // A search box, then a combobox once its script has come with the visitor's first visit to it.
  await tabTo(page, /^(searchbox|combobox) "Search products and categories"/);
  await page.keyboard.type("starlight dome");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=starlight\+dome$/);
  await expectFocusAnnounced(page, page.getByRole("heading", { level: 1 }), 'heading "Search" [level=1]');
  const results = page.getByRole("region", { name: "Products" }).getByRole("link");
  const first = results.first();
  const model = ((await first.textContent()) ?? "").match(/VNT-[A-Z0-9-]+/)?.[0] ?? "";
  expect(model).not.toBe("");
  await tabTo(page, first);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalog\/products\//);
  await expectFocusAnnounced(
    page,
    page.getByRole("heading", { level: 1 }),
    new RegExp(`^heading ".*${model}.*" \\[level=1\\]$`),
  );

  const datasheet = page.getByRole("link", { name: `Download datasheet of ${model} (PDF)` });
  await tabTo(page, datasheet);
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  expect((await download).suggestedFilename()).toBe(`${model}-datasheet.pdf`);
});

test("a visitor sends the contact form by keyboard, corrects what it refused and hears the thanks", async ({
  page,
  mailSink,
}) => {
  await openAtContent(page, "/contact");
  await tabTo(page, page.getByLabel("Name", { exact: true }), { most: 3 });
  await page.keyboard.type("Kim Keyboard");
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, page.getByLabel("E-mail"), 'textbox "E-mail"');
  await page.keyboard.type("not an address");
  const send = page.getByRole("button", { name: "Send message" });
  await tabTo(page, page.getByLabel("Message"));
  await page.keyboard.type("Which of your domes fit a 3.5 inch junction box?");
  await tabTo(page, send);
  await page.keyboard.press("Enter");
  // Refused: focus goes to the first field in error, which says why (the refusal is an alert, said as it appears).
  await expectFocusAnnounced(page, page.getByLabel("E-mail"), 'textbox "E-mail" [invalid]: not an address');
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(en["contactForm.emailInvalid"]);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("kim@keyboard.example");
  await tabTo(page, send);
  await page.keyboard.press("Enter");
  const thanks = page.getByRole("status");
  await expect(thanks).toBeFocused();
  await expect(thanks).toHaveText(en["contact.sent"]);
  const mail = await mailSink.take(DEFAULT_SITE.contactEmail);
  expect(mail.text).toContain("Which of your domes fit a 3.5 inch junction box?");
});

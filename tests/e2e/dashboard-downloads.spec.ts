import { downloadKindLabel, type DownloadKind } from "../../app/domain/download-kinds";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import { formatFileSize, naturalCompare } from "../../app/domain/format";
import { expectNoA11yViolations } from "../support/a11y";
import { queryDatabase } from "../support/sql";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { oversizedFile } from "./files";
import { ADMIN_MESSAGES } from "../../app/domain/admin-messages";
import { expect, hydrated, test } from "./fixtures";

// The demo catalog on PostgreSQL, so this test process can read what the site stored.
test.use({
  serverEnv: [
    async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase, DEMO_DATA: "1" }),
    { scope: "worker" },
  ],
});
test.describe.configure({ mode: "serial" });
test.use({ ownServer: "dashboard-downloads" });

const CREATED = "New download ... created successfully.";
const EDITED = "Download edited successfully.";
const CONFLICT = ADMIN_MESSAGES.conflict;

interface DownloadRow {
  id: string;
  description: string;
  kind: DownloadKind;
  version: number;
  file_id: string;
  file_name: string;
  size: string;
}

async function generalRows(database: string): Promise<DownloadRow[]> {
  return queryDatabase<DownloadRow>(
    database,
    `select d.id, d.description, d.kind, d.version, f.id as file_id, f.original_name as file_name, f.size
       from downloads d join files f on f.id = d.file_id`,
  );
}

async function rowById(database: string, id: string): Promise<DownloadRow | undefined> {
  return (await generalRows(database)).find((row) => row.id === id);
}

function fileHref(row: { file_id: string; file_name: string }): string {
  return `/files/${row.file_id}/${encodeURIComponent(row.file_name)}`;
}

// Made when the tests start, not when the file is loaded: Playwright also loads it to list the tests.
let tempDir = "";
test.beforeAll(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-downloads-e2e-"));
});
test.afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

/** A file of `size` bytes in this spec's temp folder. */
function tempFile(name: string, size: number): string {
  const file = path.join(tempDir, name);
  fs.writeFileSync(file, Buffer.alloc(size, "a"));
  return file;
}

/** Slows this page's uploads down (Chromium's network emulation), so a progress bar stays up. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** Drops a made-up file of `size` bytes on a drop zone, as dragging one from the desktop does. */
async function dropFile(page: Page, zone: Locator, name: string, size: number): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, size }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(size).fill(97)], name, { type: "application/pdf" }));
      return transfer;
    },
    { name, size },
  );
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

function dropZone(page: Page): Locator {
  return page.getByText("Drop a file here, or choose one:").locator("..");
}

/** The tab id a dashboard form sent: without it the tab would hear its own change back. */
function postedTabId(posted: Request): string | null {
  return new URLSearchParams(posted.postData() ?? "").get("tab");
}

async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Sends an admin's captured POST body to `url` without a session: it must be refused. */
async function replayAnonymouslyTo(url: string, origin: string, captured: Request): Promise<void> {
  const body = captured.postDataBuffer();
  const response = await fetch(url, {
    method: "POST",
    body: body ? new Uint8Array(body) : undefined,
    headers: { "content-type": captured.headers()["content-type"] ?? "application/x-www-form-urlencoded", origin },
    redirect: "manual",
  });
  expect([302, 303, 401, 403]).toContain(response.status);
  if (response.status < 400) expect(response.headers.get("location") ?? "").toMatch(/^\/login\b/);
}

test("lists the general downloads by description, with file name and size", async ({
  page,
  login,
  postgresDatabase,
}) => {
  const rows = (await generalRows(postgresDatabase)).sort((a, b) => naturalCompare(a.description, b.description));
  expect(rows).toHaveLength(7);

  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Edit Download" }).click();
  await expect(page).toHaveURL("/dashboard/downloads/");
  await expect(page.getByRole("heading", { level: 1, name: "General Downloads" })).toBeVisible();
  const bodyRows = page.getByRole("table").locator("tbody tr");
  await expect(bodyRows).toHaveCount(rows.length);
  const shown = await bodyRows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent?.trim())),
  );
  expect(shown).toEqual(
    rows.map((row) => [row.description, downloadKindLabel(row.kind), row.file_name, formatFileSize(Number(row.size))]),
  );
  for (const row of rows) {
    await expect(page.getByRole("link", { name: row.description, exact: true })).toHaveAttribute(
      "href",
      `/dashboard/downloads/${row.id}`,
    );
  }
  await expectNoA11yViolations(page);
});

test("a new download: required messages, upload progress, cancel, the 20MB limit, success and a live /support", async ({
  page,
  browser,
  login,
  site,
  postgresDatabase,
}) => {
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto("/support");
  await hydrated(visitor);
  const before = await generalRows(postgresDatabase);

  await login();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "New Download" }).click();
  await expect(page).toHaveURL("/dashboard/downloads/new");
  await expect(page.getByRole("heading", { name: "New Download" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Nothing filled in: both field messages and the form-level one.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Description required")).toBeVisible();
  await expect(page.getByText("File required (20MB limit)")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Something went wrong - check each input: Description, File.");
  await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("File")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);
  await page.getByLabel("Description").fill("Cyber Security Whitepaper 2026");
  await expect(page.getByText("Description required")).toHaveCount(0);
  // What it is: "Other" unless chosen.
  await expect(page.getByLabel("Type")).toHaveValue("other");
  await page.getByLabel("Type").selectOption({ label: "Manual" });

  // One byte over the limit: refused in the browser, before any upload starts.
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/uploads")) uploads.push(request.url());
  });
  await page.getByLabel("File").setInputFiles(oversizedFile("too-big.bin"));
  await expect(page.locator("[data-upload-state]")).toHaveAttribute("data-upload-state", "failed");
  await expect(page.getByText("File required (20MB limit)")).toBeVisible();
  expect(uploads).toEqual([]);

  // A slow upload shows its progress and can be cancelled: nothing is staged for the form.
  const unthrottle = await throttleUploads(page, 200_000);
  await page.getByLabel("File").setInputFiles(tempFile("cancelled.pdf", 3_000_000));
  const progress = page.getByRole("progressbar", { name: "Uploading cancelled.pdf" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(progress).toHaveCount(0);
  await expect(page.locator("[data-upload-state]")).toHaveAttribute("data-upload-state", "idle");
  await expect(page.locator('input[type="hidden"][name="fileId"]')).toHaveValue("");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("File required (20MB limit)")).toBeVisible();

  // A real upload: the bar moves, then the file is staged and named.
  await page.getByLabel("File").setInputFiles(tempFile("Whitepaper.pdf", 600_000));
  await expect(page.getByRole("progressbar", { name: "Uploading Whitepaper.pdf" })).toBeVisible();
  await expect(page.getByText("Whitepaper.pdf (600 KB)")).toBeVisible();
  await unthrottle();
  await expect(page.getByText("File required (20MB limit)")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  const posted = await capturePost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expect(page.getByRole("status").filter({ hasText: CREATED })).toHaveText(CREATED);
  await expectNoA11yViolations(page);
  expect(postedTabId(posted)).toMatch(/^[\w-]{8,64}$/);

  const after = await generalRows(postgresDatabase);
  expect(after).toHaveLength(before.length + 1);
  const created = after.find((row) => row.description === "Cyber Security Whitepaper 2026");
  if (!created) throw new Error("the new download was not stored");
  expect(created.file_name).toBe("Whitepaper.pdf");
  expect(created.kind).toBe("manual");
  expect(Number(created.size)).toBe(600_000);

  // The visitor's open /support page lists it without a reload.
  await expect(visitor.getByRole("link", { name: /Cyber Security Whitepaper 2026/ })).toHaveAttribute(
    "href",
    fileHref(created),
  );

  // The details link opens the new download's page.
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page).toHaveURL(`/dashboard/downloads/${created.id}`);
  await expect(page.getByLabel("Description")).toHaveValue("Cyber Security Whitepaper 2026");
  await expect(page.getByLabel("Type")).toHaveValue("manual");
  await expect(page.getByRole("link", { name: /Whitepaper\.pdf/ })).toHaveAttribute("href", fileHref(created));

  // The create POST replayed without a session: refused, nothing added.
  await expectAnonymousReplayRefused(site.url, posted);
  expect(await generalRows(postgresDatabase)).toHaveLength(after.length);

  // Another one, its file dropped on the drop zone rather than chosen; then a fresh form again.
  await page.goto("/dashboard/downloads/new");
  await hydrated(page);
  await page.getByLabel("Description").fill("Dropped Guide");
  await dropFile(page, dropZone(page), "dropped-guide.pdf", 2_500);
  await expect(page.getByText("dropped-guide.pdf (2 KB)")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: CREATED })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /Dropped Guide/ })).toContainText("dropped-guide.pdf");
  await page.getByRole("link", { name: "Add another download" }).click();
  await expect(page.getByLabel("Description")).toHaveValue("");
  await expect(page.locator("[data-upload-state]")).toHaveAttribute("data-upload-state", "idle");
  await expect(page.getByRole("status").filter({ hasText: CREATED })).toHaveCount(0);
  expect(await generalRows(postgresDatabase)).toHaveLength(after.length + 1);
  await visitor.close();
});

test("the server refuses an oversized upload, an invalid form and a file that was never staged", async ({
  page,
  login,
  site,
  postgresDatabase,
}) => {
  await login();
  const cookie = await cookieHeader(page);
  const before = await generalRows(postgresDatabase);

  const oversized = await fetch(`${site.url}/uploads?name=too-big.bin`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", origin: site.url, cookie },
    body: new Uint8Array(20_000_001),
  });
  expect(oversized.status).toBe(413);

  const post = (body: Record<string, string>) =>
    fetch(`${site.url}/dashboard/downloads/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, cookie },
      body: new URLSearchParams(body).toString(),
    });
  const invalid = await post({ description: "  ", fileId: "" });
  expect(invalid.status).toBe(400);
  const invalidHtml = await invalid.text();
  expect(invalidHtml).toContain("Something went wrong - check each input: Description, File.");
  expect(invalidHtml).toContain("Description required");
  expect(invalidHtml).toContain("File required (20MB limit)");

  const missing = await post({ description: "Ghost file", fileId: "6f1c1f0e-8b1a-4c1e-9d55-0d1f6b2f8a11" });
  expect(missing.status).toBe(500);
  expect(await missing.text()).toContain("Error uploading file");
  expect(await generalRows(postgresDatabase)).toHaveLength(before.length);
});

test("editing a download: its description, then its file (the old file's URL answers 404)", async ({
  page,
  login,
  site,
  postgresDatabase,
}) => {
  const [target] = (await generalRows(postgresDatabase)).sort((a, b) => naturalCompare(a.description, b.description));
  if (!target) throw new Error("no demo downloads");
  await login();
  await page.goto("/dashboard/downloads/");
  await hydrated(page);
  await page.getByRole("link", { name: target.description, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/downloads/${target.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Download" })).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue(target.description);
  await expectNoA11yViolations(page);

  // An empty description is refused.
  await page.getByLabel("Description").fill(" ");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Description required")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Something went wrong - check each input: Description.");

  await page.getByLabel("Description").fill("Product Catalog (edited)");
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Save changes" }).click());
  await expect(page.getByRole("status").filter({ hasText: EDITED })).toHaveText(EDITED);
  await expectNoA11yViolations(page);
  expect(postedTabId(posted)).toMatch(/^[\w-]{8,64}$/);
  expect((await rowById(postgresDatabase, target.id))?.description).toBe("Product Catalog (edited)");

  // Replace the file: the new one is served, the old one is gone.
  await page.getByRole("button", { name: "Edit again" }).click();
  await expect(page.getByLabel("Description")).toHaveValue("Product Catalog (edited)");
  await page.getByLabel("Replace the file (optional)").setInputFiles(tempFile("catalog-v2.pdf", 12_345));
  await expect(page.getByText("catalog-v2.pdf (12 KB)")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: EDITED })).toBeVisible();
  const replaced = await rowById(postgresDatabase, target.id);
  if (!replaced) throw new Error("the download disappeared");
  expect(replaced.file_name).toBe("catalog-v2.pdf");
  expect(replaced.file_id).not.toBe(target.file_id);
  expect((await fetch(`${site.url}${fileHref(target)}`)).status).toBe(404);
  expect((await fetch(`${site.url}${fileHref(replaced)}`)).status).toBe(200);
  // Kept, unserved, while its revision may be restored.
  expect(await queryDatabase(postgresDatabase, "select retired from files where id = $1", [target.file_id])).toEqual([
    { retired: true },
  ]);

  await page.getByRole("link", { name: "Back to downloads" }).click();
  const row = page.getByRole("row").filter({ hasText: "Product Catalog (edited)" });
  await expect(row).toContainText("catalog-v2.pdf");
  await expect(row).toContainText("12 KB");

  // The first edit replayed without a session: refused, the latest values stay.
  await expectAnonymousReplayRefused(site.url, posted);
  const unchanged = await rowById(postgresDatabase, target.id);
  expect(unchanged).toEqual(replaced);
});

test("two admins edit the same download: the later save shows the conflict and the newer data", async ({
  page,
  browser,
  login,
  site,
  postgresDatabase,
}) => {
  const [target] = (await generalRows(postgresDatabase)).sort((a, b) => naturalCompare(b.description, a.description));
  if (!target) throw new Error("no demo downloads");
  const other = await browser.newPage({ baseURL: site.url });
  await login();
  await login(other);
  for (const tab of [page, other]) {
    await tab.goto(`/dashboard/downloads/${target.id}`);
    await hydrated(tab);
  }

  await other.getByLabel("Description").fill("Saved by the other admin");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByRole("status").filter({ hasText: EDITED })).toBeVisible();

  await page.getByLabel("Description").fill("Saved by this admin");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText(CONFLICT);
  await expect(page.getByLabel("Description")).toHaveValue("Saved by the other admin");
  expect((await rowById(postgresDatabase, target.id))?.description).toBe("Saved by the other admin");
  // What this admin typed is kept beside the field.
  const typed = page.getByRole("group", { name: "What you typed here" });
  await expect(typed).toContainText("Saved by this admin");
  await expectNoA11yViolations(page);

  // Having seen their version, this admin takes theirs back and saves again: now it goes through.
  await typed.getByRole("button", { name: "Use what you typed" }).click();
  await expect(page.getByLabel("Description")).toHaveValue("Saved by this admin");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: EDITED })).toBeVisible();
  expect((await rowById(postgresDatabase, target.id))?.description).toBe("Saved by this admin");

  // Deleting from the stale tab is a conflict too: nothing is deleted.
  await other.getByRole("button", { name: "Edit again" }).click();
  await other.getByRole("button", { name: "Delete download" }).click();
  await other.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(other.getByRole("alert")).toHaveText(CONFLICT);
  await expect(other.getByLabel("Description")).toHaveValue("Saved by this admin");
  expect(await rowById(postgresDatabase, target.id)).toBeDefined();
  await other.close();
});

test("deleting a download asks first, then shows the deleted screen and its file is gone", async ({
  page,
  login,
  site,
  postgresDatabase,
}) => {
  // Two downloads nobody has edited yet, so both are at version 1.
  const [target, bystander] = (await generalRows(postgresDatabase)).filter((row) => row.version === 1);
  if (!target || !bystander) throw new Error("too few unedited downloads");
  await login();
  await page.goto(`/dashboard/downloads/${target.id}`);
  await hydrated(page);

  // Delete asks first; Cancel backs out and returns focus; nothing is deleted.
  await page.getByRole("button", { name: "Delete download" }).click();
  await expect(page.getByText(`Are you sure you want to delete ${target.description}?`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Confirm Delete" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete download" })).toBeFocused();
  expect(await rowById(postgresDatabase, target.id)).toBeDefined();

  await page.getByRole("button", { name: "Delete download" }).click();
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Confirm Delete" }).click());
  await expect(page).toHaveURL(`/dashboard/downloads/${target.id}/deleted`);
  await expect(page.getByRole("heading", { level: 1, name: "Download deleted" })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await rowById(postgresDatabase, target.id)).toBeUndefined();
  expect((await fetch(`${site.url}${fileHref(target)}`)).status).toBe(404);

  await page.getByRole("link", { name: "Back to downloads" }).click();
  await expect(page).toHaveURL("/dashboard/downloads/");
  await expect(page.getByRole("link", { name: target.description, exact: true })).toHaveCount(0);

  // The same delete sent anonymously for another download (at the same version): refused, it stays.
  const remaining = await generalRows(postgresDatabase);
  await replayAnonymouslyTo(`${site.url}/dashboard/downloads/${bystander.id}`, site.url, posted);
  expect(await rowById(postgresDatabase, bystander.id)).toEqual(bystander);
  expect(await generalRows(postgresDatabase)).toHaveLength(remaining.length);
  expect((await fetch(`${site.url}${fileHref(bystander)}`)).status).toBe(200);

  // The deleted download's page is now a 404.
  const gone = await page.goto(`/dashboard/downloads/${target.id}`);
  expect(gone?.status()).toBe(404);
});

test("an unknown download is a 404 and the pages need a signed-in admin", async ({ page, login, site }) => {
  for (const pathname of ["/dashboard/downloads/", "/dashboard/downloads/new"]) {
    const response = await fetch(`${site.url}${pathname}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\b/);
  }
  await login();
  for (const id of ["6f1c1f0e-8b1a-4c1e-9d55-0d1f6b2f8a11", "not-an-id"]) {
    const response = await page.goto(`/dashboard/downloads/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
  }
});

test("a download deleted by another admin while it is open: the page says so and leads back", async ({
  page,
  login,
  postgresDatabase,
}) => {
  const [target] = await generalRows(postgresDatabase);
  if (!target) throw new Error("no download left to delete");
  await login();
  await page.goto(`/dashboard/downloads/${target.id}`);
  await hydrated(page);
  await expect(page.getByLabel("Description")).toHaveValue(target.description);

  const other = await page.context().newPage();
  await other.goto(`/dashboard/downloads/${target.id}`);
  await hydrated(other);
  await other.getByRole("button", { name: "Delete download" }).click();
  await other.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(other).toHaveURL(`/dashboard/downloads/${target.id}/deleted`);
  await other.close();

  // The first page hears of it through the change feed and reloads its data: the record is gone.
  await expect(page.getByText("It may have been deleted by someone else in the meantime.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops" })).toBeVisible();
  // The error is shown inside the dashboard: its menu stays, to go on from.
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Edit Download" }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expectNoA11yViolations(page);
});

test("a delete the database refuses says 'Error deleting file' and leaves the download and its file", async ({
  page,
  login,
  site,
  postgresDatabase,
}) => {
  const [target] = await generalRows(postgresDatabase);
  if (!target) throw new Error("no download left");
  // A real failure inside the delete's transaction: the database itself refuses to delete the row.
  await queryDatabase(
    postgresDatabase,
    `create or replace function refuse_download_delete() returns trigger language plpgsql as $$
       begin raise exception 'deletes refused for this test'; end $$`,
  );
  await queryDatabase(
    postgresDatabase,
    "create trigger refuse_download_delete before delete on downloads for each row execute function refuse_download_delete()",
  );
  try {
    await login();
    await page.goto(`/dashboard/downloads/${target.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Delete download" }).click();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(page.getByText("Error deleting file")).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/downloads/${target.id}`);
    expect(await rowById(postgresDatabase, target.id)).toEqual(target);
    expect((await fetch(`${site.url}${fileHref(target)}`)).status).toBe(200);
  } finally {
    await queryDatabase(postgresDatabase, "drop trigger refuse_download_delete on downloads");
    await queryDatabase(postgresDatabase, "drop function refuse_download_delete()");
  }
});

import { plainSlug } from "../support/addresses";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { CLIENT_FAILURE_LIMIT } from "../../app/server/people/sign-in-throttle.server";
import { startProxy, type Proxy } from "../support/nginx-proxy";
import { freePort } from "../support/ports";
import { startS3Server, type S3TestServer } from "../support/s3";
import { startServer, type RunningServer } from "../support/server";
import { formatDateTime } from "../../app/domain/time-zone";
import { localDateTimeValue } from "../../app/domain/publication";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { ADMIN, expect, hydrated, liveConnected, test } from "./fixtures";

// Two instances on one PostgreSQL database and one S3 bucket behind Debian's nginx (round robin), as
// docs/deploy.md sets them up. The tests build on each other: they share the instances.
test.describe.configure({ mode: "serial" });

let s3: S3TestServer;
let proxy: Proxy;
const ports: number[] = [];
const folders: string[] = [];
let sharedEnv: Record<string, string>;
const instances: RunningServer[] = [];

/** Instance `index` (0 or 1), started on its fixed port and data folder, where the proxy expects it. */
async function startInstance(index: number): Promise<RunningServer> {
  const server = await startServer(
    { ...sharedEnv, DATA_DIR: folders[index] ?? "", DEMO_DATA: index === 0 ? "1" : "0" },
    { port: ports[index] },
  );
  instances[index] = server;
  return server;
}

test.beforeAll(async ({ postgresDatabase }) => {
  s3 = await startS3Server();
  const proxyPort = await freePort();
  ports.push(await freePort(), await freePort());
  folders.push(
    fs.mkdtempSync(path.join(os.tmpdir(), "vantage-instance-a-")),
    fs.mkdtempSync(path.join(os.tmpdir(), "vantage-instance-b-")),
  );
  sharedEnv = {
    DATABASE_URL: postgresDatabase,
    ...s3.env("site"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    // nginx is one hop; the test's clients name their own addresses as a CDN in front would (a second).
    TRUST_PROXY: "2",
  };
  // One after the other: the first loads the demo catalog into the empty database.
  await startInstance(0);
  await startInstance(1);
  proxy = await startProxy(ports, proxyPort);
});

test.afterAll(async () => {
  await proxy?.stop();
  for (const instance of instances) await instance?.stop();
  await s3?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function signInThroughProxy(page: Page) {
  await page.goto(`${proxy.url}/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies(proxy.url);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

async function createCategoryThroughProxy(page: Page, name: string) {
  await page.goto(`${proxy.url}/dashboard/categories/new`);
  await hydrated(page);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(`Category ${name} created successfully.`)).toBeVisible();
}

/** A visitor's catalog page, served by `origin`, with its live updates connected. */
async function openCatalog(browser: Browser, origin: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/catalog`);
  await liveConnected(page);
  return page;
}

function categoryLink(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: "Categories" })
    .filter({ has: page.locator("h2") })
    .getByRole("link", { name, exact: true });
}

async function upload(origin: string, cookie: string, body: Buffer): Promise<Response> {
  return fetch(`${proxy.url}/uploads?name=${encodeURIComponent(`note-${randomUUID().slice(0, 8)}.txt`)}`, {
    method: "POST",
    headers: { Origin: origin, Cookie: cookie, "Content-Length": String(body.byteLength) },
    body: new Uint8Array(body),
  });
}

function sha256(bytes: ArrayBuffer | Buffer): string {
  return createHash("sha256")
    .update(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes))
    .digest("hex");
}

test("an admin signs in through the proxy and the session holds on both instances", async ({ page }) => {
  await signInThroughProxy(page);
  const cookie = await sessionCookie(page);
  for (const instance of instances) {
    const response = await fetch(`${instance.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status, instance.url).toBe(200);
  }
});

test("a write through the proxy reaches open pages on both instances and drops both page caches", async ({
  page,
  browser,
}) => {
  const pages = [];
  for (const instance of instances) {
    await fetch(`${instance.url}/catalog`).then((response) => response.text());
    const again = await fetch(`${instance.url}/catalog`);
    await again.text();
    expect(again.headers.get("x-cache"), instance.url).toBe("hit");
    pages.push(await openCatalog(browser, instance.url));
  }
  await signInThroughProxy(page);
  const name = `Across instances ${randomUUID().slice(0, 8)}`;
  await createCategoryThroughProxy(page, name);
  for (const visitor of pages) await expect(categoryLink(visitor, name)).toBeVisible();
  for (const instance of instances) {
    expect(await (await fetch(`${instance.url}/catalog`)).text(), instance.url).toContain(name);
  }
  for (const visitor of pages) await visitor.context().close();
});

test("an upload through the proxy downloads the same from either instance", async ({ page }) => {
  await signInThroughProxy(page);
  const cookie = await sessionCookie(page);
  const body = Buffer.from(`stored once, served by both ${randomUUID()}\n`);
  const uploads = await Promise.all([1, 2, 3].map(() => upload(proxy.url, cookie, body)));
  for (const response of uploads) {
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    for (const origin of [proxy.url, proxy.url, ...instances.map((instance) => instance.url)]) {
      const served = await fetch(`${origin}${url}`);
      expect(served.status, origin).toBe(200);
      expect(sha256(await served.arrayBuffer())).toBe(sha256(body));
    }
  }
});

test("sign-in limits count every instance's failures together", async () => {
  const client = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const attempt = () =>
    fetch(`${proxy.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: proxy.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": client,
      },
      body: new URLSearchParams({ email: `nobody-${randomUUID()}@vantage.test`, password: "wrong password" }),
    });
  // Round robin: each instance saw about half of them, neither reached the limit on its own.
  for (let failure = 1; failure <= CLIENT_FAILURE_LIMIT; failure++) {
    const response = await attempt();
    await response.text();
    expect(response.status, `attempt ${failure}`).not.toBe(429);
  }
  const refused = await attempt();
  expect(refused.status).toBe(429);
});

/** Requests this instance answered so far, by its own count (read straight from it, not through nginx). */
async function answered(instance: RunningServer): Promise<number> {
  const metrics = await (await fetch(`${instance.url}/metrics`)).text();
  return [...metrics.matchAll(/^http_requests_total\{([^}]*)\} (\d+)/gm)]
    .filter((match) => !(match[1] ?? "").includes('route="/metrics"'))
    .reduce((sum, match) => sum + Number(match[2]), 0);
}

test("restarting each instance in turn under load fails no visitor request and no admin write", async ({
  page,
  browser,
}) => {
  const visitors = [await openCatalog(browser, proxy.url), await openCatalog(browser, proxy.url)];
  await signInThroughProxy(page);
  const cookie = await sessionCookie(page);
  const paths = ["/", "/catalog", "/support", "/about", "/search?q=dome", "/sitemap.xml"];
  const figures = { requests: 0, failed: 0, writes: 0, failedWrites: 0, problems: [] as string[] };
  let loading = true;
  const visitorLoop = async (offset: number) => {
    for (let index = offset; loading; index++) {
      const pathname = paths[index % paths.length] ?? "/";
      try {
        const response = await fetch(`${proxy.url}${pathname}`);
        await response.arrayBuffer();
        figures.requests++;
        if (response.status !== 200) {
          figures.failed++;
          figures.problems.push(`${pathname}: ${response.status}`);
        }
      } catch (error) {
        figures.requests++;
        figures.failed++;
        figures.problems.push(`${pathname}: ${(error as Error).message}`);
      }
    }
  };
  const adminLoop = async () => {
    while (loading) {
      try {
        const response = await upload(proxy.url, cookie, Buffer.from(`written during a restart ${randomUUID()}`));
        await response.arrayBuffer();
        figures.writes++;
        if (response.status !== 201) {
          figures.failedWrites++;
          figures.problems.push(`upload: ${response.status}`);
        }
      } catch (error) {
        figures.writes++;
        figures.failedWrites++;
        figures.problems.push(`upload: ${(error as Error).message}`);
      }
    }
  };
  const load = Promise.all([visitorLoop(0), visitorLoop(2), visitorLoop(4), adminLoop()]);

  for (const index of [0, 1]) {
    const instance = instances[index];
    if (!instance) throw new Error(`instance ${index} is not running`);
    await instance.stop();
    const restarted = await startInstance(index);
    // Back in nginx's rotation: the restarted instance answers requests of the load again.
    const before = await answered(restarted);
    await expect.poll(() => answered(restarted)).toBeGreaterThan(before + 5);
  }
  loading = false;
  await load;
  console.log(
    `rolling restart through nginx: ${figures.requests} visitor requests, ${figures.failed} failed; ` +
      `${figures.writes} admin writes, ${figures.failedWrites} failed`,
  );
  expect(figures.problems).toEqual([]);
  expect(figures.requests).toBeGreaterThan(50);
  expect(figures.writes).toBeGreaterThan(5);

  // The open pages moved to the other instance when theirs stopped, and still hear every change.
  const name = `After the restarts ${randomUUID().slice(0, 8)}`;
  await createCategoryThroughProxy(page, name);
  for (const visitor of visitors) await expect(categoryLink(visitor, name)).toBeVisible();
});

test("a product scheduled a minute ahead appears on open catalog pages by itself, published once", async ({
  browser,
}) => {
  // The schedule's minute, the instances' one check in SCHEDULE_CHECK_MS and the live update.
  test.setTimeout(5 * 60_000);
  // The admin's clock is Berlin's: the time typed is read in their zone, not the server's.
  const zone = "Europe/Berlin";
  const admin = await (await browser.newContext({ timezoneId: zone })).newPage();
  await signInThroughProxy(admin);
  const model = DEMO_KNOWN_MODELS.fisheye;
  await admin.goto(`${proxy.url}/dashboard/products/?q=${encodeURIComponent(model)}`);
  await admin
    .getByRole("link", { name: new RegExp(`^${model}\\b`) })
    .first()
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: model })).toBeVisible();
  const id = new URL(admin.url()).pathname.replace(/\/$/, "").split("/").pop() ?? "";
  const productPath = `/catalog/products/${plainSlug(model)}`;
  const categoryPath =
    /href="(\/catalog\/categories\/[a-z0-9-]+)"/.exec(await (await fetch(`${proxy.url}${productPath}`)).text())?.[1] ??
    "";
  expect(categoryPath).not.toBe("");

  // A whole minute at least a minute ahead (the input takes minutes).
  await admin.goto(`${proxy.url}/dashboard/products/${id}/edit`);
  await hydrated(admin);
  await admin.getByRole("button", { name: "Unpublish" }).click();
  await expect(admin.getByText("Product edited successfully.")).toBeVisible();
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await admin.goto(`${proxy.url}/dashboard/products/${id}/edit`);
  await hydrated(admin);
  await admin.getByText("Schedule publishing").click();
  await admin.getByLabel("Publish at").fill(localDateTimeValue(at.toISOString(), zone));
  await admin.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(admin.getByText("Product edited successfully.")).toBeVisible();
  await expect(admin.getByTestId("publication-status")).toContainText(formatDateTime(at.toISOString(), zone));

  // A visitor on each instance has the product's category open; it is not there yet.
  const productCard = (page: Page) => page.locator(`main a[href="${productPath}"]`);
  const visitors: Page[] = [];
  for (const instance of instances) {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${instance.url}${categoryPath}`);
    await liveConnected(visitor);
    await expect(productCard(visitor)).toHaveCount(0);
    await visitor.evaluate(() => document.documentElement.setAttribute("data-opened-once", "yes"));
    expect((await fetch(`${instance.url}${productPath}`)).status).toBe(404);
    visitors.push(visitor);
  }

  // Its time comes: both pages show it without a reload, and both instances' caches let it through.
  for (const visitor of visitors) {
    await expect(productCard(visitor).first()).toBeVisible({ timeout: 3 * 60_000 });
    await expect(visitor.locator("html")).toHaveAttribute("data-opened-once", "yes");
  }
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  for (const instance of instances) {
    expect((await fetch(`${instance.url}${productPath}`)).status, instance.url).toBe(200);
    expect(await (await fetch(`${instance.url}${categoryPath}`)).text(), instance.url).toContain(productPath);
  }

  // Published once, by the schedule, although both instances were looking.
  await admin.goto(`${proxy.url}/dashboard/audit?kind=published`);
  const entries = admin.getByRole("row").filter({ hasText: model });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Schedule");
  await expect(entries).toContainText("Published as scheduled");
});

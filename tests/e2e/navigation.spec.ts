import { startHoldingProxy, type HeldRequest } from "../support/holding-proxy";
import { expect, hydrated, test } from "./fixtures";

test("a link clicked while the previous page is still arriving takes over without an error", async ({
  browser,
  site,
}) => {
  // Support's route module is held back and its data is sent but left open: the navigation to it is
  // still pending, with its data half-read, when the visitor clicks on.
  const proxy = await startHoldingProxy(site.url, [
    { path: /^\/assets\/support-[\w-]+\.js$/, hold: "response" },
    { path: /^\/support\.data/, hold: "end" },
  ]);
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(`${error.name}: ${error.message}`));

    await page.goto("/catalog");
    await hydrated(page);
    await page.getByRole("link", { name: "Support", exact: true }).first().click();
    const isSupportData = (request: HeldRequest) => request.path.startsWith("/support.data");
    await expect.poll(() => proxy.held.some(isSupportData)).toBe(true);
    const supportData = proxy.held.find(isSupportData);
    await supportData?.bodySent;
    // The page decodes the first line of data as soon as it arrives; nothing on screen shows that moment.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/catalog$/);

    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The browser called the support data off mid-response: the case that used to leave errors behind.
    expect(await supportData?.abandoned).toBe(true);
    expect(problems).toEqual([]);

    // Support still opens normally afterwards.
    proxy.release();
    await page.getByRole("link", { name: "Support", exact: true }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);

    // Only cancellations go unreported: a real failure still reaches the console.
    await page.evaluate(() => void Promise.reject(new Error("a real failure")));
    await expect.poll(() => problems).toEqual(["Error: a real failure"]);
  } finally {
    await context.close();
    await proxy.stop();
  }
});

import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, liveConnected, test } from "./fixtures";
import { TEST_ORIGIN } from "#tests/support/origin";

// PGlite belongs to one process: the site runs on PostgreSQL so this test process can write too.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

type MarkedWindow = Window & { liveMarker?: string };

/** Opens the home page and waits until it listens to the change feed. */
async function openLiveHome(page: Page): Promise<void> {
  await page.goto("/");
  await liveConnected(page);
  // A full reload would start a new window object and lose this.
  await page.evaluate(() => {
    (window as MarkedWindow).liveMarker = "set before the change";
  });
}

test("a change committed through the services shows on open pages within a second, without a reload", async ({
  page,
  browser,
  baseURL,
  writer,
}) => {
  const otherContext = await browser.newContext({ baseURL });
  try {
    const other = await otherContext.newPage();
    await Promise.all([openLiveHome(page), openLiveHome(other)]);
    const text = `Live banner ${randomUUID()}`;
    await expect(page.getByText(text)).toHaveCount(0);

    expect(writer.database.kind).toBe("postgres");
    await writer.services.infoItemAdmin.createInfoItem("banner", { content: text }, TEST_ORIGIN);

    // How fast is bench/live.ts's question; here, that both open pages get it without a reload.
    await Promise.all([expect(page.getByText(text)).toBeVisible(), expect(other.getByText(text)).toBeVisible()]);
    for (const shown of [page, other]) {
      expect(await shown.evaluate(() => (window as MarkedWindow).liveMarker)).toBe("set before the change");
    }
  } finally {
    await otherContext.close();
  }
});

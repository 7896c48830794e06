import { PATIENCE_MS } from "../support/patience";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

/**
 * What a screen reader announces of the focused element: its role and accessible name (and state),
 * the first line of its ARIA snapshot; "(document)" when nothing has focus.
 */
export async function announced(page: Page): Promise<string> {
  // A control its script replaces as it takes focus (the header's search box becoming a combobox)
  // announces nothing for the moment in between: what it announces is what it settles to.
  const deadline = Date.now() + PATIENCE_MS;
  let announcement = await announcedNow(page);
  while (announcement === "" && Date.now() < deadline) {
    await page.waitForTimeout(50);
    announcement = await announcedNow(page);
  }
  return announcement;
}

async function announcedNow(page: Page): Promise<string> {
  const focused = page.locator("*:focus");
  if ((await focused.count()) === 0) return "(document)";
  const snapshot = await focused.ariaSnapshot();
  const line = (snapshot.split("\n")[0] ?? "").replace(/^- /, "").replace(/:$/, "");
  // YAML quotes a line holding ": " whole, its own quotes doubled.
  const quoted = /^'(.*)'$/.exec(line);
  return quoted ? (quoted[1] ?? "").replaceAll("''", "'") : line;
}

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has focus, at most `most` times, and returns what
 * each stop announced on the way: the test fails if it is never reached. `target` is an element, or
 * what the stop announces (for a control its script replaces as it takes focus).
 */
export async function tabTo(
  page: Page,
  target: Locator | RegExp,
  { most = 30, back = false }: { most?: number; back?: boolean } = {},
): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < most; press++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await announced(page);
    stops.push(stop);
    if (
      target instanceof RegExp
        ? target.test(stop)
        : await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 })
    ) {
      return stops;
    }
  }
  throw new Error(`Not reached in ${most} presses of ${back ? "Shift+Tab" : "Tab"}; passed: ${stops.join(" | ")}`);
}

/** Expects focus on `target`, announced as `announcement` (a role and name as `announced` gives them). */
export async function expectFocusAnnounced(page: Page, target: Locator, announcement: string | RegExp) {
  await expect(target).toBeFocused();
  if (typeof announcement === "string") expect(await announced(page)).toBe(announcement);
  else expect(await announced(page)).toMatch(announcement);
}

/** Opens `path` and follows its skip link: focus is at the start of its main content. */
export async function openAtContent(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await skipToContent(page);
}

/** From the page's start, the skip link, followed: focus is at the start of the main content. */
export async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press("Tab");
  await expectFocusAnnounced(page, page.getByRole("link", { name: "Skip to content" }), 'link "Skip to content"');
  await page.keyboard.press("Enter");
}

/**
 * A file chosen as a keyboard user does: Space on the focused file field opens the system's chooser,
 * which gets `file`. On a busy machine Chromium has once let a Space pass without opening it (the test
 * then waited its whole ten minutes): unanswered, Space is pressed once more, as a person would, and a
 * second silence fails at once.
 */
export async function chooseFileByKeyboard(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const chooser = page.waitForEvent("filechooser", { timeout: PATIENCE_MS / 4 }).catch(() => null);
    await page.keyboard.press("Space");
    const opened = await chooser;
    if (opened) return opened.setFiles(file);
  }
  throw new Error("Space on the focused file field opened no file chooser, twice");
}

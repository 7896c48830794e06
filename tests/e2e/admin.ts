import type { Page, Request } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

/**
 * Runs `submit` (an admin's form submission in `page`) and hands back the POST it made, for replaying.
 * Client-side navigation posts to the route's `.data` URL; the replay goes to the page URL itself.
 */
export async function capturePost(page: Page, submit: () => Promise<void>): Promise<Request> {
  const posted = page.waitForRequest((request) => request.method() === "POST" && !request.url().includes("/uploads"));
  await submit();
  return posted;
}

/**
 * Sends an admin's captured POST again, with the same body and content type, as the holder of `cookie`
 * (none: as a stolen request or a signed-out tab would).
 */
async function replayPost(origin: string, captured: Request, cookie?: string): Promise<Response> {
  const url = new URL(captured.url());
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  url.searchParams.delete("_routes");
  const body = captured.postDataBuffer();
  return fetch(url, {
    method: "POST",
    body: body ? new Uint8Array(body) : undefined,
    headers: {
      "content-type": captured.headers()["content-type"] ?? "application/x-www-form-urlencoded",
      origin,
      ...(cookie ? { cookie } : {}),
    },
    redirect: "manual",
  });
}

/**
 * Replays an admin's POST without a session: the server must refuse it. The caller then checks that
 * nothing changed.
 */
export async function expectAnonymousReplayRefused(origin: string, captured: Request): Promise<void> {
  const response = await replayPost(origin, captured);
  expect([302, 303, 401, 403]).toContain(response.status);
  if (response.status < 400) expect(response.headers.get("location") ?? "").toMatch(/^\/login\b/);
}

/** Replays an owner's POST with an editor's session (`cookie`): refused as forbidden. */
export async function expectEditorReplayRefused(origin: string, captured: Request, cookie: string): Promise<void> {
  const response = await replayPost(origin, captured, cookie);
  expect(response.status).toBe(403);
}

/** The Cookie header a page's browser context sends to `origin`. */
export async function cookieHeaderOf(page: Page, origin: string): Promise<string> {
  const cookies = await page.context().cookies(origin);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** The product form's accessory picker: its field, its list of matches and the chosen accessories. */
export function accessoryPicker(page: Page) {
  return {
    field: page.getByRole("combobox", { name: "Add accessory" }),
    matches: page.getByRole("listbox", { name: "Matching products" }),
    chosen: page.getByRole("list", { name: "Chosen accessories" }),
  };
}

/** Types `typed` into the accessory picker and clicks the match whose model is `model`. */
export async function chooseAccessory(page: Page, typed: string, model: string): Promise<void> {
  const picker = accessoryPicker(page);
  await picker.field.fill(typed);
  await picker.matches.getByRole("option", { name: model, exact: true }).click();
  await expect(picker.chosen.getByRole("listitem").filter({ hasText: model })).toBeVisible();
}

/** The dashboard page of the demo product `model`, found by the product list's search; returns its id. */
export async function openDemoProduct(page: Page, model: string): Promise<string> {
  await page.goto(`/dashboard/products/?q=${encodeURIComponent(model)}`);
  await page
    .getByRole("link", { name: new RegExp(`^${model}(\\s|$)`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await hydrated(page);
  return new URL(page.url()).pathname.replace(/\/$/, "").split("/").pop() ?? "";
}

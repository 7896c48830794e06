import type { Page, Request } from "@playwright/test";
import { expect } from "./fixtures";

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
 * Replays an admin's POST with the same body and content type but no session (as a stolen request or
 * a signed-out tab would): the server must refuse it. The caller then checks that nothing changed.
 */
export async function expectAnonymousReplayRefused(origin: string, captured: Request): Promise<void> {
  const url = new URL(captured.url());
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  url.searchParams.delete("_routes");
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

import { expect, test } from "./fixtures";

test("health endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect((await request.get("/readyz")).status()).toBe(200);
});

test("an unknown route shows the error page with a 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Opps" })).toBeVisible();
  await expect(page.getByText("Sorry, an error has occurred.")).toBeVisible();
  await expect(page.getByText("Not Found")).toBeVisible();
});

import type { Page, Request } from "@playwright/test";
import { FORM_ERRORS } from "../../app/server/platform/form-data.server";
import { expectNoA11yViolations } from "../support/a11y";
import { refuseWrites } from "../support/sql";
import { capturePost, expectAnonymousReplayRefused } from "./admin";
import { ADMIN_MESSAGES } from "../../app/domain/admin-messages";
import { expect, hydrated, liveConnected, test } from "./fixtures";

// The last test makes the database itself refuse a write, which takes a database this process can reach.
test.use({
  serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }],
});

const CHECK_EACH_INPUT = "Something went wrong - check each input";
const CONFLICT = ADMIN_MESSAGES.conflict;

function dashboardMenu(page: Page) {
  return page.getByRole("navigation", { name: "Dashboard" });
}

function categoryList(page: Page) {
  return page.getByRole("list", { name: "Categories" }).getByRole("listitem");
}

/** The POST `submit` makes, captured but never delivered: its replay is then the only one to arrive. */
async function interceptPost(page: Page, submit: () => Promise<void>): Promise<Request> {
  let aborted: (request: Request) => void = () => {};
  const abortedPost = new Promise<Request>((resolve) => (aborted = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await route.abort();
    aborted(route.request());
  });
  await submit();
  const posted = await abortedPost;
  await page.unroute("**/*");
  return posted;
}

async function openNewCategory(page: Page) {
  await page.goto("/dashboard/categories/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "New Category" })).toBeVisible();
}

async function fillCategory(page: Page, name: string, features: string[] = [], description = "") {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill(description);
  for (const [index, label] of features.entries()) {
    await page.getByRole("button", { name: "Add feature" }).click();
    await expect(page.getByLabel(`Feature ${index + 1}`, { exact: true })).toBeFocused();
    await page.getByLabel(`Feature ${index + 1}`, { exact: true }).fill(label);
  }
}

async function createCategory(page: Page, name: string, features: string[] = [], description = "") {
  await openNewCategory(page);
  await fillCategory(page, name, features, description);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(`Category ${name} created successfully.`)).toBeVisible();
}

async function categoryIdByName(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/categories/");
  const href = await page
    .getByRole("list", { name: "Categories" })
    .getByRole("link", { name, exact: true })
    .getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error(`No category named ${name}`);
  return id;
}

// The category pages on an empty site (the demo catalog's are in dashboard-categories-demo.spec.ts).
// The tests build on each other's categories, in order.
test.describe.configure({ mode: "serial" });
test.use({ ownServer: "dashboard-categories" });

test("create: empty list, every message, feature inputs, success view, details, order", async ({
  page,
  login,
  site,
}) => {
  await login();
  await dashboardMenu(page).getByRole("link", { name: "Edit Category" }).click();
  await expect(page).toHaveURL("/dashboard/categories/");
  await expect(page.getByText("No categories found")).toBeVisible();
  await expectNoA11yViolations(page);

  await dashboardMenu(page).getByRole("link", { name: "New Category" }).click();
  await expect(page).toHaveURL("/dashboard/categories/new");
  await hydrated(page);
  await expectNoA11yViolations(page);

  // Nothing filled in: the name is required.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Name required")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(`${CHECK_EACH_INPUT}: Name.`);
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  // An empty feature input is refused.
  await fillCategory(page, "Zeta Cameras", ["4MP"], "Cameras at the end of the alphabet");
  await expect(page.getByText("Name required")).toHaveCount(0);
  await page.getByRole("button", { name: "Add feature" }).click();
  await expect(page.getByLabel("Feature 2", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("No empty features / filters")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(`${CHECK_EACH_INPUT}: Features / filters.`);
  await expect(page.getByLabel("Feature 2", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Removing the empty input clears the message; focus goes back to "Add feature".
  await page.getByRole("button", { name: "Remove feature 2" }).click();
  await expect(page.getByLabel("Feature 2", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add feature" })).toBeFocused();
  await expect(page.getByText("No empty features / filters")).toHaveCount(0);
  await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue("4MP");

  // Removing the first of two keeps the second (now "Feature 1").
  await page.getByRole("button", { name: "Add feature" }).click();
  await page.getByLabel("Feature 2", { exact: true }).fill("12MP");
  await page.getByRole("button", { name: "Add feature" }).click();
  await page.getByLabel("Feature 3", { exact: true }).fill("2MP");
  await page.getByRole("button", { name: "Remove feature 1" }).click();
  await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue("12MP");
  await expect(page.getByLabel("Feature 2", { exact: true })).toHaveValue("2MP");
  await page.getByRole("button", { name: "Add feature" }).click();
  await page.getByLabel("Feature 3", { exact: true }).fill("4MP");

  // Enter in a text input submits the form (not a feature button).
  await page.getByLabel("Feature 3", { exact: true }).press("Enter");
  await expect(page.getByText("Category Zeta Cameras created successfully.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Zeta Cameras" })).toBeVisible();
  await expect(page.getByText("Cameras at the end of the alphabet")).toBeVisible();
  // Features in natural order.
  await expect(page.getByRole("list", { name: "Features / filters" }).getByRole("listitem")).toHaveText([
    "2MP",
    "4MP",
    "12MP",
  ]);
  await expect(page.getByText("No products in this category")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute("href", /\/edit$/);
  await expectNoA11yViolations(page);

  // The same name in other letter case is refused by the server.
  await openNewCategory(page);
  await fillCategory(page, "zeta CAMERAS");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText('Category "zeta CAMERAS" already exists')).toBeVisible();
  await expect(page.getByRole("alert").first()).toContainText(CHECK_EACH_INPUT);

  // Name order ignores letter case ("alpha" before "Beta" before "Zeta").
  await createCategory(page, "Beta Domes");
  await createCategory(page, "alpha Bullets");
  await page.goto("/dashboard/categories/");
  await expect(categoryList(page)).toHaveText([
    "alpha Bullets (0 product(s))",
    "Beta Domes (0 product(s))",
    "Zeta Cameras (0 product(s))",
  ]);
  await page.getByRole("link", { name: "Beta Domes", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Beta Domes" })).toBeVisible();
  await page.getByRole("link", { name: "Back to category list" }).click();
  await expect(page).toHaveURL("/dashboard/categories/");

  // A create replayed without a session is refused: nothing is added.
  await openNewCategory(page);
  await fillCategory(page, "Replayed Category", ["Night"]);
  const posted = await interceptPost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expectAnonymousReplayRefused(site.url, posted);
  await page.goto("/dashboard/categories/");
  await expect(categoryList(page)).toHaveCount(3);
  await expect(page.getByText("Replayed Category")).toHaveCount(0);
});

test("edit: conflict between two pages shows the newer data; replay refused", async ({ page, login, site }) => {
  await login();
  const id = await categoryIdByName(page, "Zeta Cameras");
  const other = await page.context().newPage();
  await page.goto(`/dashboard/categories/${id}/edit`);
  await other.goto(`/dashboard/categories/${id}/edit`);
  await hydrated(page);
  await hydrated(other);
  await expect(page.getByRole("heading", { name: "Edit Zeta Cameras" })).toBeVisible();
  await expectNoA11yViolations(page);

  // The first page saves a new description and a renamed feature.
  await page.getByLabel("Description").fill("Saved first");
  await page.getByLabel("Feature 1", { exact: true }).fill("2MP Lite");
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expect(page).toHaveURL(`/dashboard/categories/${id}`);
  await expect(page.getByText("Saved first")).toBeVisible();

  // The second, opened before that save, is told and shown the newer data; its change is not saved,
  // and not lost either: what it typed is beside the field, and only there (it touched no other).
  await other.getByLabel("Name").fill("Zeta Cameras Renamed");
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other.getByText(CONFLICT)).toBeVisible();
  await expect(other.getByLabel("Name")).toHaveValue("Zeta Cameras");
  await expect(other.getByLabel("Description")).toHaveValue("Saved first");
  await expect(other.getByLabel("Feature 1", { exact: true })).toHaveValue("2MP Lite");
  const typed = other.getByRole("group", { name: "What you typed here" });
  await expect(typed).toHaveCount(1);
  await expect(typed).toContainText("Zeta Cameras Renamed");
  await expectNoA11yViolations(other);

  // Taking it back puts it in the field, focused; saving again from the newer data works.
  await typed.getByRole("button", { name: "Use what you typed" }).click();
  await expect(other.getByLabel("Name")).toHaveValue("Zeta Cameras Renamed");
  await expect(other.getByLabel("Name")).toBeFocused();
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other).toHaveURL(`/dashboard/categories/${id}`);
  await expect(other.getByRole("heading", { level: 1, name: "Zeta Cameras Renamed" })).toBeVisible();

  // The edit form's rules are the same as the new form's.
  await other.goto(`/dashboard/categories/${id}/edit`);
  await hydrated(other);
  await other.getByLabel("Name").fill("BETA domes");
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other.getByText('Category "BETA domes" already exists')).toBeVisible();
  await other.getByLabel("Name").fill("");
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other.getByText("Name required")).toBeVisible();
  await other.getByLabel("Name").fill("Zeta Cameras Renamed");
  await other.getByRole("button", { name: "Add feature" }).click();
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other.getByText("No empty features / filters")).toBeVisible();
  await expect(other.getByRole("alert").first()).toContainText(CHECK_EACH_INPUT);
  await other.close();

  // The first save replayed without a session is refused: the later data stays.
  await expectAnonymousReplayRefused(site.url, posted);
  // A current edit replayed without a session is refused too.
  await page.goto(`/dashboard/categories/${id}/edit`);
  await hydrated(page);
  await page.getByLabel("Description").fill("Replayed description");
  const current = await interceptPost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expectAnonymousReplayRefused(site.url, current);
  await page.goto(`/dashboard/categories/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Zeta Cameras Renamed" })).toBeVisible();
  await expect(page.getByText("Saved first")).toBeVisible();
  await expect(page.getByText("Replayed description")).toHaveCount(0);
});

test("delete: confirm and cancel move focus; deleted screen; replay refused", async ({ page, login, site }) => {
  await login();
  const id = await categoryIdByName(page, "Beta Domes");
  await page.goto(`/dashboard/categories/${id}`);
  await hydrated(page);

  // The prompt takes focus on its least destructive choice.
  await page.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(
    page.getByText(
      "Are you sure you want to delete Beta Domes? It goes to Recently deleted with its features / filters, where it can be restored for 30 days.",
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Confirm Delete" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete category" })).toBeFocused();
  // Escape cancels as well.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Delete category" })).toBeFocused();

  // A delete replayed without a session is refused: the category stays.
  await page.getByRole("button", { name: "Delete category" }).click();
  const posted = await interceptPost(page, () => page.getByRole("button", { name: "Confirm Delete" }).click());
  await expectAnonymousReplayRefused(site.url, posted);
  await page.goto(`/dashboard/categories/${id}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Beta Domes" })).toBeVisible();

  await page.getByRole("button", { name: "Delete category" }).click();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page).toHaveURL(`/dashboard/categories/${id}/deleted`);
  await expect(page.getByRole("heading", { name: "Category deleted" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Back to category list" }).click();
  await expect(page).toHaveURL("/dashboard/categories/");
  await expect(page.getByText("Beta Domes")).toHaveCount(0);
  expect((await page.request.get(`/dashboard/categories/${id}`)).status()).toBe(404);

  // Deleting from the edit page works the same way.
  const alphaId = await categoryIdByName(page, "alpha Bullets");
  await page.goto(`/dashboard/categories/${alphaId}/edit`);
  await hydrated(page);
  await page.getByRole("button", { name: "Delete category" }).click();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page).toHaveURL(`/dashboard/categories/${alphaId}/deleted`);

  // The deleted screen says where it went, and Undo brings it back whole.
  await hydrated(page);
  await expect(page.getByText("It is in Recently deleted for 30 days.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page).toHaveURL(`/dashboard/categories/${alphaId}?restored=1`);
  await expect(page.getByRole("heading", { level: 1, name: "alpha Bullets" })).toBeVisible();
  // Undone once, the screen has nothing left to undo.
  await page.goto(`/dashboard/categories/${alphaId}/deleted`);
  await expect(page.getByText("It is no longer in Recently deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
});

test("a new category reaches the Categories menu of an open catalog page", async ({ page, browser, login, site }) => {
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto("/catalog");
  await hydrated(visitor);
  await liveConnected(visitor);
  const menu = visitor.getByRole("navigation", { name: "Categories" }).filter({ has: visitor.locator("h2") });
  await expect(menu.getByRole("link", { name: "Live Arrival", exact: true })).toHaveCount(0);

  await login();
  await createCategory(page, "Live Arrival", ["Outdoor"]);
  await expect(menu.getByRole("link", { name: "Live Arrival", exact: true })).toBeVisible();
  await visitor.close();
});

test("filter groups typed in the form group the category page's filters, in their order", async ({
  page,
  login,
  site,
}) => {
  await login();
  await openNewCategory(page);
  await fillCategory(page, "Grouped Domes", ["4MP", "2MP", "2.8mm", "PoE"]);
  await page.getByLabel("Filter groups").fill("Resolution\nLens");
  // Each feature's choice follows the groups as typed.
  await expect(page.getByLabel("Group of feature 1").locator("option")).toHaveText(["No group", "Resolution", "Lens"]);
  await page.getByLabel("Group of feature 1").selectOption("Resolution");
  await page.getByLabel("Group of feature 2").selectOption("Resolution");
  await page.getByLabel("Group of feature 3").selectOption("Lens");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Category Grouped Domes created successfully.")).toBeVisible();
  await page.getByRole("link", { name: "View details" }).click();
  await expect(page.getByText("Filter groups, in order: Resolution, Lens")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "2.8mm" })).toHaveText("2.8mm (Lens)");

  const visitor = await page.context().browser()?.newPage({ baseURL: site.url });
  if (!visitor) throw new Error("No browser");
  await visitor.goto(`/catalog/categories/${await categoryIdByName(page, "Grouped Domes")}`);
  const filters = visitor.getByRole("form", { name: "Filters" });
  await expect(filters.locator("legend")).toHaveText(["Resolution", "Lens", "More features"]);
  await expect(filters.getByRole("group", { name: "Resolution" }).locator("label")).toHaveText(["2MP (0)", "4MP (0)"]);
  await expect(filters.getByRole("group", { name: "More features" }).locator("label")).toHaveText(["PoE (0)"]);
  await visitor.close();

  // A group taken off the list leaves its features to be given another: the save says which.
  await page.goto(`/dashboard/categories/${await categoryIdByName(page, "Grouped Domes")}/edit`);
  await hydrated(page);
  await page.getByLabel("Filter groups").fill("Resolution");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Choose one of the filter groups")).toBeVisible();
  await page.getByLabel("Group of feature 1").selectOption("");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Grouped Domes" })).toBeVisible();
  await expect(page.getByText("Filter groups, in order: Resolution")).toBeVisible();
});

/** Posts a form the way the signed-in page's browser would, without the page's own checks. */
async function adminPost(page: Page, siteUrl: string) {
  const cookies = await page.context().cookies();
  return (path: string, body: Record<string, string>) =>
    fetch(`${siteUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: siteUrl,
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
      },
      body: new URLSearchParams(body).toString(),
    });
}

test("the server checks again what the browser would have refused", async ({ page, login, site }) => {
  await login();
  const post = await adminPost(page, site.url);

  const invalid = await post("/dashboard/categories/new", { name: " ", "features[0].label": "" });
  expect(invalid.status).toBe(400);
  const html = await invalid.text();
  expect(html).toContain("Name required");
  expect(html).toContain("No empty features / filters");
  expect(html).toContain(`${CHECK_EACH_INPUT}: Name, Features / filters.`);

  // A NUL character cannot be stored as text: refused with its reason before anything is written.
  const withNul = await post("/dashboard/categories/new", { name: "Broken\u0000Name" });
  expect(withNul.status).toBe(400);
  expect(await withNul.text()).toContain(FORM_ERRORS.hasNul);
  await page.goto("/dashboard/categories/");
  await expect(page.getByText("Broken")).toHaveCount(0);
});

test("a database failure shows its message and changes nothing", async ({ page, login, site, postgresDatabase }) => {
  await login();
  const post = await adminPost(page, site.url);
  // Created: sent back to the new-category page's "created" screen.
  expect((await post("/dashboard/categories/new", { name: "Sound Cameras" })).status).toBe(302);
  // The database itself refuses these writes, as a full disk or a lost connection would.
  await refuseWrites(postgresDatabase, { table: "categories", column: "name", prefix: "Broken" });

  const failed = await post("/dashboard/categories/new", { name: "Broken Name" });
  expect(failed.status).toBe(500);
  expect(await failed.text()).toContain("Error submitting to database");

  const id = await categoryIdByName(page, "Sound Cameras");
  await page.goto(`/dashboard/categories/${id}/edit`);
  const version = await page.locator('input[name="version"]').inputValue();
  const failedEdit = await post(`/dashboard/categories/${id}/edit`, { name: "Broken Name", version });
  expect(failedEdit.status).toBe(500);
  expect(await failedEdit.text()).toContain("Error submitting edit to database");
  await page.goto("/dashboard/categories/");
  await expect(page.getByText("Broken")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sound Cameras", exact: true })).toBeVisible();
});

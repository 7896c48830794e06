import { FIRMWARE_MESSAGES } from "../../app/domain/forms/firmware";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/a11y";
import { compareIgnoringCase } from "../../app/domain/format";
import { DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_KNOWN_MODELS } from "../support/demo-models";
import { capturePost, expectAnonymousReplayRefused, openDemoProduct } from "./admin";
import { expect, hydrated, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ ownServer: "firmware", serverEnv: { DEMO_DATA: "1" } });

const MODELS = [DEMO_KNOWN_MODELS.dome, DEMO_KNOWN_MODELS.bullet] as const;

/** A day `days` before today, as the release form takes it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Fills in and saves the new-release form; returns the POST it made. */
async function newRelease(
  page: Page,
  release: {
    version: string;
    day: string;
    channel: "Stable" | "Beta";
    notes: string;
    file: string;
    /** A CycloneDX SBOM to attach: a JSON that is none is tried first, and refused. */
    sbom?: string;
  },
) {
  await page.goto("/dashboard/firmware/new");
  await hydrated(page);
  await page.getByLabel("Version").fill(release.version);
  await page.getByLabel("Release date").fill(release.day);
  await page.getByLabel("Channel").selectOption({ label: release.channel });
  for (const model of MODELS) {
    await page.getByLabel("Add product").fill(model);
    await page
      .getByRole("option", { name: new RegExp(model) })
      .first()
      .click();
  }
  await page.getByLabel(/^Release notes/).fill(release.notes);
  await page.getByLabel("File").setInputFiles({
    name: release.file,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(`firmware image ${release.version}`),
  });
  await expect(page.getByText(`${release.file} uploaded`)).toBeVisible();
  if (release.sbom) {
    const sbomField = page.getByLabel(/^Software bill of materials/);
    await sbomField.setInputFiles({
      name: "package.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ name: "not-an-sbom", version: "1.0.0" })),
    });
    await expect(page.getByText("package.json uploaded")).toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(FIRMWARE_MESSAGES.notAnSbom)).toBeVisible();
    await sbomField.setInputFiles({
      name: release.sbom,
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ bomFormat: "CycloneDX", specVersion: "1.6", version: 1, components: [] })),
    });
    await expect(page.getByText(`${release.sbom} uploaded`)).toBeVisible();
  }
  await expectNoA11yViolations(page);
  const posted = await capturePost(page, () => page.getByRole("button", { name: "Submit" }).click());
  await expect(
    page.getByRole("status").filter({ hasText: `Firmware ${release.version} created successfully.` }),
  ).toBeVisible();
  return posted;
}

test("the demo's firmware fills the firmware page and its feed with recent releases of both channels", async ({
  page,
  request,
}) => {
  const feed = await (await request.get("/support/firmware.atom")).text();
  const updated = /<updated>(\d{4}-\d{2}-\d{2})/.exec(feed)?.[1] ?? "";
  // The newest release came out within the last month, never in 1970.
  expect(updated >= daysAgo(31)).toBe(true);
  expect(feed.match(/<entry>/g)?.length ?? 0).toBeGreaterThan(5);
  await page.goto("/support/firmware");
  const releases = page.getByRole("heading", { level: 2 });
  await expect(releases.first()).toBeVisible();
  expect(await releases.count()).toBeGreaterThan(5);
  await expect(page.getByRole("main")).toContainText(/beta/i);
  // The newest stable releases of the cameras and the recorders carry their SBOMs.
  await expect(page.getByText("(CycloneDX 1.6, JSON)")).toHaveCount(1);
  await expect(page.getByText("(SPDX 2.3, JSON)")).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test("a piece of a model offers the products that hold it; choosing one shows its firmware", async ({ page }) => {
  const piece = "D4M";
  const holders = DEMO_PRODUCTS.filter((product) => product.model.toUpperCase().includes(piece)).map(
    (product) => product.model,
  );
  expect(holders.length).toBeGreaterThan(1);
  await page.goto("/support/firmware");
  await hydrated(page);
  await page.getByLabel("Product model").fill(piece.toLowerCase());
  await page.getByRole("button", { name: "Show releases" }).click();
  const offered = page.getByRole("region", {
    name: `${holders.length} products match “${piece.toLowerCase()}”: choose one`,
  });
  await expect(offered.getByRole("link")).toHaveText([...holders].sort(compareIgnoringCase));
  await expect(page.getByLabel("Product model")).toHaveValue(piece.toLowerCase());
  await expectNoA11yViolations(page);
  const chosen = [...holders].sort(compareIgnoringCase)[0] ?? "";
  await offered.getByRole("link", { name: chosen }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Firmware for ${chosen}`);
  await expect(page).toHaveURL(/product=/);

  // A piece only one model holds goes straight to it; one nobody's model holds says so.
  await page.getByLabel("Product model").fill(chosen.slice(4));
  await page.getByRole("button", { name: "Show releases" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Firmware for ${chosen}`);
  await page.getByLabel("Product model").fill("ZZZ-NOTHING");
  await page.getByRole("button", { name: "Show releases" }).click();
  await expect(page.getByText("No product has the model “ZZZ-NOTHING”.")).toBeVisible();
});

test("a release for two products shows on both product pages and in both feeds; a beta does not replace it", async ({
  page,
  login,
  site,
}) => {
  await login();
  const ids: string[] = [];
  for (const model of MODELS) ids.push(await openDemoProduct(page, model));

  // Newer than every release of the demo's, whose newest came out a month ago.
  const posted = await newRelease(page, {
    version: "9.1.0",
    day: daysAgo(1),
    channel: "Stable",
    notes:
      "## Fixed\n\n- Night mode **sharper**\n- <script>alert(1)</script> stays text\n\n[Details](https://example.com/notes)",
    file: "VNT-9.1.0.bin",
    sbom: "VNT-9.1.0.cdx.json",
  });
  await expectAnonymousReplayRefused(site.url, posted);
  await newRelease(page, {
    version: "9.2.0-beta",
    day: daysAgo(0),
    channel: "Beta",
    notes: "Try the new analytics.",
    file: "VNT-9.2.0-beta.bin",
  });

  for (const [index, id] of ids.entries()) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const visitor = await (await browser.newContext({ baseURL: site.url })).newPage();
    await visitor.goto(`/catalog/products/${id}`);
    const section = visitor.getByRole("region", { name: "Firmware" });
    await expect(section.getByRole("heading", { name: /Firmware 9\.1\.0/ })).toBeVisible();
    await expect(section).not.toContainText("9.2.0-beta");
    await expect(section.getByText("sharper")).toBeVisible();
    await expect(section.locator("script")).toHaveCount(0);
    await expect(section).toContainText("<script>alert(1)</script> stays text");
    await expect(section.getByRole("link", { name: "Details" })).toHaveAttribute("href", "https://example.com/notes");
    await expect(section).toContainText(/SHA-256: [0-9a-f]{64}/);
    // Its SBOM, named by its format.
    await expect(section).toContainText("Software bill of materials of VNT-9.1.0.bin (CycloneDX 1.6, JSON)");
    const sbom = await fetch(
      new URL(
        (await section.getByRole("link", { name: "Software bill of materials" }).getAttribute("href")) ?? "",
        site.url,
      ),
    );
    expect(((await sbom.json()) as { bomFormat: string }).bomFormat).toBe("CycloneDX");

    // Both feeds name both releases, newest first.
    const feed = await (await fetch(`${site.url}/catalog/products/${id}/firmware.atom`)).text();
    expect(feed).toContain(`<title>Firmware 9.2.0-beta (beta) for`);
    expect(feed.indexOf("9.2.0-beta")).toBeLessThan(feed.indexOf("9.1.0"));
    expect(feed).toContain(MODELS[index]);
    expect(feed).not.toContain("<script>");

    // All releases of the product, and the channel filter.
    await section.getByRole("link", { name: `All firmware releases for ${MODELS[index]}` }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: `Firmware for ${MODELS[index]}` })).toBeVisible();
    // Ours first, then the demo's own releases.
    const releases = visitor.getByRole("heading", { level: 2 });
    await expect(releases.nth(0)).toHaveText(/9\.2\.0-beta/);
    await expect(releases.nth(1)).toHaveText(/9\.1\.0/);
    await hydrated(visitor);
    await expectNoA11yViolations(visitor);
    await visitor.getByLabel("Channel").selectOption({ label: "Stable" });
    await visitor.getByRole("button", { name: "Show releases" }).click();
    await expect(releases.nth(0)).toHaveText(/9\.1\.0/);
    await expect(releases.filter({ hasText: "beta" })).toHaveCount(0);
    await visitor.close();
  }
  const all = await (await fetch(`${site.url}/support/firmware.atom`)).text();
  expect(all.indexOf("9.2.0-beta")).toBeGreaterThan(0);
  expect(all.indexOf("9.2.0-beta")).toBeLessThan(all.indexOf("9.1.0"));
  expect((await fetch(`${site.url}/catalog/products/00000000-0000-4000-8000-000000000000/firmware.atom`)).status).toBe(
    404,
  );
});

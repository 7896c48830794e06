import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductInput } from "#app/server/admin/products.server";
import { categories, products } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput } from "#tests/support/products";
import { startServer, type RunningServer } from "#tests/support/server";

describe.each(DATABASE_KINDS)("readable addresses on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: string;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    cameras = await runtime.services.categoryAdmin.createCategory(
      { name: "Caméras Dôme / Intérieur", description: "Domes", features: [] },
      TEST_ORIGIN,
    );
  });

  afterAll(async () => {
    await started?.close();
  });

  const input = (model: string, overrides: Partial<ProductInput> = {}) =>
    newProductInput(runtime, cameras, model, overrides);

  async function slugOf(id: string): Promise<string | undefined> {
    const [row] = await runtime.database.db.select({ slug: products.slug }).from(products).where(eq(products.id, id));
    return row?.slug;
  }

  async function versionOf(id: string): Promise<number> {
    const [row] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, id));
    return row?.version ?? 0;
  }

  it("makes a category's slug of its name, accents and punctuation dropped", async () => {
    const [row] = await runtime.database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, cameras));
    expect(row?.slug).toBe("cameras-dome-interieur");
    const category = await runtime.services.catalog.getCategory("cameras-dome-interieur", { latest: true });
    expect(category?.id).toBe(cameras);
    expect(category?.slug).toBe("cameras-dome-interieur");
  });

  it("makes a product's slug of its model, tells two alike apart, and keeps it when the model changes", async () => {
    const { productAdmin, catalog } = runtime.services;
    const first = await productAdmin.createProduct(
      await input("VNT-D4M/AI28", { name: "4MP Starlight AI Dome Camera" }),
      TEST_ORIGIN,
    );
    const second = await productAdmin.createProduct(await input("vnt d4m ai28"), TEST_ORIGIN);
    const unwritable = await productAdmin.createProduct(await input("ＶＮＴ　カメラ"), TEST_ORIGIN);
    expect(await slugOf(first.id)).toBe("vnt-d4m-ai28");
    expect(await slugOf(second.id)).toBe("vnt-d4m-ai28-2");
    // Fullwidth letters are letters (NFKD); what is left of the rest is the word for a product.
    expect(await slugOf(unwritable.id)).toBe("vnt");

    const page = await catalog.getProduct("vnt-d4m-ai28");
    expect(page).toMatchObject({ id: first.id, slug: "vnt-d4m-ai28", name: "4MP Starlight AI Dome Camera" });
    expect((await catalog.getProduct(first.id))?.slug).toBe("vnt-d4m-ai28");
    expect(page?.category).toMatchObject({ id: cameras, slug: "cameras-dome-interieur" });

    // A new model, a new name: the address a visitor bookmarked stays.
    await productAdmin.updateProduct(
      first.id,
      await versionOf(first.id),
      await input("VNT-D4M-AI28-V2", { name: "4MP Starlight AI Dome Camera, second edition", imageFileId: undefined }),
      TEST_ORIGIN,
    );
    expect(await slugOf(first.id)).toBe("vnt-d4m-ai28");
    expect(await catalog.getProduct("vnt-d4m-ai28")).toMatchObject({
      model: "VNT-D4M-AI28-V2",
      name: "4MP Starlight AI Dome Camera, second edition",
    });
    // The name is searched, as what the product is.
    const found = await catalog.search("second edition");
    expect(found.products.map((product) => product.id)).toEqual([first.id]);
  });

  it("brings a deleted product back at its address, unless another has taken it since", async () => {
    const { productAdmin, revisions, history } = runtime.services;
    const kept = await productAdmin.createProduct(await input("KEEP-1", { name: "Kept" }), TEST_ORIGIN);
    const taken = await productAdmin.createProduct(await input("TAKE-1"), TEST_ORIGIN);
    // Renamed first: the slug it brings back is its own, not one made of its model now.
    await productAdmin.updateProduct(
      kept.id,
      await versionOf(kept.id),
      await input("KEEP-1-RENAMED", { name: "Kept", imageFileId: undefined }),
      TEST_ORIGIN,
    );
    for (const { id } of [kept, taken]) await productAdmin.deleteProduct(id, await versionOf(id), TEST_ORIGIN);
    // Someone else's product took TAKE-1's address meanwhile.
    const squatter = await productAdmin.createProduct(await input("Take 1"), TEST_ORIGIN);
    expect(await slugOf(squatter.id)).toBe("take-1");

    const deleted = await revisions.recentlyDeleted();
    for (const { id } of [kept, taken]) {
      const entry = deleted.find((candidate) => candidate.recordId === id);
      await history.restoreDeleted("product", id, entry?.id ?? "", TEST_ORIGIN);
    }
    expect(await slugOf(kept.id)).toBe("keep-1");
    expect(await slugOf(taken.id)).toBe("take-1-2");
    expect((await runtime.services.catalog.getProduct("keep-1"))?.name).toBe("Kept");
  });
});

describe("old id addresses on the demo catalog", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ DEMO_DATA: "1" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** The id of a demo product or category, read from the page at its slug. */
  async function compareId(model: string): Promise<string> {
    const response = await fetch(`${server.url}/compare?add=${encodeURIComponent(model)}`, { redirect: "manual" });
    const id = new URL(response.headers.get("location") ?? "", server.url).searchParams.get("p");
    if (!id) throw new Error(`no id for ${model}`);
    return id;
  }

  async function redirected(path: string): Promise<{ status: number; location: string | null }> {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location") };
  }

  it("answer 301 to the readable ones: a product's page, datasheet and feed, a category with its filters", async () => {
    const id = await compareId("VNT-D4M-AI28");
    expect(await redirected(`/catalog/products/${id}`)).toEqual({
      status: 301,
      location: "/catalog/products/vnt-d4m-ai28",
    });
    expect(await redirected(`/catalog/products/${id}/datasheet.pdf`)).toEqual({
      status: 301,
      location: "/catalog/products/vnt-d4m-ai28/datasheet.pdf",
    });
    expect(await redirected(`/catalog/products/${id}/firmware.atom`)).toEqual({
      status: 301,
      location: "/catalog/products/vnt-d4m-ai28/firmware.atom",
    });

    const page = await fetch(`${server.url}/catalog/products/vnt-d4m-ai28`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("4MP Starlight AI Dome Camera");
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/catalog\/products\/vnt-d4m-ai28"/);
    expect((await fetch(`${server.url}/catalog/products/vnt-d4m-ai28/datasheet.pdf`)).status).toBe(200);

    const catalogHtml = await (await fetch(`${server.url}/catalog/categories/dome-cameras`)).text();
    const featureId = /name="feature" value="([0-9a-f-]{36})"/.exec(catalogHtml)?.[1];
    expect(featureId).toBeDefined();
    const categoryId = await categoryIdOf("Dome Cameras");
    expect(await redirected(`/catalog/categories/${categoryId}?feature=${featureId}&sort=newest`)).toEqual({
      status: 301,
      location: `/catalog/categories/dome-cameras?feature=${featureId}&sort=newest`,
    });

    expect((await redirected("/catalog/products/no-such-camera")).status).toBe(404);
    expect((await redirected("/catalog/products/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await redirected("/catalog/categories/no-such-category")).status).toBe(404);
  });

  /** A category's id, as /support's category choice names it. */
  async function categoryIdOf(name: string): Promise<string> {
    const html = await (await fetch(`${server.url}/support`)).text();
    const id = new RegExp(`<option value="([0-9a-f-]{36})">${name}</option>`).exec(html)?.[1];
    if (!id) throw new Error(`no category ${name}`);
    return id;
  }
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError, FieldRuleError } from "#app/server/admin/write.server";
import { productSources } from "#app/server/admin/products.server";
import { products } from "#app/server/db/schema";
import { sourceDigest, translationStates } from "#app/server/records/translations.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { PRODUCT_TRANSLATABLE_FIELDS } from "#app/domain/forms/product";
import { expectCatalogAsRebuilt } from "#tests/support/catalog-rebuild";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput, productEditForm } from "#tests/support/products";

describe.each(DATABASE_KINDS)("a product's translations on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: string;
  let dome: string;
  let bullet: string;

  const product = async (id: string) => {
    const found = await runtime.services.catalog.getAnyProduct(id);
    if (!found) throw new Error(`no product ${id}`);
    return found;
  };
  const states = async (id: string, language: string) => {
    const found = await product(id);
    return translationStates(PRODUCT_TRANSLATABLE_FIELDS, productSources(found), found.translations ?? {}, language);
  };
  const needing = async (language: string) =>
    (await runtime.services.productAdmin.listAdminProducts({ needs: language })).items.map((item) => item.model);
  const translate = async (id: string, language: string, texts: Record<string, string>, stillRight: string[] = []) =>
    runtime.services.productAdmin.saveProductTranslations(
      id,
      (await product(id)).version,
      language,
      texts,
      stillRight,
      TEST_ORIGIN,
    );

  const expectSameAsFresh = () => expectCatalogAsRebuilt(runtime);

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { categoryAdmin, productAdmin } = runtime.services;
    cameras = await categoryAdmin.createCategory({ name: "Cameras", description: "", features: [] }, TEST_ORIGIN);
    dome = (
      await productAdmin.createProduct(
        await newProductInput(runtime, cameras, "DOME-1", {
          name: "Dome camera",
          description: "A dome for outdoors.",
          specs: "Lens: 2.8 mm",
        }),
        TEST_ORIGIN,
      )
    ).id;
    bullet = (
      await productAdmin.createProduct(
        await newProductInput(runtime, cameras, "BULLET-1", { description: "A bullet." }),
        TEST_ORIGIN,
      )
    ).id;
  });
  afterAll(async () => {
    await started?.close();
  });

  it("keeps each language's fields with the source they translate, in the catalog as in the database", async () => {
    expect(await needing("de")).toEqual(["BULLET-1", "DOME-1"]);
    expect(await states(dome, "de")).toEqual({ name: "missing", description: "missing", specs: "missing" });

    await translate(dome, "de", { name: "Kuppelkamera", description: "Eine Kuppel für draußen.", specs: "" });
    await translate(dome, "fr", { name: "Caméra dôme" });
    const [row] = await runtime.database.db
      .select({ translations: products.translations })
      .from(products)
      .where(eq(products.id, dome));
    expect(row?.translations).toEqual({
      de: {
        name: { text: "Kuppelkamera", source: sourceDigest("Dome camera") },
        description: { text: "Eine Kuppel für draußen.", source: sourceDigest("A dome for outdoors.") },
      },
      fr: { name: { text: "Caméra dôme", source: sourceDigest("Dome camera") } },
    });
    expect((await product(dome)).translations).toEqual(row?.translations);
    expect(await states(dome, "de")).toEqual({ name: "current", description: "current", specs: "missing" });
    // Its specifications still need German; French needs more.
    expect(await needing("de")).toEqual(["BULLET-1", "DOME-1"]);
    await translate(dome, "de", { name: "Kuppelkamera", description: "Eine Kuppel für draußen.", specs: "Objektiv" });
    expect(await needing("de")).toEqual(["BULLET-1"]);
    expect(await needing("fr")).toEqual(["BULLET-1", "DOME-1"]);
    // A product with no English name needs none: its description alone.
    await translate(bullet, "de", { description: "Ein Zylinder." });
    expect(await needing("de")).toEqual([]);
    await expectSameAsFresh();
  });

  it("knows a translation outdated once its English text changes, and current again when said still right", async () => {
    const { version, input } = await productEditForm(runtime, dome);
    await runtime.services.productAdmin.updateProduct(
      dome,
      version,
      { ...input, name: "Dome camera", description: "A dome for outdoors and indoors." },
      TEST_ORIGIN,
    );
    expect(await states(dome, "de")).toEqual({ name: "current", description: "outdated", specs: "current" });
    // Visitors still read it: the team decides when it is wrong. It needs German again.
    expect((await product(dome)).translations?.de?.description?.text).toBe("Eine Kuppel für draußen.");
    expect(await needing("de")).toEqual(["DOME-1"]);

    // Saved unchanged, it stays outdated; said still right, it is current.
    const texts = { name: "Kuppelkamera", description: "Eine Kuppel für draußen.", specs: "Objektiv" };
    await translate(dome, "de", texts);
    expect((await states(dome, "de")).description).toBe("outdated");
    await translate(dome, "de", texts, ["description"]);
    expect(await states(dome, "de")).toEqual({ name: "current", description: "current", specs: "current" });
    expect(await needing("de")).toEqual([]);
    await expectSameAsFresh();
  });

  it("refuses a save over a newer version and a translation of an empty English text, changing nothing", async () => {
    const before = await product(dome);
    await translate(dome, "de", { name: "Kuppel", description: "Neu.", specs: "Objektiv" });
    await expect(
      runtime.services.productAdmin.saveProductTranslations(
        dome,
        before.version,
        "de",
        { name: "Älter" },
        [],
        TEST_ORIGIN,
      ),
    ).rejects.toThrow(ConflictError);
    expect((await product(dome)).translations?.de?.name?.text).toBe("Kuppel");

    const refused = translate(bullet, "de", { name: "Zylinderkamera", description: "Ein Zylinder." });
    await expect(refused).rejects.toThrow(FieldRuleError);
    await expect(refused).rejects.toMatchObject({ field: "text.name" });
    expect((await product(bullet)).translations).toEqual({
      de: { description: { text: "Ein Zylinder.", source: sourceDigest("A bullet.") } },
    });
  });

  it("lists each translation's change in History by field and language, and restores an earlier one", async () => {
    const { revisions, history } = runtime.services;
    const entries = await revisions.history("product", dome);
    const [latest] = entries;
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Name (Deutsch)", before: "Kuppelkamera", after: "Kuppel" },
      { kind: "changed", label: "Description (Deutsch)", before: "Eine Kuppel für draußen.", after: "Neu." },
    ]);
    const firstGerman = entries.find((entry) =>
      entry.changes.some((change) => change.kind === "changed" && change.label === "Name (Deutsch)" && !change.before),
    );
    expect(firstGerman?.changes).toEqual([
      { kind: "changed", label: "Name (Deutsch)", before: "", after: "Kuppelkamera" },
      { kind: "changed", label: "Description (Deutsch)", before: "", after: "Eine Kuppel für draußen." },
    ]);

    await history.restoreRevision("product", dome, firstGerman?.id ?? "", (await product(dome)).version, TEST_ORIGIN);
    expect((await product(dome)).translations).toEqual({
      de: {
        name: { text: "Kuppelkamera", source: sourceDigest("Dome camera") },
        description: { text: "Eine Kuppel für draußen.", source: sourceDigest("A dome for outdoors.") },
      },
    });
    // The restored English description brings back the state the German was made for.
    expect(await states(dome, "de")).toEqual({ name: "current", description: "current", specs: "missing" });
    await expectSameAsFresh();
  });
});

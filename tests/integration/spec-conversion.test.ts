import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSpecValue } from "#app/domain/spec-attributes";
import { CONVERSION_MESSAGES, type ConversionRequest } from "#app/server/admin/spec-conversion.server";
import { NotFoundError } from "#app/server/admin/write.server";
import { auditLog, products } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { attributeInput } from "#tests/support/spec-attributes";
import { newProductInput } from "#tests/support/products";

describe.each(DATABASE_KINDS)("values read from specifications on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const ids = new Map<string, string>();
  const idOf = (name: string) => ids.get(name) ?? "";
  let request: ConversionRequest;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { attributeAdmin, categoryAdmin, productAdmin } = runtime.services;
    const made = async (name: string, rest: Parameters<typeof attributeInput>[0]) =>
      ids.set(name, await attributeAdmin.createAttribute(attributeInput({ ...rest, name }), TEST_ORIGIN));
    await made("IR range", { name: "", group: "Image", unit: "m" });
    await made("Focal length", { name: "", group: "Lens", type: "range", unit: "mm", precision: 1 });
    await made("IP rating", {
      name: "",
      group: "Environment",
      type: "choice",
      choices: [{ label: "IP66" }, { label: "IP67" }],
    });
    await made("Power", { name: "", group: "Power", unit: "W", precision: 1 });
    const cameras = await categoryAdmin.createCategory(
      {
        name: "Cameras",
        description: "",
        features: [],
        attributes: ["IR range", "Focal length", "IP rating", "Power"].map((name) => ({
          attributeId: idOf(name),
          required: false,
          filter: false,
        })),
      },
      TEST_ORIGIN,
    );
    ids.set("Cameras", cameras);
    const product = async (model: string, texts: { specs?: string; table?: string[][]; ir?: string }) => {
      const { id } = await productAdmin.createProduct(
        await newProductInput(runtime, cameras, model, {
          specs: texts.specs ?? null,
          specsTable: texts.table ?? null,
          specTexts: texts.ir ? { [idOf("IR range")]: texts.ir } : {},
        }),
        TEST_ORIGIN,
      );
      ids.set(model, id);
    };
    await product("C-1", {
      specs:
        "Night Vision: Smart IR, up to 30 m\nLens: 2.8–12 mm motorized varifocal\nProtection: IP67, IK10\nPower: PoE; max 6.5 W",
    });
    await product("C-2", {
      table: [
        ["Night Vision", "IR up to 98 ft"],
        ["lens", "4 mm fixed"],
        ["Protection", "Weatherproof housing"],
      ],
    });
    await product("C-3", { specs: "IR range: 50 m", ir: "40" });
    await product("C-4", {});
    request = {
      categoryId: cameras,
      lineNames: {
        [idOf("IR range")]: ["Night Vision", "IR range"],
        [idOf("Focal length")]: ["Lens"],
        [idOf("IP rating")]: ["Protection"],
      },
      replace: false,
    };
  });
  afterAll(async () => {
    await started?.close();
  });

  /** A product's values as its page shows them. */
  async function shown(model: string) {
    const product = await runtime.services.catalog.getAnyProduct(idOf(model));
    return Object.fromEntries(
      (product?.specValues ?? []).map((spec) => [spec.attribute.name, formatSpecValue(spec.attribute, spec.value)]),
    );
  }

  it("previews every product: values matched, lines it cannot read, values in conflict, lines not there", async () => {
    const preview = await runtime.services.specConversion.preview(request);
    expect(preview.attributes.map((attribute) => [attribute.name, attribute.lineNames])).toEqual([
      ["IR range", ["Night Vision", "IR range"]],
      ["Focal length", ["Lens"]],
      ["IP rating", ["Protection"]],
      // None given: its own name.
      ["Power", ["Power"]],
    ]);
    const row = (model: string) => preview.products.find((product) => product.model === model)?.cells;
    expect(row("C-1")).toEqual([
      { outcome: "new", value: "30 m (98 ft)", line: "Night Vision: Smart IR, up to 30 m" },
      { outcome: "new", value: "2.8\u201312 mm", line: "Lens: 2.8–12 mm motorized varifocal" },
      { outcome: "new", value: "IP67", line: "Protection: IP67, IK10" },
      { outcome: "new", value: "6.5 W", line: "Power: PoE; max 6.5 W" },
    ]);
    // From the table, in feet, its row names in any letter case; a line naming no value says why.
    expect(row("C-2")).toEqual([
      { outcome: "new", value: "30 m (98 ft)", line: "Night Vision: IR up to 98 ft" },
      { outcome: "new", value: "4 mm", line: "lens: 4 mm fixed" },
      {
        outcome: "unreadable",
        line: "Protection: Weatherproof housing",
        message: "None of its values named",
      },
      { outcome: "none", had: "" },
    ]);
    expect(row("C-3")?.[0]).toEqual({
      outcome: "conflict",
      value: "50 m (164 ft)",
      had: "40 m (131 ft)",
      line: "IR range: 50 m",
    });
    expect(row("C-4")?.every((cell) => cell.outcome === "none")).toBe(true);
    expect(preview.counts).toEqual({ new: 6, same: 0, conflict: 1, unreadable: 1, none: 8 });
    expect(preview.writes).toEqual({ values: 6, products: 2 });
    // A preview writes nothing.
    expect(await shown("C-1")).toEqual({});
  });

  it("applies all at once through the shared write, keeping values in conflict unless told to replace", async () => {
    const { specConversion } = runtime.services;
    const preview = await specConversion.preview(request);
    expect(await specConversion.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN)).toEqual({
      written: { values: 6, products: 2 },
    });
    expect(await shown("C-1")).toEqual({
      "IR range": "30 m (98 ft)",
      "Focal length": "2.8\u201312 mm",
      "IP rating": "IP67",
      Power: "6.5 W",
    });
    expect(await shown("C-3")).toEqual({ "IR range": "40 m (131 ft)" });
    const audited = await runtime.database.db
      .select({ kind: auditLog.kind, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.recordId, idOf("C-1")));
    expect(audited).toContainEqual({ kind: "updated", details: { source: "values read from specifications" } });
    const [latest] = await runtime.services.revisions.history("product", idOf("C-1"));
    // History shows the product's values changed.
    expect(latest?.changes.map((change) => ("label" in change ? change.label : change.kind))).toContain(
      "Specification values",
    );

    // Read again: what was written is the same now; the conflict stays until replacing is asked for.
    const again = await specConversion.preview(request);
    expect(again.counts).toMatchObject({ new: 0, same: 6, conflict: 1 });
    const stale = await specConversion.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    expect(stale).toMatchObject({ message: CONVERSION_MESSAGES.changed });
    const replacing = { ...request, replace: true };
    const withReplace = await specConversion.preview(replacing);
    expect(withReplace.writes).toEqual({ values: 1, products: 1 });
    await specConversion.apply({ ...replacing, fingerprint: withReplace.fingerprint }, TEST_ORIGIN);
    expect(await shown("C-3")).toEqual({ "IR range": "50 m (164 ft)" });
    expect(
      await specConversion.apply(
        { ...replacing, fingerprint: (await specConversion.preview(replacing)).fingerprint },
        TEST_ORIGIN,
      ),
    ).toMatchObject({
      message: CONVERSION_MESSAGES.nothing,
    });
  });

  it("writes nothing when a product changed since the preview", async () => {
    const { specConversion } = runtime.services;
    const changedLater = { ...request, lineNames: { ...request.lineNames, [idOf("Power")]: ["Power", "Consumption"] } };
    await runtime.database.db
      .update(products)
      .set({ specs: "Consumption: 9 W" })
      .where(eq(products.id, idOf("C-4")));
    const preview = await specConversion.preview(changedLater);
    expect(preview.writes).toEqual({ values: 1, products: 1 });
    const [row] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, idOf("C-4")));
    await runtime.database.db
      .update(products)
      .set({ version: (row?.version ?? 0) + 1 })
      .where(eq(products.id, idOf("C-4")));
    const result = await specConversion.apply({ ...changedLater, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    expect(result).toMatchObject({ message: CONVERSION_MESSAGES.changed });
    expect(await shown("C-4")).toEqual({});
    await expect(specConversion.preview({ ...request, categoryId: "nope" })).rejects.toThrow(NotFoundError);
  });
});

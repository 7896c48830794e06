import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attributeSchema, type AttributeInput } from "#app/domain/forms/attribute";
import { ConflictError, FieldRuleError, NotFoundError } from "#app/server/admin/write.server";
import { auditLog, specAttributes } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";

function input(overrides: Partial<AttributeInput> & Pick<AttributeInput, "name">): AttributeInput {
  return { group: "", type: "number", unit: null, precision: 0, choices: [], multiple: false, ...overrides };
}

describe("the attribute form schema", () => {
  it("keeps what each type needs and drops what it does not", () => {
    expect(
      attributeSchema.parse({ name: " IR range ", group: "Image", type: "number", unit: "m", precision: 1 }),
    ).toEqual({
      name: "IR range",
      group: "Image",
      type: "number",
      unit: "m",
      precision: 1,
      choices: [],
      multiple: false,
      version: undefined,
    });
    // A choice has no unit and no decimals; a number no values.
    expect(
      attributeSchema.parse({
        name: "IP rating",
        type: "choice",
        unit: "m",
        precision: 2,
        choices: [{ label: "IP66" }, { label: "IP67" }],
        multiple: true,
      }),
    ).toMatchObject({ unit: null, precision: 0, choices: [{ label: "IP66" }, { label: "IP67" }], multiple: true });
    expect(attributeSchema.parse({ name: "Audio", type: "boolean", choices: [{ label: "x" }] })).toMatchObject({
      choices: [],
      multiple: false,
    });
  });

  it("refuses what cannot be an attribute, with a message on the field", () => {
    const issues = (value: unknown) =>
      attributeSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ type: "number" })).toEqual([["name", "Name required"]]);
    expect(issues({ name: "A", type: "colour" })).toEqual([["type", "Choose a type"]]);
    expect(issues({ name: "A", type: "number", unit: "ft" })).toEqual([["unit", "Choose one of the listed units"]]);
    expect(issues({ name: "A", type: "number", precision: 7 })).toEqual([["precision", "A whole number from 0 to 4"]]);
    expect(issues({ name: "A", type: "choice" })).toEqual([["choices", "A choice needs at least one value"]]);
    expect(issues({ name: "A", type: "choice", choices: [{ label: "IP67" }, {}, { label: "ip67" }] })).toEqual([
      ["choices.1.label", "No empty values"],
      ["choices.2.label", '"ip67" is listed twice'],
    ]);
  });
});

describe.each(DATABASE_KINDS)("specification attributes on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
  });
  afterAll(async () => {
    await started?.close();
  });

  const admin = () => runtime.services.attributeAdmin;

  it("stores each type, makes a readable slug, lists by group and refuses a name taken in any case", async () => {
    const range = await admin().createAttribute(
      input({ name: "Focal length", group: "Lens", type: "range", unit: "mm", precision: 1 }),
      TEST_ORIGIN,
    );
    const choice = await admin().createAttribute(
      input({
        name: "Video compression",
        group: "Video",
        type: "choice",
        choices: [{ label: "H.264" }, { label: "H.265" }],
        multiple: true,
      }),
      TEST_ORIGIN,
    );
    await admin().createAttribute(input({ name: "Audio", group: "Video", type: "boolean" }), TEST_ORIGIN);
    await admin().createAttribute(input({ name: "Housing", type: "text" }), TEST_ORIGIN);
    await admin().createAttribute(input({ name: "Resolution", group: "Image", unit: "MP", precision: 1 }), TEST_ORIGIN);

    expect(await admin().getAttribute(range)).toMatchObject({
      slug: "focal-length",
      type: "range",
      unit: "mm",
      precision: 1,
      version: 1,
    });
    const stored = await admin().getAttribute(choice);
    expect(stored?.choices.map((item) => item.label)).toEqual(["H.264", "H.265"]);
    expect(stored?.choices.every((item) => /^[0-9a-f-]{36}$/.test(item.id))).toBe(true);
    // The suggested groups in their order (Image before Lens before Video), then none.
    expect((await admin().listAttributes()).map((attribute) => attribute.name)).toEqual([
      "Resolution",
      "Focal length",
      "Audio",
      "Video compression",
      "Housing",
    ]);
    await expect(admin().createAttribute(input({ name: "FOCAL LENGTH" }), TEST_ORIGIN)).rejects.toThrow(FieldRuleError);
  });

  it("keeps a renamed value's id, gives a new one its own, and refuses a save over a newer version", async () => {
    const id = await admin().createAttribute(
      input({ name: "IP rating", type: "choice", choices: [{ label: "IP66" }, { label: "IP67" }] }),
      TEST_ORIGIN,
    );
    const before = await admin().getAttribute(id);
    const [ip66, ip67] = before?.choices ?? [];
    await admin().updateAttribute(
      id,
      1,
      input({
        name: "IP rating",
        type: "choice",
        choices: [
          { id: ip66?.id, label: "IP66 (dust-tight, jets)" },
          { id: ip67?.id, label: "IP67" },
          { id: "00000000-0000-4000-8000-000000000000", label: "IP68" },
        ],
      }),
      TEST_ORIGIN,
    );
    const after = await admin().getAttribute(id);
    expect(after?.version).toBe(2);
    expect(after?.choices.slice(0, 2)).toEqual([
      { id: ip66?.id, label: "IP66 (dust-tight, jets)" },
      { id: ip67?.id, label: "IP67" },
    ]);
    // An id the attribute never had (stale or forged) makes a new value.
    expect(after?.choices[2]?.id).not.toBe("00000000-0000-4000-8000-000000000000");
    await expect(admin().updateAttribute(id, 1, input({ name: "IP rating" }), TEST_ORIGIN)).rejects.toThrow(
      ConflictError,
    );
    await expect(
      admin().updateAttribute("7b0e1a52-2f6a-4a8e-9d7e-3c2b1a0f9e8d", 1, input({ name: "X" }), TEST_ORIGIN),
    ).rejects.toThrow(NotFoundError);
  });

  it("keeps History with readable changes, and comes back from Recently deleted as it was", async () => {
    const { revisions: history, history: restore } = runtime.services;
    const id = await admin().createAttribute(
      input({ name: "IR range", group: "Image", unit: "m", precision: 0 }),
      TEST_ORIGIN,
    );
    await admin().updateAttribute(
      id,
      1,
      input({ name: "IR distance", group: "Image", unit: "m", precision: 1 }),
      TEST_ORIGIN,
    );
    const [latest, original] = await history.history("attribute", id);
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Name", before: "IR range", after: "IR distance" },
      { kind: "changed", label: "Decimals", before: "0", after: "1" },
    ]);
    await restore.restoreRevision("attribute", id, original?.id ?? "", 2, TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toMatchObject({ name: "IR range", precision: 0, version: 3 });

    await admin().deleteAttribute(id, 3, TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toBeNull();
    const deleted = (await history.recentlyDeleted()).find((entry) => entry.recordId === id);
    expect(deleted?.label).toBe("IR range");
    await restore.restoreDeleted("attribute", id, deleted?.id ?? "", TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toMatchObject({ name: "IR range", slug: "ir-range", unit: "m" });

    const audited = await runtime.database.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(eq(auditLog.recordId, id));
    expect(audited.map((entry) => entry.kind).sort()).toEqual([
      "created",
      "deleted",
      "restored",
      "restored",
      "updated",
    ]);
  });

  it("refuses an attribute the database was given another way than the form", async () => {
    await expect(
      runtime.database.db.insert(specAttributes).values({ name: "Bad", type: "colour" as "text" }),
    ).rejects.toThrow();
  });
});

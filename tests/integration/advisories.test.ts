import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVISORY_MESSAGES } from "#app/domain/forms/advisory";
import type { AdvisoryInput } from "#app/server/admin/advisories.server";
import { ConflictError, FieldRuleError } from "#app/server/admin/write.server";
import { advisories, auditLog } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput } from "#tests/support/products";
import { stageText } from "#tests/support/staged-files";

describe.each(DATABASE_KINDS)("security advisories on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const productIds: string[] = [];
  let releaseId = "";

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const { categoryAdmin, productAdmin, firmware } = runtime.services;
    const categoryId = await categoryAdmin.createCategory(
      { name: "Domes", description: "", features: [] },
      TEST_ORIGIN,
    );
    for (const model of ["VNT-D4M", "VNT-B4M", "VNT-X9"]) {
      const { id } = await productAdmin.createProduct(await newProductInput(runtime, categoryId, model), TEST_ORIGIN);
      productIds.push(id);
    }
    releaseId = await firmware.create(
      {
        releaseVersion: "2.4.3",
        releasedOn: "2026-03-01",
        channel: "stable",
        notes: "Security fixes.",
        fileId: (await stageText(runtime, "fw.bin", "firmware")).id,
        productIds: productIds.slice(0, 2),
      },
      TEST_ORIGIN,
    );
  });
  afterAll(async () => {
    await test?.close();
  });

  const input = (overrides: Partial<AdvisoryInput> = {}): AdvisoryInput => ({
    trackingId: "VSA-2026-004",
    title: "Authentication bypass in the web interface",
    summary: "An attacker on the network can sign in without a password.",
    details: "## Impact\n\nFull control of the camera.",
    cveIds: ["CVE-2026-12345"],
    cvssV31: "CVSS:3.1/AC:L/AV:N/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvssV40: "",
    workaround: "",
    acknowledgments: "R. Searcher",
    advisoryStatus: "final",
    products: [
      { productId: productIds[0] ?? "", affectedVersions: "<2.4.3", fixedReleaseId: releaseId },
      { productId: productIds[1] ?? "", affectedVersions: ">=2.0.0|<2.4.3", fixedReleaseId: releaseId },
    ],
    revisionNote: "",
    ...overrides,
  });

  it("keeps an embargoed draft without revisions; publishing adds the first, each later save one with its note", async () => {
    const { advisoryAdmin } = runtime.services;
    const id = await advisoryAdmin.create(input({ publication: { status: "draft" } }), TEST_ORIGIN);
    const draft = await advisoryAdmin.get(id);
    expect(draft).toMatchObject({
      trackingId: "VSA-2026-004",
      cvssV31: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      revisions: [],
      publication: { status: "draft" },
    });
    expect(Object.values(draft?.models ?? {})).toEqual(["VNT-D4M", "VNT-B4M"]);

    await advisoryAdmin.update(id, 1, input({ publication: { status: "published" } }), TEST_ORIGIN);
    expect((await advisoryAdmin.get(id))?.revisions.map((revision) => [revision.number, revision.note])).toEqual([
      [1, "Initial release."],
    ]);
    // A published advisory's next save is a revision: it needs a note, and nothing is saved without one.
    await expect(advisoryAdmin.update(id, 2, input({ title: "Changed" }), TEST_ORIGIN)).rejects.toMatchObject({
      field: "revisionNote",
      message: ADVISORY_MESSAGES.noteRequired,
    });
    expect((await advisoryAdmin.get(id))?.title).toBe("Authentication bypass in the web interface");
    await advisoryAdmin.update(
      id,
      2,
      input({ advisoryStatus: "final", revisionNote: "VNT-B4M's range corrected." }),
      TEST_ORIGIN,
    );
    const saved = await advisoryAdmin.get(id);
    expect(saved?.revisions.map((revision) => [revision.number, revision.note])).toEqual([
      [1, "Initial release."],
      [2, "VNT-B4M's range corrected."],
    ]);
    await expect(advisoryAdmin.update(id, 2, input({ revisionNote: "Late." }), TEST_ORIGIN)).rejects.toBeInstanceOf(
      ConflictError,
    );
    const logged = await runtime.database.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(eq(auditLog.recordId, id));
    expect(logged.map((entry) => entry.kind).sort()).toEqual(["created", "updated", "updated"]);
  });

  it("refuses what cannot be published: a vector it cannot score, a taken id, a fix that is not the product's", async () => {
    const { advisoryAdmin } = runtime.services;
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => (error instanceof FieldRuleError ? [error.field, error.message] : error),
      );
    expect(
      await refusal(
        advisoryAdmin.create(input({ trackingId: "VSA-2026-010", cvssV31: "CVSS:3.1/AV:N/AC:L" }), TEST_ORIGIN),
      ),
    ).toEqual(["cvssV31", "Give each base metric once, and only those: AV, AC, PR, UI, S, C, I, A"]);
    expect(await refusal(advisoryAdmin.create(input(), TEST_ORIGIN))).toEqual([
      "trackingId",
      ADVISORY_MESSAGES.idTaken("VSA-2026-004"),
    ]);
    expect(
      await refusal(
        advisoryAdmin.create(
          input({
            trackingId: "VSA-2026-011",
            products: [{ productId: productIds[2] ?? "", affectedVersions: "<1.0", fixedReleaseId: releaseId }],
          }),
          TEST_ORIGIN,
        ),
      ),
    ).toEqual(["products", ADVISORY_MESSAGES.releaseNotForProduct("VNT-X9")]);
    const ids = await runtime.database.db.select({ id: advisories.trackingId }).from(advisories);
    expect(ids.map((row) => row.id)).toEqual(["VSA-2026-004"]);
  });

  it("publishes a scheduled advisory at its disclosure time with the note it was saved with", async () => {
    const { advisoryAdmin, scheduler } = runtime.services;
    const id = await advisoryAdmin.create(
      input({
        trackingId: "VSA-2026-005",
        revisionNote: "Coordinated disclosure with the reporter.",
        publication: { status: "scheduled", publishAt: new Date(Date.now() + 60 * 60 * 1000) },
      }),
      TEST_ORIGIN,
    );
    expect((await advisoryAdmin.get(id))?.revisions).toEqual([]);
    await runtime.database.db
      .update(advisories)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(advisories.id, id));
    expect(await scheduler.publishDue()).toBe(1);
    const published = await advisoryAdmin.get(id);
    expect(published?.publication.status).toBe("published");
    expect(published?.revisions.map((revision) => [revision.number, revision.note])).toEqual([
      [1, "Coordinated disclosure with the reporter."],
    ]);
  });

  it("keeps each save in History; a deleted advisory comes back whole, its published revisions too", async () => {
    const { advisoryAdmin, revisions, history } = runtime.services;
    const id = await advisoryAdmin.create(input({ trackingId: "VSA-2026-006" }), TEST_ORIGIN);
    await advisoryAdmin.update(
      id,
      1,
      input({ trackingId: "VSA-2026-006", workaround: "Turn off UPnP.", revisionNote: "Workaround added." }),
      TEST_ORIGIN,
    );
    const [latest, first] = await revisions.history("advisory", id);
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        { kind: "changed", label: "Workaround", before: "", after: "Turn off UPnP." },
        { kind: "added", label: "Revisions", items: ["2: Workaround added."] },
      ]),
    );
    await history.restoreRevision("advisory", id, first?.id ?? "", 2, TEST_ORIGIN);
    const restored = await advisoryAdmin.get(id);
    expect(restored?.workaround).toBe("");
    expect(restored?.revisions.map((revision) => revision.note)).toEqual([
      "Initial release.",
      "Workaround added.",
      "An earlier version restored.",
    ]);

    await advisoryAdmin.remove(id, restored?.version ?? 0, TEST_ORIGIN);
    expect(await advisoryAdmin.get(id)).toBeNull();
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === id);
    await history.restoreDeleted("advisory", id, deleted?.id ?? "", TEST_ORIGIN);
    const back = await advisoryAdmin.get(id);
    expect(back?.publication.status).toBe("published");
    expect(back?.revisions.map((revision) => revision.number)).toEqual([1, 2, 3]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSynonymLines } from "#app/domain/forms/synonyms";
import { SYNONYMS_ID } from "#app/domain/revisions";
import { auditLog, categories, products, searchSynonyms } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { stageImage } from "#tests/support/staged-files";

const PLATE_READER = "VNT-B5M-PLATE";

describe.each(DATABASE_KINDS)("search synonyms on %s", (kind) => {
  let runtime: Runtime;
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

  const models = async (query: string) =>
    (await runtime.services.catalog.search(query)).products.map((product) => product.model);

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const imageFileId = await stageImage(runtime, "plate.png", "#336699");
    await runtime.database.db.transaction(async (tx) => {
      await runtime.files.claim(tx, [imageFileId], { images: true });
      const [category] = await tx
        .insert(categories)
        .values({ name: "Bullet Cameras", description: "Outdoor" })
        .returning({ id: categories.id });
      await tx.insert(products).values([
        {
          model: PLATE_READER,
          description: "Reads every license plate at the gate.",
          categoryId: category?.id ?? "",
          imageFileId,
        },
        { model: "VNT-N16", description: "A 16-channel recorder.", categoryId: category?.id ?? "", imageFileId },
      ]);
    });
  });
  afterAll(async () => {
    await started?.close();
  });

  it("make a search for one phrase of a set find the others, either way round", async () => {
    expect(await models("anpr")).toEqual([]);
    await runtime.services.synonyms.saveSynonyms(
      {
        sets: [
          ["LPR", "ANPR", "license plate"],
          ["NVR", "recorder"],
        ],
      },
      TEST_ORIGIN,
    );
    expect(await runtime.services.synonyms.getSynonymSets()).toEqual([
      ["LPR", "ANPR", "license plate"],
      ["NVR", "recorder"],
    ]);
    expect(await models("anpr")).toEqual([PLATE_READER]);
    expect(await models("lpr gate")).toEqual([PLATE_READER]);
    expect(await models("nvr 16")).toEqual(["VNT-N16"]);
    // The words that matched include the synonym's, for highlighting.
    expect((await runtime.services.catalog.search("anpr")).matched).toEqual(
      expect.arrayContaining(["license", "plate"]),
    );
  });

  it("keep every save as a revision, named in the audit log, and restore an earlier one", async () => {
    const { synonyms, revisions, history } = runtime.services;
    await synonyms.saveSynonyms({ sets: [["NVR", "recorder"]] }, TEST_ORIGIN);
    expect(await models("anpr")).toEqual([]);
    const [latest, earlier] = await revisions.history("synonyms", SYNONYMS_ID);
    expect(latest?.changes).toEqual([{ kind: "removed", label: "Sets", items: ["LPR = ANPR = license plate"] }]);
    const entries = await runtime.database.db.select().from(auditLog);
    expect(entries.filter((entry) => entry.recordType === "synonyms").map((entry) => entry.recordLabel)).toEqual([
      "Search synonyms",
      "Search synonyms",
    ]);
    await history.restoreRevision("synonyms", SYNONYMS_ID, earlier?.id ?? "", 0, TEST_ORIGIN);
    expect(await models("anpr")).toEqual([PLATE_READER]);
  });

  it("are seen as soon as the database says they changed, however they were written", async () => {
    await runtime.database.db.delete(searchSynonyms);
    await expect.poll(() => models("anpr")).toEqual([]);
    await runtime.database.db.insert(searchSynonyms).values({ phrases: ["ANPR", "license plate"], position: 0 });
    await expect.poll(() => models("anpr")).toEqual([PLATE_READER]);
  });
});

describe("the synonyms form's lines", () => {
  it("read one set a line, phrases separated by commas, and name each line that is wrong", () => {
    expect(parseSynonymLines("LPR, license  plate\n\n NVR ,recorder \n")).toEqual({
      sets: [
        ["LPR", "license plate"],
        ["NVR", "recorder"],
      ],
      problems: [],
    });
    expect(parseSynonymLines("LPR\nNVR, recorder\n4K, ,\nok, %%").problems).toEqual([
      "Line 1: a set needs at least two phrases, separated by commas",
      "Line 3: a set needs at least two phrases, separated by commas",
      "Line 4: each phrase needs a letter or a digit",
    ]);
    expect(parseSynonymLines(`a, ${"b".repeat(61)}`).problems).toEqual(["Line 1: a phrase has at most 60 characters"]);
  });
});

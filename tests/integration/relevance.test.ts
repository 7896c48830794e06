import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDemoCatalogIfEmpty } from "../../demo/load";
import { RELEVANCE_SET, rankOfMeant, relevanceScore } from "#tests/support/relevance-set";
import { startTestRuntime } from "#tests/support/database";

/** Below this share of first-place hits the search has got worse at finding what people mean. */
const LEAST_FIRST_PLACE = 0.9;

describe("search quality on the demo catalog", () => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

  beforeAll(async () => {
    started = await startTestRuntime("pglite");
    await loadDemoCatalogIfEmpty(started.runtime);
  });
  afterAll(async () => {
    await started?.close();
  });

  it("holds at least 60 queries, of every habit", () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    expect(new Set(RELEVANCE_SET.map((relevanceCase) => relevanceCase.habit)).size).toBe(8);
  });

  it(`puts what is meant first for at least ${LEAST_FIRST_PLACE * 100}% of the relevance set`, async () => {
    const catalog = started?.runtime.services.catalog;
    if (!catalog) throw new Error("The runtime did not start");
    const ranks: number[] = [];
    const missed: string[] = [];
    for (const relevanceCase of RELEVANCE_SET) {
      const results = await catalog.search(relevanceCase.query);
      const rank = rankOfMeant(relevanceCase, results);
      ranks.push(rank);
      if (rank !== 1) {
        const firsts = relevanceCase.category ? results.categories[0]?.name : results.products[0]?.model;
        missed.push(`${relevanceCase.query} → ${firsts ?? "nothing"} (meant at ${rank || "none"})`);
      }
    }
    const { firstPlace } = relevanceScore(ranks);
    expect(firstPlace, `Missed:\n${missed.join("\n")}`).toBeGreaterThanOrEqual(LEAST_FIRST_PLACE);
  });
});

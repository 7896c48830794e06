import { describe, expect, it } from "vitest";
import { highlightParts, normalizeText, wordsOf } from "#app/domain/search-text";
import {
  COST,
  prepareQuery,
  SearchIndex,
  typoDistances,
  typosForgiven,
  type SearchDocument,
  type SynonymSet,
} from "./search-index.server";

const DOCUMENTS: SearchDocument[] = [
  { model: "VNT-D4M-AI28", fields: [["VNT-D4M-AI28"], ["Dome Cameras"], ["4MP", "2.8mm"], ["A starlight dome."]] },
  { model: "VNT-AC-JB1", fields: [["VNT-AC-JB1"], ["Accessories"], ["Junction Box"], ["Fits the VNT-D4M domes."]] },
  { model: "VNT-B5M-LPR", fields: [["VNT-B5M-LPR"], ["Bullet Cameras"], ["LPR"], ["Reads a license plate."]] },
  { model: "VNT-N8-P8", fields: [["VNT-N8-P8"], ["NVRs & Recorders"], ["8 Channel", "8 PoE Ports"], ["An NVR."]] },
  { model: "VNT-N64-R8", fields: [["VNT-N64-R8"], ["NVRs & Recorders"], ["64 Channel", "8 HDD Bays"], ["An NVR."]] },
];

function byText(a: string, b: string): number {
  return a.split(":")[0]?.localeCompare(b.split(":")[0] ?? "") ?? 0;
}

/** The models `query` finds, best first (ties in the order the documents were added). */
function ranked(index: SearchIndex, query: string, synonyms: SynonymSet[] = []): string[] {
  const found: { slot: number; cost: number }[] = [];
  index.search(prepareQuery(query, synonyms), (slot, cost) => found.push({ slot, cost }));
  return found.sort((a, b) => a.cost - b.cost || a.slot - b.slot).map(({ slot }) => DOCUMENTS[slot]?.model ?? "");
}

describe("search text", () => {
  it("normalizes compatibility forms, case, accents and ß, and leaves other scripts' marks", () => {
    expect(normalizeText("ｄｏｍｅ ＶＮＴ－Ｄ４Ｍ")).toBe("dome vnt-d4m");
    expect(normalizeText("Caméra DÔME Überwachung Straße")).toBe("camera dome uberwachung strasse");
    expect(normalizeText("ガ")).toBe("ガ");
    // A mark no letter has a composed form with stays apart after NFKC, and goes too.
    expect(normalizeText("Q\u0301 110° ×")).toBe("q 110° ×");
  });

  it("cuts words at everything but letters and digits, keeping a decimal point between digits", () => {
    expect(wordsOf('2.8–12 mm, 1/1.8" cmos; 1,000 lux vnt_x1 8MP(4K)')).toEqual([
      "2.8",
      "12",
      "mm",
      "1",
      "1.8",
      "cmos",
      "1,000",
      "lux",
      "vnt",
      "x1",
      "8MP",
      "4K",
    ]);
    expect(wordsOf("%_\\[]")).toEqual([]);
  });

  it("marks the displayed words that hold a matched word, whatever their form", () => {
    expect(highlightParts("VNT-D4M-AI28 Dôme", ["d4m", "dome"])).toEqual([
      { text: "VNT-", marked: false },
      { text: "D4M", marked: true },
      { text: "-AI28 ", marked: false },
      { text: "Dôme", marked: true },
    ]);
    expect(highlightParts("No match", [])).toEqual([{ text: "No match", marked: false }]);
    expect(highlightParts("VNT-P4M-25X", ["p4m25x"]).filter((part) => part.marked)).toEqual([
      { text: "P4M", marked: true },
      { text: "25X", marked: true },
    ]);
  });
});

describe("typo distances", () => {
  it("counts insertions, deletions, substitutions and swaps, and the distance to a start", () => {
    expect(typoDistances("bulet", "bullet", 1).whole).toBe(1);
    expect(typoDistances("starlihgt", "starlight", 2).whole).toBe(1);
    expect(typoDistances("camra", "camera", 1).whole).toBe(1);
    expect(typoDistances("recoder", "recorders", 1)).toEqual({ whole: 2, start: 1 });
    expect(typoDistances("dome", "bullet", 1).whole).toBe(2);
  });
});

describe("SearchIndex", () => {
  it("ranks the model first, a mention after, and every word must match", () => {
    const index = SearchIndex.of(DOCUMENTS);
    expect(ranked(index, "d4m")).toEqual(["VNT-D4M-AI28", "VNT-AC-JB1"]);
    expect(ranked(index, "d4m4mp")).toEqual([]);
    expect(ranked(index, "vntd4mai28")).toEqual(["VNT-D4M-AI28"]);
    expect(ranked(index, "dome 4mp")).toEqual(["VNT-D4M-AI28"]);
    expect(ranked(index, "4mp dome junction")).toEqual([]);
  });

  it("ranks words side by side in a name before the same words apart", () => {
    const index = SearchIndex.of(DOCUMENTS);
    expect(ranked(index, "8 channel")).toEqual(["VNT-N8-P8", "VNT-N64-R8"]);
  });

  it("forgives typos only in longer words, and only when exact matches are few", () => {
    const index = SearchIndex.of(DOCUMENTS);
    expect(ranked(index, "bulet")).toEqual(["VNT-B5M-LPR"]);
    expect(ranked(index, "junktion")).toEqual(["VNT-AC-JB1"]);
    expect(ranked(index, "dme")).toEqual([]);
  });

  it("forgives no typo in a word with a digit: one character off is another model or value", () => {
    expect([typosForgiven("bulet"), typosForgiven("starlihgt"), typosForgiven("dome")]).toEqual([1, 2, 0]);
    expect([typosForgiven("d4m25x"), typosForgiven("2.8mm"), typosForgiven("vntd4mai29")]).toEqual([0, 0, 0]);
    expect(ranked(SearchIndex.of(DOCUMENTS), "vnt-d4m-ai29")).toEqual([]);
  });

  it("finds the same records with the same costs whichever way a word's group is matched", () => {
    // Many records hold "camera"; few hold "lpr": "camera" is then checked in those few records' own
    // words rather than walked, and must come out as walking it would.
    const documents: SearchDocument[] = Array.from({ length: 2_000 }, (_, at) => ({
      model: `VNT-X${at}`,
      fields: [[`VNT-X${at}`], ["Cameras"], at % 199 === 0 ? ["LPR"] : ["Starlight"], [`A camera, number ${at}.`]],
    }));
    const index = SearchIndex.of(documents);
    const found = (query: string) => {
      const hits: string[] = [];
      index.search(prepareQuery(query), (slot, cost) => hits.push(`${documents[slot]?.model ?? ""}:${cost}`));
      return hits.sort(byText);
    };
    const expected = documents.flatMap((document, slot) => (slot % 199 === 0 ? [document.model ?? ""] : []));
    for (const query of ["lpr camera", "camera lpr", "lpr a", "lpr cam", "lpr camrea"]) {
      expect(
        found(query).map((hit) => hit.split(":")[0]),
        query,
      ).toEqual(expected.map((model) => model).sort(byText));
    }
    expect(found("camera lpr")).toEqual(found("lpr camera"));
    // The same costs as a record matched by walking both words: a fresh index holding only those records.
    const few = SearchIndex.of(
      expected.map((model) => documents.find((document) => document.model === model) as SearchDocument),
    );
    const walk = (query: string) => {
      const hits: string[] = [];
      few.search(prepareQuery(query), (slot, cost) => hits.push(`${expected[slot] ?? ""}:${cost}`));
      return hits.sort(byText);
    };
    expect(found("camera lpr")).toEqual(walk("camera lpr"));
    // A typo ("camrea") checked in the records' words costs what it costs walked.
    expect(found("lpr camrea")).toEqual(walk("lpr camrea"));
    const typoCost = Number(found("lpr camrea")[0]?.split(":")[1]) % COST.modelStarts;
    expect(typoCost).toBeGreaterThanOrEqual(COST.typo);
  });

  it("expands a word or a phrase with its synonyms, either way round", () => {
    const index = SearchIndex.of(DOCUMENTS);
    const synonyms = [
      ["LPR", "license plate"],
      ["NVR", "recorder"],
    ];
    expect(ranked(index, "license plate", synonyms)).toEqual(["VNT-B5M-LPR"]);
    expect(ranked(index, "lpr", synonyms)).toEqual(["VNT-B5M-LPR"]);
    expect(prepareQuery("licence plate reader", synonyms).groups).toHaveLength(3);
    expect(prepareQuery("license plate reader", synonyms).groups[0]?.alternatives).toEqual([
      { words: ["license", "plate"], synonym: false },
      { words: ["lpr"], synonym: true },
    ]);
  });

  it("answers after removals and additions as an index built afresh does", () => {
    const changed = SearchIndex.of(DOCUMENTS);
    changed.remove(1);
    changed.remove(3);
    const readded = changed.add(DOCUMENTS[3] as SearchDocument);
    const fresh = SearchIndex.of(DOCUMENTS.filter((_, slot) => slot !== 1));
    expect(changed.size).toBe(fresh.size);
    expect(changed.wordsAt(readded)).toEqual(fresh.wordsAt(2));
    for (const query of ["d4m", "8 channel", "nvr", "junction", "a"]) {
      const found: string[] = [];
      changed.search(prepareQuery(query), (slot) => found.push(changed.wordsAt(slot).join()));
      const expected: string[] = [];
      fresh.search(prepareQuery(query), (slot) => expected.push(fresh.wordsAt(slot).join()));
      expect(found.sort(), query).toEqual(expected.sort());
    }
    // A word no record holds any more is gone from the dictionary: nothing is found by it.
    expect(ranked(changed, "junction")).toEqual([]);
  });

  it("answers as an index built afresh after churn of many records' words", () => {
    // Records of many words, changed over and over, slots and word ids freed and handed out again.
    const documentOf = (at: number, round: number): SearchDocument => ({
      model: `VNT-${at}-${round}`,
      fields: [
        [`VNT-${at}-${round}`],
        ["Cameras"],
        Array.from({ length: 5 + ((at * 7 + round) % 40) }, (_, word) => `w${(at + word * round) % 97}x${word}`),
        [`Made in round ${round}.`],
      ],
    });
    const live = new Map<number, SearchDocument>();
    const changed = SearchIndex.of([]);
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 60; round += 1) {
      for (let step = 0; step < 40; step += 1) {
        const at = Math.floor(random() * 120);
        const slot = [...live.keys()].find((candidate) => live.get(candidate)?.model?.startsWith(`VNT-${at}-`));
        if (slot !== undefined) {
          changed.remove(slot);
          live.delete(slot);
        }
        if (random() < 0.8) {
          const document = documentOf(at, round);
          live.set(changed.add(document), document);
        }
      }
    }
    expect(changed.size).toBe(live.size);
    const slots = [...live.keys()];
    const fresh = SearchIndex.of(slots.map((slot) => live.get(slot) as SearchDocument));
    slots.forEach((slot, at) => expect(changed.wordsAt(slot)).toEqual(fresh.wordsAt(at)));
    for (const query of ["cameras", "w5x3", "round 59", "vnt 7", "w1"]) {
      const found: string[] = [];
      changed.search(prepareQuery(query), (slot, cost) => found.push(`${changed.wordsAt(slot).join()}:${cost}`));
      const expected: string[] = [];
      fresh.search(prepareQuery(query), (slot, cost) => expected.push(`${fresh.wordsAt(slot).join()}:${cost}`));
      expect(found.sort(), query).toEqual(expected.sort());
    }
  });

  it("keeps the words of a piece asked often up to date as records come and go", () => {
    // Thousands of words hold "x7" (each record's own "nx7…"): enough to be kept between searches.
    const documentOf = (at: number): SearchDocument => ({
      model: `VNT-${at}`,
      fields: [[`VNT-${at}`], ["Cameras"], [at % 3 === 0 ? `nx7${at}` : `ny${at}`], [`Number x7${at % 5}.`]],
    });
    const documents = Array.from({ length: 9_000 }, (_, at) => documentOf(at));
    const changed = SearchIndex.of(documents);
    const answers = (index: SearchIndex, query: string) => {
      const found: string[] = [];
      index.search(prepareQuery(query), (slot, cost) => found.push(`${index.wordsAt(slot).join()}:${cost}`));
      return found.sort();
    };
    const queries = ["x7", "nx7", "7", "x71", "cameras x7"];
    for (const query of queries) answers(changed, query);
    // Records leave (their words with them, ids freed) and come (reusing those ids for other words).
    const kept = new Map(documents.map((document, slot) => [slot, document]));
    for (let slot = 0; slot < 9_000; slot += 4) {
      changed.remove(slot);
      kept.delete(slot);
    }
    for (let at = 9_000; at < 10_500; at += 1) {
      const document = documentOf(at % 2 === 0 ? at : at * 7);
      kept.set(changed.add(document), document);
    }
    const fresh = SearchIndex.of([...kept.values()]);
    for (const query of queries) {
      expect(answers(changed, query), query).toEqual(answers(fresh, query));
      expect(answers(changed, query).length, query).toBeGreaterThan(1_000);
    }
  });
});

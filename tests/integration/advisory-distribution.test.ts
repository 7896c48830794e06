import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advisoryFeeds } from "../../http/advisory-feeds";
import { csafDistribution } from "../../http/csaf";
import { DEMO_ADVISORIES } from "../../demo/advisories";
import type { AdvisoryInput } from "#app/server/admin/advisories.server";
import type { ProductInput } from "#app/server/admin/products.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { advisoryInput } from "#tests/support/advisories";
import { csafProblems } from "#tests/support/csaf";
import { allNoticesHeard } from "#tests/support/queries";
import { DATABASE_KINDS, startTestRuntime, testDatabaseConfig } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput, productEditForm } from "#tests/support/products";
import { startServer, type RunningServer } from "#tests/support/server";
import { stageText } from "#tests/support/staged-files";

/** What a CSAF aggregator reads first: the provider metadata, as its schema (provider_json_schema) asks. */
interface ProviderMetadata {
  canonical_url: string;
  distributions: { directory_url: string }[];
  last_updated: string;
  list_on_CSAF_aggregators: boolean;
  mirror_on_CSAF_aggregators: boolean;
  metadata_version: string;
  publisher: { category: string; name: string; namespace: string; contact_details: string };
  role: string;
}

interface CsafTracking {
  document: {
    publisher: ProviderMetadata["publisher"];
    tracking: { id: string; version: string; revision_history: { number: string; summary: string }[] };
  };
  vulnerabilities: { product_status: { known_affected: string[]; fixed?: string[] } }[];
  product_tree: { branches: { branches: { name: string }[] }[] };
}

/**
 * Everything the distribution serves, read as an aggregator would: the metadata, the list, the changes
 * and each listed document with its hashes, each document checked by the CSAF validator. The listed
 * names in `index.txt` order.
 */
async function readDistribution(origin: string) {
  const metadataAnswer = await fetch(`${origin}/.well-known/csaf/provider-metadata.json`);
  expect(metadataAnswer.status).toBe(200);
  expect(metadataAnswer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const metadata = (await metadataAnswer.json()) as ProviderMetadata;
  const directory = metadata.distributions[0]?.directory_url ?? "";
  const index = await (await fetch(`${directory}index.txt`)).text();
  const names = index.split("\n").filter(Boolean);
  const changes = (await (await fetch(`${directory}changes.csv`)).text())
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [, name = "", date = ""] = /^"([^"]+)","([^"]+)"$/.exec(line) ?? [];
      return { name, date };
    });
  const documents = new Map<string, CsafTracking>();
  for (const name of names) {
    const answer = await fetch(`${directory}${name}`);
    expect(answer.status, name).toBe(200);
    const text = await answer.text();
    const file = name.split("/").pop() ?? "";
    for (const algorithm of ["sha256", "sha512"] as const) {
      const hash = await (await fetch(`${directory}${name}.${algorithm}`)).text();
      expect(hash, `${name}.${algorithm}`).toBe(`${createHash(algorithm).update(text).digest("hex")}  ${file}\n`);
    }
    const document: unknown = JSON.parse(text);
    expect(await csafProblems(document), name).toEqual([]);
    documents.set(name, document as CsafTracking);
  }
  return { metadata, directory, names, changes, documents };
}

describe.each(DATABASE_KINDS)("the demo's advisories as a CSAF provider distributes them on %s", (kind) => {
  let server: RunningServer | undefined;
  let cleanup = () => {};

  beforeAll(async () => {
    const config = await testDatabaseConfig(kind);
    cleanup = config.cleanup;
    server = await startServer({
      DATA_DIR: config.dataDir,
      DEMO_DATA: "1",
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await server?.stop();
    cleanup();
  });

  it("lists every demo advisory, each document valid, hashed, in its year's folder and in the changes", async () => {
    const origin = server?.url ?? "";
    const { metadata, directory, names, changes, documents } = await readDistribution(origin);
    expect(metadata).toMatchObject({
      canonical_url: `${origin}/.well-known/csaf/provider-metadata.json`,
      distributions: [{ directory_url: `${origin}/.well-known/csaf/white/` }],
      list_on_CSAF_aggregators: true,
      mirror_on_CSAF_aggregators: true,
      metadata_version: "2.0",
      role: "csaf_provider",
      publisher: { category: "vendor", namespace: origin },
    });
    expect(names.map((name) => name.replace(/^\d{4}\//, "")).sort()).toEqual(
      DEMO_ADVISORIES.map((advisory) => `${advisory.trackingId.toLowerCase()}.json`).sort(),
    );
    // Every document's publisher is the metadata's, and its revisions are the demo's.
    for (const advisory of DEMO_ADVISORIES) {
      const name = names.find((listed) => listed.endsWith(`/${advisory.trackingId.toLowerCase()}.json`)) ?? "";
      const document = documents.get(name);
      expect(document?.document.publisher).toEqual(metadata.publisher);
      expect(document?.document.tracking.revision_history.map((revision) => revision.summary)).toEqual(
        advisory.revisions.map(([, note]) => note),
      );
      // Its folder is the year of its first publication (CSAF 2.0, 7.1.11).
      const first = advisory.revisions[0]?.[0] ?? 0;
      expect(name.slice(0, 4)).toBe(new Date(Date.now() - first * 86_400_000).toISOString().slice(0, 4));
    }
    // Newest change first; the metadata's date is the newest.
    const dates = changes.map((change) => change.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(changes.map((change) => change.name))).toEqual(new Set(names));
    expect(metadata.last_updated).toBe(dates[0]);
    // The folders are listed (7.1.14), and only what is there.
    const listing = await (await fetch(directory)).text();
    expect(listing).toContain('href="/.well-known/csaf/white/index.txt"');
    for (const year of new Set(names.map((name) => name.slice(0, 4)))) {
      expect(listing).toContain(`href="/.well-known/csaf/white/${year}/"`);
      const folder = await fetch(`${directory}${year}/`);
      expect(folder.status).toBe(200);
      for (const name of names.filter((listed) => listed.startsWith(year))) {
        expect(await folder.clone().text()).toContain(`href="/.well-known/csaf/white/${name}.sha256"`);
      }
    }
    expect((await fetch(`${directory}1999/`)).status).toBe(404);
    expect((await fetch(`${directory}2026/vsa-2026-999.json`)).status).toBe(404);
  });

  it("gives an Atom feed of every advisory and one per product", async () => {
    const origin = server?.url ?? "";
    const all = await fetch(`${origin}/support/security.atom`);
    expect(all.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const entries = [...(await all.text()).matchAll(/<title>(VSA-[^<]+)<\/title>/g)].map((match) => match[1]);
    expect(entries).toEqual(
      [...DEMO_ADVISORIES]
        .sort((a, b) => (a.revisions[0]?.[0] ?? 0) - (b.revisions[0]?.[0] ?? 0))
        .map((advisory) => `${advisory.trackingId}: ${advisory.title}`),
    );
    const thermal = DEMO_ADVISORIES.find((advisory) => advisory.revisions.length > 1);
    const model = thermal?.products[0]?.model.toLowerCase() ?? "";
    const feed = await (await fetch(`${origin}/catalog/products/${model}/security.atom`)).text();
    expect([...feed.matchAll(/<entry>/g)]).toHaveLength(1);
    expect(feed).toContain(`<title>${thermal?.trackingId}: ${thermal?.title}</title>`);
    // Its revisions are in its content, the second's note too.
    expect(feed).toContain(thermal?.revisions[1]?.[1]);
    expect((await fetch(`${origin}/catalog/products/no-such-model/security.atom`)).status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)("the advisories visitors read on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let origin = "";
  let close = () => {};
  const productIds: string[] = [];
  let draftProductId = "";
  let releaseId = "";
  let draftReleaseId = "";

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const { categoryAdmin, productAdmin, firmware } = runtime.services;
    const categoryId = await categoryAdmin.createCategory(
      { name: "Domes", description: "", features: [] },
      TEST_ORIGIN,
    );
    for (const model of ["VNT-D4M", "VNT-B4M"]) {
      const { id } = await productAdmin.createProduct(await newProductInput(runtime, categoryId, model), TEST_ORIGIN);
      productIds.push(id);
    }
    ({ id: draftProductId } = await productAdmin.createProduct(
      { ...(await newProductInput(runtime, categoryId, "VNT-SECRET")), publication: { status: "draft" } },
      TEST_ORIGIN,
    ));
    const release = async (releaseVersion: string, status: "published" | "draft") =>
      firmware.create(
        {
          releaseVersion,
          releasedOn: "2026-03-01",
          channel: "stable",
          notes: "Security fixes.",
          fileId: (await stageText(runtime, `fw-${releaseVersion}.bin`, "firmware")).id,
          productIds,
          publication: { status },
        },
        TEST_ORIGIN,
      );
    releaseId = await release("2.4.3", "published");
    draftReleaseId = await release("2.6.0", "draft");
    // The distribution served as the site serves it, over HTTP on loopback, at its own address.
    const site = { services: runtime.services, env: { ...runtime.env } };
    const app = express().use(advisoryFeeds(site)).use(csafDistribution(site));
    const listening = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    site.env.publicUrl = origin;
    close = () => listening.close();
  });
  afterAll(async () => {
    close();
    await test?.close();
  });

  const input = (trackingId: string, overrides: Partial<AdvisoryInput> = {}): AdvisoryInput =>
    advisoryInput(
      trackingId,
      [
        { productId: productIds[0] ?? "", affectedVersions: "<2.4.3", fixedReleaseId: releaseId },
        { productId: draftProductId, affectedVersions: "<2.4.3" },
      ],
      overrides,
    );

  it("holds the published advisories only, as the list, the product pages, firmware and search read them", async () => {
    const { advisoryAdmin, advisories, sitemap } = runtime.services;
    const criticalId = await advisoryAdmin.create(
      input("VSA-2026-101", { cveIds: ["CVE-2026-10101"], acknowledgments: "A. Finder\nB. Finder" }),
      TEST_ORIGIN,
    );
    await advisoryAdmin.create(
      input("VSA-2026-102", {
        cvssV31: "",
        cvssV40: "CVSS:4.0/AV:A/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N",
        workaround: "Turn off UPnP.",
        products: [{ productId: productIds[1] ?? "", affectedVersions: ">=2.0.0|<=2.4.3" }],
      }),
      TEST_ORIGIN,
    );
    // Fixed by a release still in draft: no fix a visitor can install yet.
    await advisoryAdmin.create(
      input("VSA-2026-103", {
        products: [{ productId: productIds[1] ?? "", affectedVersions: "<2.6.0", fixedReleaseId: draftReleaseId }],
      }),
      TEST_ORIGIN,
    );
    await advisoryAdmin.create(input("VSA-2026-104", { publication: { status: "draft" } }), TEST_ORIGIN);
    await advisoryAdmin.create(
      input("VSA-2026-105", { publication: { status: "scheduled", publishAt: new Date(Date.now() + 86_400_000) } }),
      TEST_ORIGIN,
    );

    expect((await advisories.listAll()).map((advisory) => advisory.id).sort()).toEqual([
      "VSA-2026-101",
      "VSA-2026-102",
      "VSA-2026-103",
    ]);
    expect(await advisories.get("vsa-2026-104")).toBeUndefined();
    expect(await advisories.get("VSA-2026-105")).toBeUndefined();
    const critical = await advisories.get("vsa-2026-101");
    expect(critical).toMatchObject({
      severity: "Critical",
      cvss: { v31: { score: 9.8, severity: "Critical" }, v40: null },
      cves: ["CVE-2026-10101"],
      acknowledgments: ["A. Finder", "B. Finder"],
      path: "/support/security/vsa-2026-101",
      revisions: [{ number: 1, note: "Initial release." }],
    });
    // The draft product is not named to visitors; the published one is, with its fix.
    expect(critical?.affected.map((product) => [product.model, product.fixedIn?.version])).toEqual([
      ["VNT-D4M", "2.4.3"],
    ]);
    expect((await advisories.get("VSA-2026-103"))?.affected[0]?.fixedIn).toBeNull();
    expect((await advisories.fixedBy(releaseId)).map((advisory) => advisory.id)).toEqual(["VSA-2026-101"]);
    expect(await advisories.fixedBy(draftReleaseId)).toEqual([]);
    expect((await advisories.affecting(productIds[1] ?? "")).map((advisory) => advisory.id).sort()).toEqual([
      "VSA-2026-102",
      "VSA-2026-103",
    ]);
    expect(await advisories.affecting(draftProductId)).toEqual([]);

    // The list's filters: product, severity, year; and what they offer.
    const ids = async (filters: Parameters<typeof advisories.list>[0]) =>
      (await advisories.list(filters)).items.map((advisory) => advisory.id).sort();
    expect(await ids({ productId: productIds[0] })).toEqual(["VSA-2026-101"]);
    expect(await ids({ severity: "Medium" })).toEqual(["VSA-2026-102"]);
    expect(await ids({ severity: "Low" })).toEqual([]);
    const year = String(new Date().getUTCFullYear());
    expect(await ids({ year })).toHaveLength(3);
    expect(await ids({ year: "1999" })).toEqual([]);
    expect(await advisories.filterChoices()).toEqual({
      products: [
        { id: productIds[1], model: "VNT-B4M" },
        { id: productIds[0], model: "VNT-D4M" },
      ],
      severities: ["Critical", "Medium"],
      years: [year],
    });

    // Search finds an advisory by its id, a CVE id or its words; a draft by none of them.
    expect((await advisories.search("cve-2026-10101", 10)).map((advisory) => advisory.id)).toEqual(["VSA-2026-101"]);
    expect((await advisories.search("VSA-2026-102", 10)).map((advisory) => advisory.id)).toEqual(["VSA-2026-102"]);
    expect(await advisories.search("VSA-2026-104", 10)).toEqual([]);
    expect(await advisories.search("vnt-secret", 10)).toEqual([]);

    const listed = (await sitemap.listSitemapEntries()).map((entry) => entry.path);
    expect(listed).toContain("/support/security");
    expect(listed).toContain("/support/security/vsa-2026-101");
    expect(listed).not.toContain("/support/security/vsa-2026-104");
    expect(listed).not.toContain("/support/security/vsa-2026-105");

    // Deleted, it is gone from every read at once.
    const current = await advisoryAdmin.get(criticalId);
    await advisoryAdmin.remove(criticalId, current?.version ?? 0, TEST_ORIGIN);
    expect(await advisories.get("VSA-2026-101")).toBeUndefined();
    expect(await advisories.fixedBy(releaseId)).toEqual([]);
  });

  it("distributes the published advisories as CSAF, never a draft, and a revision as the document's next version", async () => {
    const { advisoryAdmin, scheduler } = runtime.services;
    const id = await advisoryAdmin.create(
      input("VSA-2026-201", {
        products: [{ productId: productIds[0] ?? "", affectedVersions: "<2.4.3", fixedReleaseId: releaseId }],
      }),
      TEST_ORIGIN,
    );
    const embargoed = await advisoryAdmin.create(
      input("VSA-2026-202", { publication: { status: "scheduled", publishAt: new Date(Date.now() + 1_000) } }),
      TEST_ORIGIN,
    );
    const before = await readDistribution(origin);
    expect(before.names).toContain(`${new Date().getUTCFullYear()}/vsa-2026-201.json`);
    expect(before.names.some((name) => name.includes("vsa-2026-202"))).toBe(false);
    expect(before.names.some((name) => name.includes("vsa-2026-104"))).toBe(false);
    const year = String(new Date().getUTCFullYear());
    expect((await fetch(`${origin}/.well-known/csaf/white/${year}/vsa-2026-202.json`)).status).toBe(404);
    expect(await (await fetch(`${origin}/support/security.atom`)).text()).not.toContain("VSA-2026-202");
    const document = before.documents.get(`${year}/vsa-2026-201.json`);
    expect(document?.document.tracking).toMatchObject({ id: "VSA-2026-201", version: "1" });
    expect(document?.vulnerabilities[0]?.product_status.fixed).toHaveLength(1);

    // Its disclosure time comes: the schedule publishes it, and it is distributed.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await scheduler.publishDue();
    const published = await readDistribution(origin);
    expect(published.names).toContain(`${year}/vsa-2026-202.json`);
    expect(published.changes[0]?.name).toBe(`${year}/vsa-2026-202.json`);
    expect((await advisoryAdmin.get(embargoed))?.revisions.map((revision) => revision.number)).toEqual([1]);

    // A second revision: the document's next version, the changes' newest, the feed's entry updated.
    const saved = await advisoryAdmin.get(id);
    await advisoryAdmin.update(
      id,
      saved?.version ?? 0,
      input("VSA-2026-201", {
        products: [
          { productId: productIds[0] ?? "", affectedVersions: "<2.4.3", fixedReleaseId: releaseId },
          { productId: productIds[1] ?? "", affectedVersions: "<2.4.3", fixedReleaseId: releaseId },
        ],
        revisionNote: "VNT-B4M added.",
      }),
      TEST_ORIGIN,
    );
    const revised = await readDistribution(origin);
    const again = revised.documents.get(`${year}/vsa-2026-201.json`);
    expect(again?.document.tracking.version).toBe("2");
    expect(again?.document.tracking.revision_history.map((revision) => revision.summary)).toEqual([
      "Initial release.",
      "VNT-B4M added.",
    ]);
    expect(again?.product_tree.branches[0]?.branches.map((product) => product.name)).toEqual(["VNT-D4M", "VNT-B4M"]);
    expect(revised.changes[0]?.name).toBe(`${year}/vsa-2026-201.json`);
    expect(revised.metadata.last_updated).toBe(revised.changes[0]?.date);
    const feed = await (await fetch(`${origin}/catalog/products/vnt-b4m/security.atom`)).text();
    expect(feed).toContain("<title>VSA-2026-201: Advisory VSA-2026-201</title>");
    expect(feed).toContain("2 (");
    expect(feed).toContain("VNT-B4M added.");
  });

  it("names products as the catalog holds them: a save renaming none reads nothing again", async () => {
    const { advisoryAdmin, advisories, productAdmin } = runtime.services;
    const [namedId = ""] = productIds;
    await advisoryAdmin.create(input("VSA-2026-301", { title: "Names as the catalog has them" }), TEST_ORIGIN);
    const save = async (productId: string, change: Partial<ProductInput>) => {
      const { version, input: form } = await productEditForm(runtime, productId);
      await productAdmin.updateProduct(productId, version, { ...form, ...change }, TEST_ORIGIN);
    };
    const named = async () =>
      (await advisories.get("VSA-2026-301"))?.affected.map((product) => [product.model, product.slug]);
    const found = async (query: string) => (await advisories.search(query, 10)).map((advisory) => advisory.id);
    expect(await named()).toEqual([["VNT-D4M", "vnt-d4m"]]);

    // A save that changes no product's name, address or publication: the very copy is handed out again
    // (once the database's notices of the writes above are heard).
    await allNoticesHeard(runtime);
    const kept = await advisories.listAll();
    await save(namedId, { description: "Edited, not renamed." });
    expect(await advisories.listAll()).toBe(kept);

    // A new model shows at once, in the advisory and in what a search finds it by.
    await save(namedId, { model: "VNT-D4M-II" });
    expect((await named())?.[0]?.[0]).toBe("VNT-D4M-II");
    expect(await found("VNT-D4M-II")).toContain("VSA-2026-301");
    // The draft it names is named to visitors once published, and no more once it is a draft again.
    await save(draftProductId, { publication: { status: "published" } });
    expect(await named()).toEqual([
      ["VNT-D4M-II", "vnt-d4m"],
      ["VNT-SECRET", "vnt-secret"],
    ]);
    expect(await found("vnt-secret")).toContain("VSA-2026-301");
    await save(draftProductId, { publication: { status: "draft" } });
    await save(namedId, { model: "VNT-D4M" });
    expect(await named()).toEqual([["VNT-D4M", "vnt-d4m"]]);
    expect(await found("vnt-secret")).toEqual([]);
  });
});

import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { createLogger } from "#app/server/platform/logger.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
import { fillPageCache, PageCache, pageCacheHits } from "../../http/page-cache";
import { adminServer } from "#tests/support/admin-server";
import { residentBytes } from "#tests/support/memory";
import { freePort } from "#tests/support/ports";
import { createDatabase } from "#tests/support/postgres";
import { sendRaw } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";
import { TEST_ORIGIN } from "#tests/support/origin";
import { and, eq, sql } from "drizzle-orm";
import { categories, products } from "#app/server/db/schema";
import { catalogCategoryPath, catalogProductPath } from "#app/domain/paths";
import type { CatalogProduct } from "#app/domain/catalog-views";
import { loadDemoCatalogIfEmpty } from "../../demo/load";
import { productEditForm } from "#tests/support/products";
import { advisoryInput } from "#tests/support/advisories";

interface Answer {
  status: number;
  cache: string | null;
  csp: string;
  body: string;
  setCookie: string[];
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    csp: response.headers.get("content-security-policy") ?? "",
    body: await response.text(),
    setCookie: response.headers.getSetCookie(),
  };
}

function cspNonce(answer: Answer): string {
  const nonce = /'nonce-([^']+)'/.exec(answer.csp)?.[1];
  if (!nonce) throw new Error(`no nonce in ${answer.csp}`);
  return nonce;
}

/** The text of every inline script of a page, as a browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\bsrc=/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");
}

function sha256Source(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** The nonces the page's own script tags carry. */
function scriptNonces(answer: Answer): string[] {
  return [...answer.body.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1] ?? "");
}

describe("the page cache of one server", () => {
  const server = adminServer({ DEMO_DATA: "1" });

  it("serves the second anonymous request from the cache: the same bytes without the first one's nonce", async () => {
    for (const pathname of ["/", "/catalog", "/support", "/about", "/search?q=dome", "/sitemap.xml", "/catalog.data"]) {
      const first = await get(`${server.url}${pathname}`);
      const second = await get(`${server.url}${pathname}`);
      expect([pathname, first.status, first.cache]).toEqual([pathname, 200, "miss"]);
      expect([pathname, second.status, second.cache]).toEqual([pathname, 200, "hit"]);
      // The rendered response had its own nonce; the cached one has none, for nobody else may hold it.
      const nonce = cspNonce(first);
      expect(second.body).not.toContain(nonce);
      expect(second.body).toBe(first.body.split(nonce).join(""));
      expect(second.csp).not.toContain("'nonce-");
      if (!pathname.includes(".")) {
        expect(scriptNonces(first).length).toBeGreaterThan(0);
        expect(new Set(scriptNonces(first))).toEqual(new Set([nonce]));
        // The hit's policy allows exactly its inline scripts, by their hashes.
        const inline = inlineScripts(second.body);
        expect(inline.length).toBeGreaterThan(0);
        const scriptSrc = second.csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
        const allowed = new Set([...scriptSrc.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]));
        expect(new Set(inline.map(sha256Source))).toEqual(allowed);
      }
    }
  });

  it("answers a hit with every header the rendered page had, and a request id of its own", async () => {
    const first = await fetch(`${server.url}/contact`);
    // The page is kept once its whole body has been sent.
    await first.text();
    const hit = await fetch(`${server.url}/contact`, { headers: { "X-Request-Id": "from-the-proxy" } });
    expect([first.headers.get("x-cache"), hit.headers.get("x-cache")]).toEqual(["miss", "hit"]);
    // How the body is framed (streamed when rendered, a known length when stored) is each response's own.
    const perResponse = new Set(["content-security-policy", "x-request-id", "x-cache", "date"]);
    const framing = new Set(["content-length", "transfer-encoding", "content-encoding"]);
    const kept = (response: Response) =>
      [...response.headers].filter(([name]) => !perResponse.has(name) && !framing.has(name));
    expect(kept(hit)).toEqual(kept(first));
    for (const name of ["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"]) {
      expect([name, hit.headers.get(name)]).toEqual([name, first.headers.get(name)]);
      expect(hit.headers.get(name)).not.toBeNull();
    }
    expect(hit.headers.get("x-request-id")).toBe("from-the-proxy");
    const anotherHit = await fetch(`${server.url}/contact`, { headers: { "Accept-Encoding": "identity" } });
    expect(anotherHit.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(anotherHit.headers.get("content-length"))).toBe((await anotherHit.arrayBuffer()).byteLength);
  });

  it("sends a compressed copy made once, to clients that take it", async () => {
    await get(`${server.url}/privacy`);
    const plain = await get(`${server.url}/privacy`);
    for (const encoding of ["br", "gzip"]) {
      await expect
        .poll(async () => {
          const response = await fetch(`${server.url}/privacy`, { headers: { "Accept-Encoding": encoding } });
          const body = await response.text();
          return [response.headers.get("content-encoding"), response.headers.get("x-cache"), body === plain.body];
        })
        .toEqual([encoding, "hit", true]);
    }
    const identity = await fetch(`${server.url}/privacy`, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("compresses a page as it is sent, its first hit and the copy it keeps with brotli's window at 256 KB", async () => {
    // A brotli stream's first bits give its window: 1, then 1 in the next three for 2^18 bytes.
    const windowBits = (stream: Buffer) => ((stream[0] ?? 0) & 0b1111) === 0b0011;
    const page = `${server.url}/search?q=${encodeURIComponent("window")}`;
    const miss = await sendRaw(page, { headers: { "Accept-Encoding": "br" } });
    const hit = await sendRaw(page, { headers: { "Accept-Encoding": "br" } });
    expect([miss.headers["x-cache"], miss.headers["content-encoding"], windowBits(miss.body)]).toEqual([
      "miss",
      "br",
      true,
    ]);
    expect([hit.headers["x-cache"], hit.headers["content-encoding"], windowBits(hit.body)]).toEqual([
      "hit",
      "br",
      true,
    ]);
    expect(zlib.brotliDecompressSync(miss.body).toString()).toContain("</html>");
    // Asked for again, the page gets the copy kept for later visitors: smaller, and with the same window.
    await expect
      .poll(async () => {
        const kept = await sendRaw(page, { headers: { "Accept-Encoding": "br" } });
        return [kept.body.byteLength < hit.body.byteLength, windowBits(kept.body)];
      })
      .toEqual([true, true]);
  });

  it("never stores or serves an admin's page: a signed-in request bypasses the cache both ways", async () => {
    // A page nobody asked for yet (made-up parameters would never be kept at all).
    const admin = await get(`${server.url}/search?q=admin-bypass`, { Cookie: server.cookie });
    expect(admin.status).toBe(200);
    expect(admin.cache).toBeNull();
    expect(admin.body).toContain("Sign Out");
    const visitor = await get(`${server.url}/search?q=admin-bypass`);
    expect(visitor.cache).toBe("miss");
    expect(visitor.body).not.toContain("Sign Out");
    // And a page a visitor filled is not what the admin gets.
    expect((await get(`${server.url}/search?q=admin-bypass`)).cache).toBe("hit");
    const again = await get(`${server.url}/search?q=admin-bypass`, { Cookie: server.cookie });
    expect(again.cache).toBeNull();
    expect(again.body).toContain("Sign Out");
  });

  it("never keeps errors, forms or the dashboard", async () => {
    for (const pathname of [`/catalog/products/${randomUUID()}`, "/no-such-page", "/login", "/forgot", "/dashboard"]) {
      await get(`${server.url}${pathname}`);
      const second = await get(`${server.url}${pathname}`);
      // An error page's route may be cacheable ('miss'); the answer itself is never kept.
      expect([pathname, second.cache === "hit"]).toEqual([pathname, false]);
    }
  });

  it("shows a write to the very next request, and drops only the pages that show what changed", async () => {
    await get(`${server.url}/catalog`);
    await get(`${server.url}/`);
    await get(`${server.url}/support`);
    expect((await get(`${server.url}/catalog`)).cache).toBe("hit");
    expect((await get(`${server.url}/`)).cache).toBe("hit");
    expect((await get(`${server.url}/support`)).cache).toBe("hit");

    const name = `Cache Test ${randomUUID().slice(0, 8)}`;
    const created = await fetch(`${server.url}/dashboard/categories/new`, {
      method: "POST",
      headers: { Cookie: server.cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name, description: "Made by the cache test" }),
    });
    expect(created.status).toBe(200);

    const catalog = await get(`${server.url}/catalog`);
    expect(catalog.cache).toBe("miss");
    expect(catalog.body).toContain(name);
    // /support lists the categories to search in: it is dropped too.
    const support = await get(`${server.url}/support`);
    expect(support.cache).toBe("miss");
    expect(support.body).toContain(name);
    // The home page shows info items, not categories: it stays cached.
    expect((await get(`${server.url}/`)).cache).toBe("hit");
  });
});

describe("the page cache behind a proxy", () => {
  let direct: RunningServer;
  let proxied: RunningServer;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startServer(), startServer({ TRUST_PROXY: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  it("keeps pages apart by the scheme the visitor used, as far as the proxy is trusted", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    for (const server of [direct, proxied]) {
      await get(`${server.url}/about`);
      expect((await get(`${server.url}/about`)).cache).toBe("hit");
    }
    // An untrusted client's header changes nothing: the connection is plain http.
    expect((await get(`${direct.url}/about`, https)).cache).toBe("hit");
    // A trusted proxy's https visitor gets a page of its own (its links may differ), then that one.
    expect((await get(`${proxied.url}/about`, https)).cache).toBe("miss");
    expect((await get(`${proxied.url}/about`, https)).cache).toBe("hit");
    expect((await get(`${proxied.url}/about`, { "X-Forwarded-Proto": "https, http" })).cache).toBe("hit");
    expect((await get(`${proxied.url}/about`)).cache).toBe("hit");
  });
});

describe("what the page cache keeps", () => {
  const server = adminServer({ DEMO_DATA: "1" });

  it("keeps nothing for a URL with a parameter its page does not read, so made-up ones cannot fill it", async () => {
    for (const pathname of ["/about?utm_source=mail", "/catalog?page=1&x=1", "/robots.txt?n=1", "/about.data?x=1"]) {
      const first = await get(`${server.url}${pathname}`);
      const second = await get(`${server.url}${pathname}`);
      expect([pathname, first.status, first.cache, second.cache]).toEqual([pathname, 200, null, null]);
    }
    // The same page without the stray parameter is kept as usual.
    await get(`${server.url}/about`);
    expect((await get(`${server.url}/about`)).cache).toBe("hit");
  });

  it("keeps one page for the same parameters in any order", async () => {
    const first = await get(`${server.url}/search?q=dome&preview=1`);
    const reordered = await get(`${server.url}/search?preview=1&q=dome`);
    expect([first.cache, reordered.cache]).toEqual(["miss", "hit"]);
    expect(reordered.body).toBe(first.body.split(cspNonce(first)).join(""));
    const data = await get(`${server.url}/catalog.data?_routes=routes%2Fcatalog-all&page=2`);
    const dataAgain = await get(`${server.url}/catalog.data?page=2&_routes=routes%2Fcatalog-all`);
    expect([data.status, data.cache, dataAgain.cache]).toEqual([200, "miss", "hit"]);
  });

  it("takes a burst of 200 new pages at once without compressing any of them (memory grows ≤ 300 MB)", async () => {
    const before = residentBytes(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(server.pid))), 20);
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, n) => get(`${server.url}/search?q=${encodeURIComponent(`burst ${n}`)}`)),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.cache === "miss")).toBe(true);
      // Let any work the burst left behind (compressions, say) run while memory is still watched.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThanOrEqual(300 * 1024 * 1024);
    // Pages asked for once have no stored compressed copy: the first visitor after is sent one made
    // for them (never the plain bytes), and asking again has the stronger copy made and kept.
    const ask = () =>
      sendRaw(`${server.url}/search?q=${encodeURIComponent("burst 7")}`, { headers: { "Accept-Encoding": "br" } });
    const once = await ask();
    expect([once.headers["x-cache"], once.headers["content-encoding"]]).toEqual(["hit", "br"]);
    await expect
      .poll(async () => {
        const again = await ask();
        return [again.headers["content-encoding"], again.body.byteLength < once.body.byteLength];
      })
      .toEqual(["br", true]);
  });
});

describe("the page cache middleware", () => {
  let listening: Server;
  let base: string;
  let rendered = 0;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      next();
    });
    const topics = () => ({ topics: new Set(["products" as const]), query: new Set<string>(), byRecord: false });
    const cache = new PageCache();
    const logger = createLogger("silent");
    const answerHit = pageCacheHits(cache, topics, () => false, logger);
    app.use((req, res, next) => {
      if (!answerHit(req, res)) next();
    });
    app.use(fillPageCache(cache, topics, () => false, logger));
    app.get("/cookie", (_req, res) => {
      rendered += 1;
      res.setHeader("Set-Cookie", "theme=dark");
      res.send("with a cookie");
    });
    app.get("/no-store", (_req, res) => {
      rendered += 1;
      res.setHeader("Cache-Control", "no-store");
      res.send("private");
    });
    app.get("/fails", (_req, res) => {
      rendered += 1;
      res.status(500).send("failed");
    });
    const port = await freePort();
    listening = app.listen(port, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listening?.close(resolve));
  });

  it("does not keep an answer that sets a cookie, says no-store or failed", async () => {
    for (const pathname of ["/cookie", "/no-store", "/fails"]) {
      const before = rendered;
      await get(`${base}${pathname}`);
      const second = await get(`${base}${pathname}`);
      expect([pathname, second.cache, rendered - before]).toEqual([pathname, "miss", 2]);
    }
  });
});

describe("the page caches of two servers on one PostgreSQL database", () => {
  let servers: RunningServer[] = [];
  let writer: Runtime | undefined;
  const folders: string[] = [];

  beforeAll(async () => {
    const databaseUrl = await createDatabase(
      inject("postgresAdminUrl"),
      `cache_${randomUUID().replace(/-/g, "").slice(0, 12)}`,
    );
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cache-files-"));
    const writerDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-cache-writer-"));
    folders.push(storage, writerDir);
    const shared = { DATABASE_URL: databaseUrl, STORAGE_URL: `file://${storage}` };
    writer = await startRuntime(parseEnv({ ...shared, DATA_DIR: writerDir, LOG_LEVEL: "silent" }));
    // The demo catalog, loaded once before the servers read it: several categories of products.
    await loadDemoCatalogIfEmpty(writer);
    servers = await Promise.all([startServer(shared), startServer(shared)]);
  });
  afterAll(async () => {
    await writer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("drops a page on every instance once the change feed brings another instance's write", async () => {
    for (const server of servers) {
      await get(`${server.url}/catalog`);
      expect((await get(`${server.url}/catalog`)).cache).toBe("hit");
    }
    const name = `Elsewhere ${randomUUID().slice(0, 8)}`;
    if (!writer) throw new Error("the writing runtime did not start");
    await writer.services.categoryAdmin.createCategory({ name, description: "", features: [] }, TEST_ORIGIN);
    for (const server of servers) {
      await expect.poll(async () => (await get(`${server.url}/catalog`)).body).toContain(name);
    }
  });

  it("drops on a product's change its page, its category's listing and the searches it is in, and keeps the rest", async () => {
    if (!writer) throw new Error("the writing runtime did not start");
    const db = writer.database.db;
    // Two published products of two categories, sold as usual: listings leave discontinued ones out (decision 072).
    const picked = await db
      .selectDistinctOn([products.categoryId], {
        id: products.id,
        slug: products.slug,
        model: products.model,
        categoryId: products.categoryId,
        category: { slug: categories.slug },
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.status, "published"), eq(products.lifecycle, "active")))
      .orderBy(products.categoryId, products.model)
      .limit(2);
    const [changed, untouched] = picked;
    if (!changed || !untouched) throw new Error("the demo catalog has fewer than two categories of products");
    const phrase = `changed ${randomUUID().slice(0, 8)}`;
    const pages = {
      product: catalogProductPath(changed),
      listing: catalogCategoryPath(changed.category),
      searchHolding: `/search?q=${encodeURIComponent(changed.model)}`,
      searchNewlyHolding: `/search?q=${encodeURIComponent(phrase)}`,
      otherProduct: catalogProductPath(untouched),
      otherListing: catalogCategoryPath(untouched.category),
      otherSearch: `/search?q=${encodeURIComponent(untouched.model)}`,
      home: "/",
    };
    const [server] = servers;
    if (!server) throw new Error("no server");
    for (const [name, pathname] of Object.entries(pages)) {
      await get(`${server.url}${pathname}`);
      expect([name, (await get(`${server.url}${pathname}`)).cache]).toEqual([name, "hit"]);
    }
    // As another instance or an operator would: heard through the database's notice alone.
    await db.execute(sql`update products set description = ${`Now ${phrase}`} where id = ${changed.id}`);
    await expect.poll(async () => (await get(`${server.url}${pages.product}`)).body).toContain(`Now ${phrase}`);
    for (const name of ["listing", "searchHolding", "searchNewlyHolding"] as const) {
      const answer = await get(`${server.url}${pages[name]}`);
      expect([name, answer.cache]).toEqual([name, "miss"]);
      expect([name, answer.body.includes(changed.model)]).toEqual([name, true]);
    }
    for (const name of ["otherProduct", "otherListing", "otherSearch", "home"] as const) {
      expect([name, (await get(`${server.url}${pages[name]}`)).cache]).toEqual([name, "hit"]);
    }
  });

  it("drops a page whose firmware or advisories name a product when that product is renamed, and keeps the rest", async () => {
    const running = writer;
    if (!running) throw new Error("the writing runtime did not start");
    const { catalog, firmware, advisories, productAdmin, advisoryAdmin } = running.services;
    // A product whose latest firmware is also another's (named on its page), a product an advisory
    // names with that other one, and a product whose page names neither. None of their pages shows it
    // as an accessory or a replacement: those show its model themselves.
    const published = (await catalog.listProducts({ pageSize: 1_000 })).products;
    const withLatest = await Promise.all(
      published.map(async (product) => ({
        product,
        latest: await firmware.latestStable(product.id),
        page: await catalog.getProduct(product.id),
        advisories: await advisories.affecting(product.id),
      })),
    );
    const linksTo = (page: CatalogProduct | null, id: string) =>
      [...(page?.accessories ?? []), ...(page?.lifecycle.replacements ?? [])].some((linked) => linked.id === id);
    const pair = withLatest
      .flatMap(({ product, latest, page }) =>
        (latest?.products ?? []).map((other) => ({ product, other, linked: linksTo(page, other.id) })),
      )
      .find(({ product, other, linked }) => other.id !== product.id && !linked);
    if (!pair) throw new Error("the demo catalog has no release for two products");
    const { product: sharing, other: renamed } = pair;
    const namesNot = ({ latest, page, advisories: listed }: (typeof withLatest)[number]) =>
      !linksTo(page, renamed.id) &&
      !latest?.products.some((named) => named.id === renamed.id) &&
      !listed.some((advisory) => advisory.affected.some((affected) => affected.productId === renamed.id));
    const [alongside, unrelated] = withLatest.filter(
      (candidate) => ![renamed.id, sharing.id].includes(candidate.product.id) && namesNot(candidate),
    );
    if (!alongside || !unrelated) throw new Error("the demo catalog has too few products naming neither");
    const trackingId = `VSA-2099-${randomUUID().slice(0, 4)}`;
    const advisoryId = await advisoryAdmin.create(
      advisoryInput(trackingId, [
        { productId: renamed.id, affectedVersions: "<9.0.0" },
        { productId: alongside.product.id, affectedVersions: "<9.0.0" },
      ]),
      TEST_ORIGIN,
    );
    const pages = {
      sharing: catalogProductPath(sharing),
      alongside: catalogProductPath(alongside.product),
      advisory: `/support/security/${trackingId.toLowerCase()}`,
      search: `/search?q=${encodeURIComponent(trackingId)}`,
      unrelated: catalogProductPath(unrelated.product),
    };
    const [server] = servers;
    if (!server) throw new Error("no server");
    const rename = async (model: string) => {
      const { version, input } = await productEditForm(running, renamed.id);
      await productAdmin.updateProduct(renamed.id, version, { ...input, model }, TEST_ORIGIN);
    };
    const model = `${renamed.model}-R${randomUUID().slice(0, 4)}`;
    try {
      // Once this server has heard of the advisory (its page is there, and on the product's), every page is kept.
      await expect.poll(async () => (await get(`${server.url}${pages.advisory}`)).status).toBe(200);
      await expect.poll(async () => (await get(`${server.url}${pages.alongside}`)).body).toContain(trackingId);
      for (const [name, pathname] of Object.entries(pages)) {
        await get(`${server.url}${pathname}`);
        expect([name, (await get(`${server.url}${pathname}`)).cache]).toEqual([name, "hit"]);
      }
      // Saved through another instance: this one hears of it on the change feed and the database's notice.
      await rename(model);
      // The advisory's page goes with the products topic, once the change feed brings the write.
      await expect.poll(async () => (await get(`${server.url}${pages.advisory}`)).body).toContain(model);
      // The product page naming it in its latest release goes with what it named, once the catalog has
      // applied the database's notice: then it is kept again, with the new model (kept as it was, it
      // would show the old one).
      await expect
        .poll(async () => {
          const answer = await get(`${server.url}${pages.sharing}`);
          return answer.cache === "hit" && answer.body.includes(model);
        })
        .toBe(true);
      // So did the one whose advisory names it, and a search through the advisories; a page naming
      // neither product stayed.
      expect((await get(`${server.url}${pages.alongside}`)).cache).toBe("miss");
      expect((await get(`${server.url}${pages.search}`)).cache).toBe("miss");
      expect((await get(`${server.url}${pages.unrelated}`)).cache).toBe("hit");
    } finally {
      await rename(renamed.model);
      const saved = await advisoryAdmin.get(advisoryId);
      await advisoryAdmin.remove(advisoryId, saved?.version ?? 0, TEST_ORIGIN);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminServer } from "#tests/support/admin-server";
import { adminEnv } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";
import { sample } from "#tests/support/metrics";

async function metricsOf(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("/metrics on this machine", () => {
  const server = adminServer();

  it("counts requests by route and status, with their times, and the page cache's hits and misses", async () => {
    // Each answer read whole: a page is kept once its answer is finished.
    for (const path of ["/about", "/about", "/about", "/about?utm_source=mail", "/no-such-page"]) {
      await (await fetch(`${server.url}${path}`)).text();
    }
    const { status, headers, text } = await metricsOf(server.url);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(headers.get("cache-control")).toBe("no-store");
    // Rendered: the first visit, and the one with a parameter the page does not read (never kept).
    expect(sample(text, 'http_requests_total{route="routes/about",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{route="(page cache)",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{route="routes/not-found",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="routes/about",method="GET",status="200"}')).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_bucket{le="+Inf",route="(page cache)",method="GET",status="200"}'),
    ).toBe(2);
    expect(sample(text, 'vantage_page_cache_lookups_total{result="hit"}')).toBe(2);
    expect(sample(text, 'vantage_page_cache_lookups_total{result="miss"}')).toBe(1);
    expect(sample(text, "vantage_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "vantage_page_cache_bytes")).toBeGreaterThan(10_000);
    // The embedded database is one connection inside the process.
    expect(sample(text, 'vantage_database_connections{state="max"}')).toBe(1);
    // Node's own: event-loop delay and memory.
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    // Paths that differ only in a record's id are one route (matched once, then known by their shape).
    for (const id of ["00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b"]) {
      await (await fetch(`${server.url}/catalog/products/${id}`)).text();
    }
    const afterProducts = (await metricsOf(server.url)).text;
    expect(sample(afterProducts, 'http_requests_total{route="routes/product",method="GET",status="404"}')).toBe(2);
    expect(afterProducts).not.toContain("00000000-0000-4000-8000");
    // The path itself is never a label: made-up URLs cannot make new series.
    expect(text).not.toContain("no-such-page");
    expect(text).not.toContain("utm_source");
  });

  it("counts open live streams and how late changes arrive", async () => {
    const stream = new AbortController();
    const response = await fetch(`${server.url}/events`, { signal: stream.signal });
    const reader = response.body?.getReader();
    await reader?.read();
    await expect.poll(async () => sample((await metricsOf(server.url)).text, "vantage_live_streams")).toBe(1);

    const created = await fetch(`${server.url}/dashboard/categories/new`, {
      method: "POST",
      headers: { Cookie: server.cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Metrics Cameras", description: "Made by the metrics test" }),
    });
    // The create answers with a redirect to the new category, which fetch followed.
    expect([created.status, created.redirected]).toEqual([200, true]);
    await expect
      .poll(async () => sample((await metricsOf(server.url)).text, "vantage_change_feed_lag_seconds_count"))
      .toBeGreaterThanOrEqual(1);
    const { text } = await metricsOf(server.url);
    expect(sample(text, 'vantage_change_feed_lag_seconds_bucket{le="+Inf"}')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_requests_total{route="routes/dashboard/categories/new",method="POST",status="302"}'),
    ).toBe(1);

    stream.abort();
    await expect.poll(async () => sample((await metricsOf(server.url)).text, "vantage_live_streams")).toBe(0);
  });

  it("refuses what a proxy on this machine forwarded from elsewhere", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      const refused = await metricsOf(server.url, {
        [header]: header === "Forwarded" ? "for=203.0.113.9" : "203.0.113.9",
      });
      expect([header, refused.status, refused.text]).toEqual([
        header,
        403,
        "Metrics are served only to this machine; set METRICS_TOKEN to read them from elsewhere.",
      ]);
    }
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  const token = "a-long-metrics-token-0123456789";
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...adminEnv(), METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers only a request with the bearer token, from anywhere", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${token}`, `Bearer ${token}x`]) {
      const refused = await metricsOf(server.url, authorization ? { Authorization: authorization } : {});
      expect([authorization, refused.status, refused.headers.get("www-authenticate")]).toEqual([
        authorization,
        401,
        'Bearer realm="metrics"',
      ]);
    }
    const forwarded = await metricsOf(server.url, {
      Authorization: `Bearer ${token}`,
      "X-Forwarded-For": "203.0.113.9",
    });
    expect(forwarded.status).toBe(200);
    expect(sample(forwarded.text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

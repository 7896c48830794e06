import http from "node:http";
import zlib from "node:zlib";

/** A response body's bytes exactly as sent over the wire when the client accepts gzip. */
async function wireBytes(url: string, expectedStatus = 200): Promise<{ body: string; wire: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        if (response.statusCode !== expectedStatus) {
          response.resume();
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzipped = response.headers["content-encoding"] === "gzip";
          resolve({ body: (gzipped ? zlib.gunzipSync(raw) : raw).toString(), wire: raw.length });
        });
      })
      .on("error", reject);
  });
}

/** Scripts the page itself asks for: module preloads, script tags, and (dynamic) imports in its inline modules. */
function scriptsOf(html: string) {
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  const tags = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)];
  const inlineImports = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((script) => [
    ...(script[1] ?? "").matchAll(/\bimport\s*\(?\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+\.js)["']/g),
  ]);
  return [...preloads, ...tags, ...inlineImports].map((match) => match[1] ?? "");
}

/**
 * Every JavaScript file a first load of `pagePath` fetches — the page's scripts and module preloads and,
 * recursively, their static imports — with the gzip bytes each one costs on the wire.
 */
export async function firstLoadJavaScript(origin: string, pagePath: string, status = 200) {
  const html = (await wireBytes(origin + pagePath, status)).body;
  const pending = scriptsOf(html).map((reference) => new URL(reference, origin).href);
  const files = new Map<string, number>();
  while (pending.length) {
    const url = pending.pop() ?? "";
    if (files.has(url)) continue;
    const { body, wire } = await wireBytes(url);
    files.set(url, wire);
    for (const match of body.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[\w.-]+\.js)["']/g)) {
      pending.push(new URL(match[1] ?? "", url).href);
    }
  }
  const total = [...files.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { files: files.size, gzipBytes: total };
}

/**
 * Importing 10,000 products, as an admin does it through the dashboard: the catalog's CSV export with
 * every row's description edited is uploaded, checked (the dry run) and applied, each through the
 * real server on a 10,000-product catalog. Wall time of each step, and the whole against the
 * 30-second target; the catalog is then read back to confirm every row changed. `npm run bench:import`.
 */
import fs from "node:fs";
import { CATALOG_COLUMNS, MAX_IMPORT_ROWS } from "../app/domain/catalog-sheet";
import { csvLine, parseCsv } from "../app/server/platform/csv.server";
import { adminEnv, sendRaw, signIn } from "../tests/support/http";
import { startServer } from "../tests/support/server";
import { generateCatalog } from "./lib/catalog";
import { buildSite, writeResult } from "./lib/site";

export interface ImportResult {
  products: number;
  uploadMs: number;
  checkMs: number;
  applyMs: number;
  totalMs: number;
}

export async function measureImport(productCount = MAX_IMPORT_ROWS): Promise<ImportResult> {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({ ...adminEnv(), DATA_DIR: dataDir });
  try {
    const { cookie } = await signIn(site.url);
    const headers = { Origin: site.url, Cookie: cookie };
    const exported = await fetch(`${site.url}/dashboard/products/export.csv`, { headers });
    const rows = parseCsv(await exported.text(), MAX_IMPORT_ROWS + 1);
    const description = CATALOG_COLUMNS.indexOf("Description");
    const edited = rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === description ? `${cell} Imported.` : cell)),
    );
    const body = Buffer.from(edited.map((row) => csvLine(row)).join(""));

    const started = performance.now();
    const upload = await sendRaw(`${site.url}/uploads?name=catalog.csv`, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(body.byteLength) },
      body,
    });
    if (upload.status !== 201) throw new Error(`The upload answered ${upload.status}`);
    const { id: sheetFileId } = JSON.parse(upload.body.toString()) as { id: string };
    const uploaded = performance.now();

    const post = async (fields: Record<string, string>) => {
      const response = await fetch(`${site.url}/dashboard/products/import`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`The import answered ${response.status}`);
      return html;
    };
    const preview = await post({ intent: "check", sheetFileId });
    const checked = performance.now();
    const counted = /(\d[\d,]*) to create, (\d[\d,]*) to update/.exec(preview);
    if (counted?.[2]?.replaceAll(",", "") !== String(productCount)) {
      throw new Error(`The check did not find ${productCount} updates: ${counted?.[0] ?? "no summary"}`);
    }
    const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(preview)?.[1] ?? "";
    const applied = await post({ intent: "apply", sheetFileId, fingerprint });
    const done = performance.now();
    if (!applied.includes("Imported:")) throw new Error("The import was not applied");

    const after = parseCsv(
      await (await fetch(`${site.url}/dashboard/products/export.csv`, { headers })).text(),
      MAX_IMPORT_ROWS + 1,
    );
    const changed = after.slice(1).filter((row) => row[description]?.endsWith(" Imported.")).length;
    if (changed !== productCount) throw new Error(`${changed} of ${productCount} products changed`);
    return {
      products: productCount,
      uploadMs: Math.round(uploaded - started),
      checkMs: Math.round(checked - uploaded),
      applyMs: Math.round(done - checked),
      totalMs: Math.round(done - started),
    };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const result = await measureImport();
  console.log(result);
  writeResult("import", result);
}

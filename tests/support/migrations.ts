import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";

/**
 * A copy of the project's migrations as they stood before `tag`: what a site made by an older version
 * has, to migrate on to today's. The copy lives in a temp folder of its own; `remove` deletes it.
 */
export function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-migrations-"));
  fs.cpSync("drizzle", folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

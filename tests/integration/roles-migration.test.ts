import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-roles-migration-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The project's migrations as they stood before `tag`: a site made by an older version. */
function migrationsBefore(tag: string): string {
  const folder = path.join(work, "before");
  fs.cpSync("drizzle", folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

it("makes everyone who could sign in before roles existed an owner, and later people editors", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0010_people_and_audit") });
    await client.query(`insert into "user" (id, name, email) values ('u1', 'old@vantage.test', 'old@vantage.test')`);

    await migrate(db, { migrationsFolder: "drizzle" });
    await client.query(`insert into "user" (id, name, email) values ('u2', 'new@vantage.test', 'new@vantage.test')`);
    const { rows } = await client.query<{ email: string; role: string }>(
      `select email, role from "user" order by email`,
    );
    expect(rows).toEqual([
      { email: "new@vantage.test", role: "editor" },
      { email: "old@vantage.test", role: "owner" },
    ]);
    await expect(client.query(`update "user" set role = 'admin' where id = 'u2'`)).rejects.toThrow();
  } finally {
    await client.close();
  }
});

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { expect, it, onTestFinished } from "vitest";
import { migrationsBefore } from "#tests/support/migrations";

it("makes everyone who could sign in before roles existed an owner, and later people editors", async () => {
  const older = migrationsBefore("0010_people_and_audit");
  onTestFinished(older.remove);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: older.folder });
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

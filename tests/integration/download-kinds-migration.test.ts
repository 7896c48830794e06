import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { expect, it, onTestFinished } from "vitest";
import { migrationsBefore } from "#tests/support/migrations";
import { guessDownloadKind } from "#app/domain/download-kinds";

/** Downloads a site had before kinds, as description and file name. */
const FILES: [description: string, fileName: string][] = [
  ["Datasheet", "VNT-D4M_Datasheet.pdf"],
  ["User Manual", "VNT-D4M_User_Manual.pdf"],
  ["", "vnt-b2m_quick_start.pdf"],
  ["EU Declaration of Conformity", "doc.pdf"],
  ["FCC certificate", "fcc.pdf"],
  ["A&E Specification", "spec.pdf"],
  ["Mounting drawing", "VNT-D4M.dwg"],
  ["SBOM", "firmware-2.4.cdx.json"],
  ["VMS client", "setup.exe"],
  ["Firmware 2.4 release notes", "notes.txt"],
];

it("gives the downloads a site had the kinds their descriptions and names say, as guessDownloadKind reads them", async () => {
  const older = migrationsBefore("0027_download_kinds");
  onTestFinished(older.remove);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: older.folder });
    const file = async (name: string) =>
      (
        await client.query<{ id: string }>(
          `insert into files (storage_key, original_name, size, content_type, sha256, staged)
           values ($1, $2, 1, 'application/pdf', $3, false) returning id`,
          [`old/${name}`, name, "0".repeat(64)],
        )
      ).rows[0]?.id;
    const [category] = (
      await client.query<{ id: string }>(`insert into categories (name) values ('Domes') returning id`)
    ).rows;
    const [product] = (
      await client.query<{ id: string }>(
        `insert into products (model, category_id, image_file_id) values ('VNT-D4M', $1, $2) returning id`,
        [category?.id, await file("front.png")],
      )
    ).rows;
    for (const [position, [description, fileName]] of FILES.entries()) {
      await client.query(
        `insert into product_downloads (product_id, file_id, description, position) values ($1, $2, $3, $4)`,
        [product?.id, await file(`product-${fileName}`), description, position],
      );
      await client.query(`insert into downloads (description, file_id) values ($1, $2)`, [
        description || fileName,
        await file(fileName),
      ]);
    }

    await migrate(db, { migrationsFolder: "drizzle" });
    const productKinds = await client.query<{ description: string; name: string; kind: string }>(
      `select d.description, f.original_name as name, d.kind from product_downloads d
         join files f on f.id = d.file_id order by d.position`,
    );
    expect(productKinds.rows.map((row) => row.kind)).toEqual(
      productKinds.rows.map((row) => guessDownloadKind(`${row.description} ${row.name}`)),
    );
    expect(productKinds.rows.map((row) => row.kind)).toEqual([
      "datasheet",
      "manual",
      "manual",
      "declaration",
      "certificate",
      "ae-specification",
      "cad",
      "sbom",
      "software",
      "other",
    ]);
    const generalKinds = await client.query<{ kind: string }>(
      `select d.kind from downloads d join files f on f.id = d.file_id order by f.original_name`,
    );
    expect(generalKinds.rows.filter((row) => row.kind === "other")).toHaveLength(1);
    await expect(client.query(`update downloads set kind = 'brochure'`)).rejects.toThrow();
  } finally {
    await client.close();
  }
});

CREATE TABLE "catalog_changes" (
	"version" bigint NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_changes_version_kind_record_id_pk" PRIMARY KEY("version","kind","record_id")
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_at_idx" ON "catalog_changes" USING btree ("at");--> statement-breakpoint
-- Each server keeps the public catalog in memory (app/server/site/catalog-snapshot.server.ts) and, after
-- a change, reads only what changed. Every transaction that changes the catalog, however made, takes
-- the next catalog version once (the counter's row stays locked until it commits, so versions follow
-- the order transactions commit in and none is skipped) and notes each product and category it touched
-- under that version. A server at version n applies the notes of n + 1 … m and is then at m; a missing
-- version (notes pruned) or an "everything" note (a table emptied) makes it read everything again.
INSERT INTO "catalog_versions" ("name", "version") VALUES ('catalog', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_change_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  taken bigint := nullif(current_setting('vantage.catalog_version', true), '')::bigint;
BEGIN
  IF taken IS NULL THEN
    UPDATE "catalog_versions" SET "version" = "version" + 1 WHERE "name" = 'catalog' RETURNING "version" INTO taken;
    -- Local to the transaction: a rolled-back savepoint takes the version back with the counter.
    PERFORM set_config('vantage.catalog_version', taken::text, true);
  END IF;
  RETURN taken;
END
$$;--> statement-breakpoint
-- A statement's rows, from its transition tables: TG_ARGV[0] is the kind, the rest the columns that
-- hold the ids it touched (an accessory pairing touches both products).
CREATE OR REPLACE FUNCTION "note_catalog_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  id_column text;
  touched text := '';
BEGIN
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    id_column := TG_ARGV[i];
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      touched := touched || CASE WHEN touched = '' THEN '' ELSE ' UNION ' END || format('SELECT %I FROM new_rows', id_column);
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      touched := touched || CASE WHEN touched = '' THEN '' ELSE ' UNION ' END || format('SELECT %I FROM old_rows', id_column);
    END IF;
  END LOOP;
  EXECUTE format(
    'INSERT INTO catalog_changes (version, kind, record_id) SELECT catalog_change_version(), %L, id FROM (%s) AS touched (id) ON CONFLICT DO NOTHING',
    kind, touched);
  IF FOUND THEN
    PERFORM pg_notify('vantage_versions', CASE kind WHEN 'category' THEN 'categories' ELSE 'products' END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_catalog_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_changes" ("version", "kind", "record_id")
    VALUES (catalog_change_version(), 'everything', '00000000-0000-0000-0000-000000000000') ON CONFLICT DO NOTHING;
  PERFORM pg_notify('vantage_versions', 'products');
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES
      ('products', 'product', ARRAY['id']),
      ('product_features', 'product', ARRAY['product_id']),
      ('product_images', 'product', ARRAY['product_id']),
      ('product_downloads', 'product', ARRAY['product_id']),
      ('product_accessories', 'product', ARRAY['product_a', 'product_b']),
      ('categories', 'category', ARRAY['id']),
      ('category_features', 'category', ARRAY['category_id'])
    ) AS parts (table_name, kind, id_columns)
  LOOP
    -- The counters these replace.
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', part.table_name || '_version_on_change', part.table_name);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', part.table_name || '_version_on_truncate', part.table_name);
    -- One trigger an event: a trigger with transition tables fires for one kind of statement.
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_insert', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_update', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_delete', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_emptied()',
      part.table_name || '_noted_on_truncate', part.table_name);
  END LOOP;
END
$$;--> statement-breakpoint
-- A page shows its files' names, sizes and dimensions: a file row changed in those (never by the site
-- itself, which only stages and retires them) touches the products that show it.
DROP TRIGGER IF EXISTS "files_bump_products_version" ON "files";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_catalog_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  SELECT array_agg(new_rows.id) INTO changed
    FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
    WHERE (new_rows.original_name, new_rows.size, new_rows.width, new_rows.height)
      IS DISTINCT FROM (old_rows.original_name, old_rows.size, old_rows.width, old_rows.height);
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "catalog_changes" ("version", "kind", "record_id")
    SELECT catalog_change_version(), 'product', showing.id FROM (
      SELECT "id" FROM "products" WHERE "image_file_id" = ANY (changed)
      UNION SELECT "product_id" FROM "product_images" WHERE "file_id" = ANY (changed)
      UNION SELECT "product_id" FROM "product_downloads" WHERE "file_id" = ANY (changed)
    ) AS showing
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('vantage_versions', 'products');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_noted_on_update" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_files_changed();--> statement-breakpoint
DELETE FROM "catalog_versions" WHERE "name" IN ('products', 'categories');--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_products_version"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_categories_version"();

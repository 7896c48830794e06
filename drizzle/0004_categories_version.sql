-- Categories are searched in memory too (decision 008): their counter moves like the products' one.
INSERT INTO "catalog_versions" ("name", "version") VALUES ('categories', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_categories_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_versions" SET "version" = "version" + 1 WHERE "name" = 'categories';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_version_on_change" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_categories_version"();--> statement-breakpoint
CREATE TRIGGER "categories_version_on_truncate" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_categories_version"();--> statement-breakpoint
-- A product's search summary shows its main picture: a changed file row must refresh it as well.
CREATE TRIGGER "files_bump_products_version" AFTER UPDATE OR DELETE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_products_version"();--> statement-breakpoint
DROP INDEX IF EXISTS "categories_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "categories_description_trgm_idx";

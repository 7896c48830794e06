CREATE TABLE "catalog_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The product search index kept in each server's memory (app/server/search-index.server.ts) compares
-- this counter with the one it was built at. A statement trigger moves it on however products change:
-- the dashboard, the demo loader, a script or an operator's SQL.
INSERT INTO "catalog_versions" ("name", "version") VALUES ('products', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_products_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_versions" SET "version" = "version" + 1 WHERE "name" = 'products';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_version_on_change" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_products_version"();--> statement-breakpoint
CREATE TRIGGER "products_version_on_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_products_version"();
--> statement-breakpoint
-- Products are searched in memory now (decision 008): their trigram indexes only slowed writes down.
DROP INDEX IF EXISTS "products_model_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_description_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_specs_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_specs_table_trgm_idx";

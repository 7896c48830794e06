-- Each server keeps the public catalog and the site settings in memory (decision 017) and reads the
-- catalog's counters again only after it heard that something may have changed. Every change, however
-- made (the dashboard, a script, an operator's SQL), says so on this channel once its transaction
-- commits: the name of the counter it moved ('products', 'categories') or 'settings'.
CREATE OR REPLACE FUNCTION "bump_products_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_versions" SET "version" = "version" + 1 WHERE "name" = 'products';
  PERFORM pg_notify('vantage_versions', 'products');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_categories_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_versions" SET "version" = "version" + 1 WHERE "name" = 'categories';
  PERFORM pg_notify('vantage_versions', 'categories');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'settings');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_settings_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "site_settings_notify_on_truncate" AFTER TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();

-- Product pages show each product's latest stable firmware from memory (app/server/firmware.server.ts),
-- read again only after a change: every change of releases or their products says so on the same
-- channel as the catalog's, however made.
CREATE OR REPLACE FUNCTION "notify_firmware_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'firmware');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "firmware_releases_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "firmware_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_firmware_changed"();--> statement-breakpoint
CREATE TRIGGER "firmware_releases_notify_on_truncate" AFTER TRUNCATE ON "firmware_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_firmware_changed"();--> statement-breakpoint
CREATE TRIGGER "firmware_products_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "firmware_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_firmware_changed"();--> statement-breakpoint
CREATE TRIGGER "firmware_products_notify_on_truncate" AFTER TRUNCATE ON "firmware_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_firmware_changed"();

-- The home page's items are kept in each server's memory (app/server/info.server.ts) and read again only
-- after a change: every change of the items, or of the files their pictures are, says so on the same
-- channel as the catalog's, however made.
CREATE OR REPLACE FUNCTION "notify_info_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'info');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "info_items_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "info_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_info_items_changed"();--> statement-breakpoint
CREATE TRIGGER "info_items_notify_on_truncate" AFTER TRUNCATE ON "info_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_info_items_changed"();--> statement-breakpoint
CREATE TRIGGER "files_notify_info_items" AFTER UPDATE OR DELETE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_info_items_changed"();

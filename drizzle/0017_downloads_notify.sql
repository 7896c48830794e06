-- /support lists the general downloads from each server's memory (app/server/catalog.server.ts), read
-- again only after a change: every change of the general downloads, or of the files they are, says so
-- on the same channel as the catalog's, however made. (Products' downloads are the catalog's own.)
CREATE OR REPLACE FUNCTION "notify_downloads_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'downloads');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "downloads_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "downloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_downloads_changed"();--> statement-breakpoint
CREATE TRIGGER "downloads_notify_on_truncate" AFTER TRUNCATE ON "downloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_downloads_changed"();--> statement-breakpoint
CREATE TRIGGER "files_notify_downloads" AFTER UPDATE OR DELETE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_downloads_changed"();

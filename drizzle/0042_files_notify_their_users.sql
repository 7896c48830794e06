-- A change of the files table said "info" and "downloads" for every statement, whatever files it
-- touched: a product's save (which sets its own files' visibility) made every server read the home
-- page's items and the general downloads again. Now only a change of a file an item or a download
-- uses says so. A file in use cannot be deleted (their foreign keys restrict it): updates are what
-- can change what they show.
DROP TRIGGER IF EXISTS "files_notify_info_items" ON "files";--> statement-breakpoint
DROP TRIGGER IF EXISTS "files_notify_downloads" ON "files";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_files_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_files" JOIN "info_items" ON "info_items"."image_file_id" = "changed_files"."id") THEN
    PERFORM pg_notify('vantage_versions', 'info');
  END IF;
  IF EXISTS (SELECT 1 FROM "changed_files" JOIN "downloads" ON "downloads"."file_id" = "changed_files"."id") THEN
    PERFORM pg_notify('vantage_versions', 'downloads');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_notify_their_users" AFTER UPDATE ON "files"
  REFERENCING NEW TABLE AS "changed_files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_files_users_changed"();

CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phrases" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Searches expand their words with the synonyms each server keeps in memory, read again only after a
-- change: every change says so on the same channel as the catalog's, however made.
CREATE OR REPLACE FUNCTION "notify_synonyms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'synonyms');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "search_synonyms_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "search_synonyms"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_synonyms_changed"();--> statement-breakpoint
CREATE TRIGGER "search_synonyms_notify_on_truncate" AFTER TRUNCATE ON "search_synonyms"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_synonyms_changed"();

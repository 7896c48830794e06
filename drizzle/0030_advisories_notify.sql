-- Pages read the published advisories from each server's memory (app/server/site/advisories.server.ts),
-- read again only after a change: every change of advisories, their products or their revisions says
-- so on the same channel as the catalog's, however made (a scheduled publication on another server too).
CREATE OR REPLACE FUNCTION "notify_advisories_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vantage_versions', 'advisories');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "advisories_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "advisories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();--> statement-breakpoint
CREATE TRIGGER "advisories_notify_on_truncate" AFTER TRUNCATE ON "advisories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();--> statement-breakpoint
CREATE TRIGGER "advisory_products_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "advisory_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();--> statement-breakpoint
CREATE TRIGGER "advisory_products_notify_on_truncate" AFTER TRUNCATE ON "advisory_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();--> statement-breakpoint
CREATE TRIGGER "advisory_revisions_notify_on_change" AFTER INSERT OR UPDATE OR DELETE ON "advisory_revisions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();--> statement-breakpoint
CREATE TRIGGER "advisory_revisions_notify_on_truncate" AFTER TRUNCATE ON "advisory_revisions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_advisories_changed"();

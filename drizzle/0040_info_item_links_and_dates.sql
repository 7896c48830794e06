ALTER TABLE "info_items" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "dated_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "on_home_page" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "info_items" ADD CONSTRAINT "info_items_link_check" CHECK ("info_items"."link" is null or "info_items"."link" <> '');--> statement-breakpoint
-- Items made before they had a date are dated the day they were added (in UTC, as the site's dates are).
UPDATE "info_items" SET "dated_on" = ("created_at" AT TIME ZONE 'UTC')::date;

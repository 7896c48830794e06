ALTER TABLE "info_items" DROP CONSTRAINT "info_items_type_check";--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "link_label" text;--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "eyebrow" text;--> statement-breakpoint
ALTER TABLE "info_items" ADD CONSTRAINT "info_items_type_check" CHECK ("info_items"."type" in ('banner', 'card', 'image', 'slide'));
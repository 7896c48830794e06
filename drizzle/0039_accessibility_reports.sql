ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_box_check";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "page_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assistive_technology" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_box_check" CHECK ("contact_messages"."box" in ('contact', 'security', 'accessibility'));
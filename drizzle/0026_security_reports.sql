DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "box" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "firmware_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_box_created_idx" ON "contact_messages" USING btree ("box","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_box_check" CHECK ("contact_messages"."box" in ('contact', 'security'));
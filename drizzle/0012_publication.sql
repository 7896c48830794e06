ALTER TABLE "downloads" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "info_items" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "downloads_scheduled_idx" ON "downloads" USING btree ("publish_at") WHERE "downloads"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "info_items_scheduled_idx" ON "info_items" USING btree ("publish_at") WHERE "info_items"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "products_scheduled_idx" ON "products" USING btree ("publish_at") WHERE "products"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_status_check" CHECK ("downloads"."status" in ('published', 'draft', 'scheduled'));--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_publish_at_check" CHECK (("downloads"."status" = 'scheduled') = ("downloads"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "info_items" ADD CONSTRAINT "info_items_status_check" CHECK ("info_items"."status" in ('published', 'draft', 'scheduled'));--> statement-breakpoint
ALTER TABLE "info_items" ADD CONSTRAINT "info_items_publish_at_check" CHECK (("info_items"."status" = 'scheduled') = ("info_items"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('published', 'draft', 'scheduled'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_publish_at_check" CHECK (("products"."status" = 'scheduled') = ("products"."publish_at" is not null));
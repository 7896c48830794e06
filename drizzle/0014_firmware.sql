CREATE TABLE "firmware_products" (
	"release_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "firmware_products_release_id_product_id_pk" PRIMARY KEY("release_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "firmware_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_version" text NOT NULL,
	"released_on" text NOT NULL,
	"channel" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_id" uuid NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"publish_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_releases_channel_check" CHECK ("firmware_releases"."channel" in ('stable', 'beta')),
	CONSTRAINT "firmware_releases_released_on_check" CHECK ("firmware_releases"."released_on" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "firmware_releases_status_check" CHECK ("firmware_releases"."status" in ('published', 'draft', 'scheduled')),
	CONSTRAINT "firmware_releases_publish_at_check" CHECK (("firmware_releases"."status" = 'scheduled') = ("firmware_releases"."publish_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "firmware_products" ADD CONSTRAINT "firmware_products_release_id_firmware_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."firmware_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_products" ADD CONSTRAINT "firmware_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_releases" ADD CONSTRAINT "firmware_releases_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_products_product_idx" ON "firmware_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "firmware_releases_released_idx" ON "firmware_releases" USING btree ("released_on");--> statement-breakpoint
CREATE INDEX "firmware_releases_scheduled_idx" ON "firmware_releases" USING btree ("publish_at") WHERE "firmware_releases"."status" = 'scheduled';
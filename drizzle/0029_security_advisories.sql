CREATE TABLE "advisories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_id" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"cve_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cvss_v31" text DEFAULT '' NOT NULL,
	"cvss_v40" text DEFAULT '' NOT NULL,
	"workaround" text DEFAULT '' NOT NULL,
	"acknowledgments" text DEFAULT '' NOT NULL,
	"advisory_status" text DEFAULT 'final' NOT NULL,
	"pending_note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"publish_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisories_advisory_status_check" CHECK ("advisories"."advisory_status" in ('interim', 'final')),
	CONSTRAINT "advisories_status_check" CHECK ("advisories"."status" in ('published', 'draft', 'scheduled')),
	CONSTRAINT "advisories_publish_at_check" CHECK (("advisories"."status" = 'scheduled') = ("advisories"."publish_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "advisory_products" (
	"advisory_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"affected_versions" text NOT NULL,
	"fixed_release_id" uuid,
	"position" integer NOT NULL,
	CONSTRAINT "advisory_products_advisory_id_product_id_pk" PRIMARY KEY("advisory_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "advisory_revisions" (
	"advisory_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "advisory_revisions_advisory_id_number_pk" PRIMARY KEY("advisory_id","number")
);
--> statement-breakpoint
ALTER TABLE "advisory_products" ADD CONSTRAINT "advisory_products_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_products" ADD CONSTRAINT "advisory_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_products" ADD CONSTRAINT "advisory_products_fixed_release_id_firmware_releases_id_fk" FOREIGN KEY ("fixed_release_id") REFERENCES "public"."firmware_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisories_tracking_id_idx" ON "advisories" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "advisories_scheduled_idx" ON "advisories" USING btree ("publish_at") WHERE "advisories"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "advisory_products_product_idx" ON "advisory_products" USING btree ("product_id");
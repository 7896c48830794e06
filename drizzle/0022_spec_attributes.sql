CREATE TABLE "spec_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"precision" integer DEFAULT 0 NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spec_attributes_type_check" CHECK ("spec_attributes"."type" in ('number', 'range', 'choice', 'boolean', 'text')),
	CONSTRAINT "spec_attributes_precision_check" CHECK ("spec_attributes"."precision" between 0 and 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spec_attributes_name_lower_idx" ON "spec_attributes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "spec_attributes_slug_idx" ON "spec_attributes" USING btree ("slug");--> statement-breakpoint
CREATE TRIGGER "spec_attributes_assign_slug" BEFORE INSERT ON "spec_attributes"
  FOR EACH ROW EXECUTE FUNCTION assign_slug('name', 'attribute');

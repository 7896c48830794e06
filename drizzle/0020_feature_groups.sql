ALTER TABLE "categories" ADD COLUMN "feature_groups" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "category_features" ADD COLUMN "group_name" text DEFAULT '' NOT NULL;